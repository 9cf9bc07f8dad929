/**
 * "Merge into another": one ingredient or category for two that are the same thing (`Eggs` and `Egg`,
 * `Soups` and `Soup`). The person picks the one to keep, the dialog says what moves, and the API
 * (POST /ingredients/<id>/merge, /categories/<id>/merge) does it in one transaction; then the page of
 * the kept one opens.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { IngredientPicker, type PickedIngredient } from "../../../components/ingredient-picker.tsx";
import { type MessageId, useT } from "../../../i18n/index.ts";
import { categoryQueries } from "../../../lib/api/catalogue.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { allItems } from "../../../lib/keyset.ts";
import { categoriesChanged, ingredientMerged, mergeCategory, mergeIngredient } from "../api/mutations.ts";

type Named = { id: number; name: string };

/** What a merge says, per kind of row. */
const WORDS = {
  ingredient: {
    heading: "catalogue.mergeIntoIngredient",
    hint: "catalogue.mergeHintIngredient",
    confirm: "catalogue.mergeConfirmIngredient",
  },
  category: {
    heading: "catalogue.mergeIntoCategory",
    hint: "catalogue.mergeHintCategory",
    confirm: "catalogue.mergeConfirmCategory",
  },
} satisfies Record<string, Record<string, MessageId>>;

/** The frame both merges share: the choice, the button, the dialog that says what happens. */
function MergeSection({
  what,
  row,
  target,
  merge,
  children,
}: {
  what: "ingredient" | "category";
  row: Named;
  /** The chosen one to keep, once chosen. */
  target: Named | null;
  merge: (intoId: number) => Promise<unknown>;
  /** The control that chooses `target`. */
  children: React.ReactNode;
}) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const mutation = useMutation({ mutationFn: merge, onSuccess: () => setAsking(false) });
  const { t } = useT();
  const words = WORDS[what];
  return (
    <section className="merge-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(words.heading)}</h2>
      <p className="field-hint">{t(words.hint, { name: row.name })}</p>
      {children}
      <button
        type="button"
        className="button button-quiet"
        disabled={!target}
        onClick={() => {
          mutation.reset();
          setAsking(true);
        }}
      >
        {t("catalogue.mergeAsk")}
      </button>
      {target && (
        <ConfirmDialog
          open={asking}
          title={t("catalogue.mergeTitle", { name: row.name, target: target.name })}
          confirmLabel={t(mutation.isPending ? "catalogue.merging" : "catalogue.merge")}
          busy={mutation.isPending}
          onConfirm={() => mutation.mutate(target.id)}
          onCancel={() => setAsking(false)}
        >
          <p>{t(words.confirm, { name: row.name })}</p>
          {mutation.isError && (
            <p className="notice notice-error" role="alert">
              {errorMessage(mutation.error)}
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

export function MergeIngredient({ ingredient }: { ingredient: Schemas["IngredientRead"] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PickedIngredient>({ ingredient_id: null, name: "" });
  const target = picked.ingredient_id === null ? null : { id: picked.ingredient_id, name: picked.name };
  const { t } = useT();
  return (
    <MergeSection
      what="ingredient"
      row={ingredient}
      target={target}
      merge={async (intoId) => {
        const into = await mergeIngredient(ingredient.id, intoId);
        ingredientMerged(queryClient, ingredient.id, into);
        await navigate({ to: "/ingredients/$ingredientId", params: { ingredientId: String(into.id) } });
      }}
    >
      <IngredientPicker
        label={t("catalogue.ingredientToKeep")}
        value={picked}
        onChange={setPicked}
        allowCreate={false}
        exclude={ingredient.id}
      />
    </MergeSection>
  );
}

export function MergeCategory({ category }: { category: Schemas["CategoryRead"] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selectId = useId();
  const categories = useInfiniteQuery(categoryQueries.list());
  const others = allItems(categories.data).filter((c) => c.id !== category.id);
  const [targetId, setTargetId] = useState("");
  const target = others.find((c) => String(c.id) === targetId) ?? null;
  const { t } = useT();
  return (
    <MergeSection
      what="category"
      row={category}
      target={target}
      merge={async (intoId) => {
        await mergeCategory(category.id, intoId);
        categoriesChanged(queryClient);
        await navigate({ to: "/categories" });
      }}
    >
      <div className="field">
        <label htmlFor={selectId}>{t("catalogue.categoryToKeep")}</label>
        <select id={selectId} value={targetId} onChange={(event) => setTargetId(event.target.value)}>
          <option value="">{t("catalogue.chooseCategory")}</option>
          {others.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
    </MergeSection>
  );
}
