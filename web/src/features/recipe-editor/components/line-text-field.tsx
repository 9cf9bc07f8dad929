/**
 * The first field of an ingredient line: the line as a person writes it (`1 1/2 cups flour, sifted`).
 * After a pause in typing, or on leaving the box, it is read by POST /ingredient-lines/parse and the
 * line's grams, amount as written and ingredient are filled in (fillFromParse keeps what was changed
 * by hand). One request per pause, not per key; a newer text aborts the older request.
 */
import { useEffect, useRef, useState } from "react";
import type { UseFormRegister } from "react-hook-form";
import { useT } from "../../../i18n/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useParsedLine } from "../api/ingredient-lines.ts";
import { fillFromParse, type ParsedLine } from "../form/line-parse.ts";
import type { IngredientLineValues, RecipeFormValues } from "../form/recipe-form.ts";

/** How long typing pauses before the line is read. */
export const PARSE_DELAY_MS = 500;

type Props = {
  id: string;
  index: number;
  line: IngredientLineValues;
  register: UseFormRegister<RecipeFormValues>;
  /** The line as filled in from its parse. */
  onParsed: (line: IngredientLineValues) => void;
  describedBy?: string;
};

export function LineTextField({ id, index, line, register, onParsed, describedBy }: Props) {
  const { t } = useT();
  const [asked, setAsked] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  /** Typed since the last read: leaving a box only passed through reads nothing. */
  const typed = useRef(false);
  const parse = useParsedLine(asked);
  const applied = useRef<ParsedLine | null>(null);
  const latest = useRef({ line, onParsed });
  latest.current = { line, onParsed };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    const item = parse.data;
    if (!item || item === applied.current) return;
    const { line: now, onParsed: fill } = latest.current;
    if ((now.text ?? "").trim() !== asked) return; // typed on since: a newer read is on its way
    applied.current = item;
    fill(fillFromParse(now, item));
  }, [parse.data, asked]);

  const read = (value: string) => {
    window.clearTimeout(timer.current);
    typed.current = false;
    const text = value.trim();
    setAsked(text === "" ? null : text);
  };

  const field = register(`ingredients.${index}.text`);
  const statusId = `${id}-status`;
  return (
    <div className="field line-text">
      <label htmlFor={id}>{t("recipe-editor.lineAsWritten", { number: index + 1 })}</label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        maxLength={500}
        placeholder={t("recipe-editor.linePlaceholder")}
        aria-describedby={[statusId, describedBy].filter(Boolean).join(" ")}
        {...field}
        onChange={(event) => {
          void field.onChange(event);
          typed.current = true;
          const value = event.target.value;
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => read(value), PARSE_DELAY_MS);
        }}
        onBlur={(event) => {
          void field.onBlur(event);
          if (typed.current) read(event.target.value);
        }}
      />
      <p id={statusId} className="field-hint line-status" role="status">
        {parse.isFetching
          ? t("recipe-editor.lineReading")
          : parse.isError
            ? t("recipe-editor.lineUnread", { error: errorMessage(parse.error) })
            : ""}
      </p>
    </div>
  );
}
