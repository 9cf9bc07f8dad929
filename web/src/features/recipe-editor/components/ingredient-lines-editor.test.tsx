import { zodResolver } from "@hookform/resolvers/zod";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import {
  emptyForm,
  type IngredientLineValues,
  RecipeForm,
  type RecipeFormValues,
  toRecipeBody,
} from "../form/recipe-form.ts";
import { IngredientLinesEditor } from "./ingredient-lines-editor.tsx";

/** The editor's lines inside a form checked as the recipe editor checks it. */
function Lines({
  line,
  onValid,
}: {
  line: IngredientLineValues;
  onValid: (values: RecipeFormValues) => void;
}) {
  const form = useForm<RecipeFormValues>({
    resolver: zodResolver(RecipeForm),
    defaultValues: { ...emptyForm(), title: "Soup", ingredients: [line], steps: [] },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <IngredientLinesEditor control={form.control} register={form.register} setValue={form.setValue} />
      <button type="submit">Save</button>
    </form>
  );
}

const renderLines = (line: IngredientLineValues) => {
  const onValid = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Lines line={line} onValid={onValid} />
    </QueryClientProvider>,
  );
  return onValid;
};

const salt: IngredientLineValues = {
  text: "salt to taste",
  ingredient_id: 9,
  name: "Salt",
  amount_grams: "",
  amount_readable: "to taste",
};

/** A line whose grams are not a number: refused on its Grams field (named `label`), saying `sentence`. */
async function expectGramsRefused(label: string, sentence: string) {
  const onValid = renderLines({ ...salt, amount_grams: "lots" });
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  const grams = screen.getByRole("textbox", { name: label });
  await waitFor(() => expect(grams).toHaveAttribute("aria-invalid", "true"));
  expect(grams).toHaveAccessibleDescription(sentence);
  expect(onValid).not.toHaveBeenCalled();
}

describe("IngredientLinesEditor", () => {
  it("saves a line whose grams are left empty, as unknown grams (null), not 0 g", async () => {
    const onValid = renderLines(salt);
    expect(screen.getByRole("textbox", { name: "Grams" })).toHaveValue("");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    const values = onValid.mock.calls[0]?.[0] as RecipeFormValues;
    expect(toRecipeBody(values).ingredients).toEqual([
      { ingredient_id: 9, amount_grams: null, amount_readable: "to taste" },
    ]);
    expect(screen.queryByText(/^Grams must be/)).toBeNull();
  });

  it("still refuses grams that are not a number, on the field", async () => {
    await expectGramsRefused("Grams", "Grams must be a number, 0 or more, or left empty when unknown.");
  });

  describe("in German", () => {
    afterEach(() => act(() => activate("en")));

    it("labels the fields and refuses grams in German", async () => {
      await act(() => activate("de"));
      await expectGramsRefused(
        "Gramm",
        "Gramm müssen eine Zahl ab 0 sein, oder leer, wenn sie unbekannt sind.",
      );
      expect(screen.getByRole("heading", { name: "Zutaten" })).toBeVisible();
      expect(screen.getByRole("button", { name: "Zutat hinzufügen" })).toBeVisible();
    });
  });
});
