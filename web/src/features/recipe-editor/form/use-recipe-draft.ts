/**
 * The editor's draft, kept in this browser (draft.ts): every change is written as the person types,
 * and none when the form is back to what is saved; a draft left from before is offered when the
 * editor opens (restore or discard); an import under review (`seed`) fills the form as unsaved
 * changes before the first paint and is the draft at once.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { type Draft, drafts, sameValues } from "./draft.ts";
import { type RecipeFormValues, withLineText } from "./recipe-form.ts";

export function useRecipeDraft(
  form: UseFormReturn<RecipeFormValues>,
  key: string,
  defaults: RecipeFormValues,
  seed: RecipeFormValues | undefined,
) {
  const [offer, setOffer] = useState<Draft | null>(() => {
    if (seed) return null; // the seed is what the person just asked for
    const draft = drafts.read(key);
    return draft && !sameValues(draft.values, defaults) ? draft : null;
  });

  // A seed fills the form as unsaved changes (the reference stays the empty form, as after
  // "Restore my changes"), before the first paint, and is kept as the draft at once.
  const seeded = useRef(seed);
  useLayoutEffect(() => {
    if (!seeded.current) return;
    const values = seeded.current;
    const withTexts = { ...values, ingredients: values.ingredients.map(withLineText) };
    form.reset(withTexts, { keepDefaultValues: true });
    drafts.write(key, withTexts);
  }, [form, key]);

  // Keep every change as the draft (and none when the form is back to what is saved). While a
  // draft is being offered, nothing is written, so the offered one cannot be overwritten.
  useEffect(() => {
    if (offer) return;
    const subscription = form.watch(() => {
      const values = form.getValues();
      if (sameValues(values, defaults)) drafts.clear(key);
      else drafts.write(key, values);
    });
    return () => subscription.unsubscribe();
  }, [form, key, defaults, offer]);

  return {
    /** A draft from before, offered until it is restored or discarded. */
    offer,
    restore: () => {
      if (!offer) return;
      // The saved recipe stays the reference, so the restored changes count as unsaved.
      form.reset(offer.values, { keepDefaultValues: true });
      setOffer(null);
    },
    discard: () => {
      drafts.clear(key);
      setOffer(null);
    },
    /** No draft to keep: the recipe was saved or deleted, or the person left without saving. */
    forget: () => drafts.clear(key),
  };
}
