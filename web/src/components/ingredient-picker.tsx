/**
 * Pick an ingredient by typing (GET /ingredients/?q=, the start of its name or of any word), blind to
 * case and plural (`eggs` offers `Egg`: ingredient-search.ts), or create it on the spot when it is
 * not there yet. Existing ingredients come first; "Create …" is offered only once the matches are in,
 * only when none is the typed name, always after them, and never chosen for the person: it is not
 * the active option until they move to it. An ARIA combobox: arrow keys move through the
 * suggestions, Enter picks, Escape closes.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useDeferredValue, useId, useState } from "react";
import { useCreateIngredient } from "../hooks/use-create-ingredient.ts";
import { useT } from "../i18n/index.ts";
import { ingredientQueries } from "../lib/api/catalogue.ts";
import { errorMessage } from "../lib/errors.ts";
import { allItems } from "../lib/keyset.ts";
import { rankMatches, sameName, searchStem } from "./ingredient-search.ts";
import "./ingredient-picker.css";

export type PickedIngredient = { ingredient_id: number | null; name: string };

type Option = { kind: "pick"; id: number; name: string } | { kind: "create"; name: string };

const MAX_SUGGESTIONS = 8;

export function IngredientPicker({
  label,
  value,
  onChange,
  error,
  allowCreate = true,
  exclude,
}: {
  label: string;
  value: PickedIngredient;
  onChange: (value: PickedIngredient) => void;
  error?: string;
  /** False where only an existing ingredient will do (the target of a merge). */
  allowCreate?: boolean;
  /** An ingredient not to offer (the one being merged away). */
  exclude?: number;
}) {
  const { t } = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  /** The option the person moved to with the arrow keys; null: not moved since typing. */
  const [active, setActive] = useState<number | null>(null);
  const text = value.name;
  const term = useDeferredValue(text.trim());
  const stem = searchStem(term);
  const matches = useInfiniteQuery({ ...ingredientQueries.list(stem), enabled: open && stem.length > 0 });
  const create = useCreateIngredient();

  // Matches of an earlier text (kept on screen while this one loads) say nothing about this one.
  const settled = !matches.isPending && !matches.isPlaceholderData && !matches.isFetching;
  const found = rankMatches(
    allItems(matches.data).filter((i) => i.id !== exclude),
    term,
  ).slice(0, MAX_SUGGESTIONS);
  const exact = found.find((i) => sameName(i.name, term));
  const options: Option[] = [
    ...found.map((i): Option => ({ kind: "pick", id: i.id, name: i.name })),
    ...(allowCreate && term && !exact && settled ? [{ kind: "create", name: term } as const] : []),
  ];
  const showList = open && term.length > 0 && value.ingredient_id === null && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  // The option Enter picks. "Create …" is never active by itself: the first match is, else nothing
  // (-1) until the person moves to it; Enter then picks only the typed name, if it exists.
  const current = active !== null && active < options.length ? active : options[0]?.kind === "pick" ? 0 : -1;

  function choose(option: Option) {
    if (option.kind === "create") {
      create.mutate(option.name, {
        onSuccess: (ingredient) => choose({ kind: "pick", id: ingredient.id, name: ingredient.name }),
      });
      return;
    }
    onChange({ ingredient_id: option.id, name: option.name });
    setOpen(false);
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      const from = current < 0 ? (step > 0 ? -1 : 0) : current;
      setActive(options.length ? (from + step + options.length) % options.length : 0);
    } else if (event.key === "Enter" && open && term.length > 0 && value.ingredient_id === null) {
      event.preventDefault(); // picks; never submits the form half-way through a line
      const option =
        options[current] ?? (exact ? ({ kind: "pick", id: exact.id, name: exact.name } as const) : undefined);
      if (option) choose(option);
    } else if (event.key === "Escape" && showList) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const errorId = `${id}-error`;
  const message = create.isError ? errorMessage(create.error) : error;
  return (
    <div className="field ingredient-picker">
      <label htmlFor={id}>{label}</label>
      <div className="combobox">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder={allowCreate ? t("components.typeToFindOrAdd") : t("components.typeToFind")}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={showList && current >= 0 ? optionId(current) : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          data-picked={value.ingredient_id !== null || undefined}
          value={text}
          onChange={(event) => {
            create.reset();
            setActive(null);
            setOpen(true);
            // Typing again means this line's ingredient is not chosen until one is picked.
            onChange({ ingredient_id: null, name: event.target.value });
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {value.ingredient_id !== null && (
          <span className="combobox-check" aria-hidden="true">
            ✓
          </span>
        )}
        <div
          id={`${id}-listbox`}
          role="listbox"
          aria-label={t("components.ingredientsMatching", { term })}
          hidden={!showList}
        >
          {showList &&
            options.map((option, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: combobox pattern: focus stays in the input, which points at the active option with aria-activedescendant
              <div
                key={option.kind === "pick" ? option.id : "create"}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                className={option.kind === "create" ? "option option-create" : "option"}
                // mousedown, not click: the input must not lose focus (and close the list) first
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
              >
                {option.kind === "create"
                  ? t("components.createIngredient", { name: option.name })
                  : option.name}
              </div>
            ))}
        </div>
      </div>
      {create.isPending && (
        <p className="field-hint" role="status">
          {t("components.creatingIngredient", { name: term })}
        </p>
      )}
      {message && (
        <p id={errorId} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}
