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
import { categoryQueries } from "../../../lib/api/catalogue.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { allItems } from "../../../lib/keyset.ts";
import { categoriesChanged, ingredientMerged, mergeCategory, mergeIngredient } from "../api/mutations.ts";

type Named = { id: number; name: string };

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
  const moves =
    what === "ingredient"
      ? "Every recipe, shopping list and shelf that uses it will use the other instead; two lines of one recipe add up."
      : "Every recipe filed under it will be filed under the other instead.";
  return (
    <section className="merge-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Merge into another {what}</h2>
      <p className="field-hint">
        For two names of the same thing. {moves} “{row.name}” is then deleted.
      </p>
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
        Merge…
      </button>
      {target && (
        <ConfirmDialog
          open={asking}
          title={`Merge “${row.name}” into “${target.name}”?`}
          confirmLabel={mutation.isPending ? "Merging…" : "Merge"}
          busy={mutation.isPending}
          onConfirm={() => mutation.mutate(target.id)}
          onCancel={() => setAsking(false)}
        >
          <p>
            {moves} “{row.name}” is deleted. This cannot be undone.
          </p>
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
        label="The ingredient to keep"
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
        <label htmlFor={selectId}>The category to keep</label>
        <select id={selectId} value={targetId} onChange={(event) => setTargetId(event.target.value)}>
          <option value="">Choose a category</option>
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
