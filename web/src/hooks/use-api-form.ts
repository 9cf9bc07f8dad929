/**
 * A react-hook-form form checked with its zod schema and saved by one API call: the API's
 * `errors[].path` land next to their fields (the first one gets the focus), its `detail` sentence is
 * the mutation's error for the page to show (see SaveError).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../lib/errors.ts";
import { applyFieldErrors } from "../lib/form.ts";

export function useApiForm<V extends FieldValues, R>({
  schema,
  defaultValues,
  toField,
  save,
  onSaved,
}: {
  schema: z.ZodType<V, V>;
  defaultValues: DefaultValues<V>;
  /** The form field an API error path names, or null. */
  toField: (path: string) => Path<V> | null;
  save: (values: V) => Promise<R>;
  onSaved?: (result: R, values: V) => void;
}) {
  const form = useForm<V, unknown, V>({ resolver: zodResolver(schema), defaultValues });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (result, values) => onSaved?.(result, values),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const first = applyFieldErrors(error.fieldErrors, toField, form.setError);
      if (first) form.setFocus(first);
    },
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));
  return { form, mutation, onSubmit };
}
