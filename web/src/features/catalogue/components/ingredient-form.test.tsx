/**
 * The ingredient form's other names (./other-names-editor.tsx): rows added and removed, sent with
 * the rest of the form (trimmed, empty rows left out), and the API's refusal of one shown on its row.
 */
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { fromIngredient } from "../lib/forms.ts";
import { IngredientEditor } from "./ingredient-form.tsx";

const sugar = {
  id: 3,
  user_id: 1,
  name: "Sugar",
  description: null,
  recipe_id: null,
  grams_per_ml: null,
  grams_per_piece: null,
  img: null,
  preview_img: null,
  other_names: [
    { name: "Zucker", language: "de" as const },
    { name: "Kristallzucker", language: null },
  ],
  nutrients_per_100g: null,
  nutrition_source: null,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
};

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await activate("en");
});

const answer = (status: number, data: unknown) => ({
  data: status < 400 ? data : undefined,
  error: status < 400 ? undefined : data,
  response: new Response(null, { status }),
});

function openNew() {
  signInAs(1);
  renderInApp(<IngredientEditor />, { path: "/ingredients/new" });
}

/** Sugar's form, with its two other names; returns their group (`Other names`, as `legend` says). */
async function openSugar(legend = "Other names") {
  signInAs(1);
  renderInApp(<IngredientEditor ingredient={sugar} defaults={fromIngredient(sugar)} />, {
    path: "/ingredients/$ingredientId/edit",
    url: "/ingredients/3/edit",
  });
  return screen.findByRole("group", { name: legend });
}

const otherNames = () => screen.getByRole("group", { name: "Other names" });

describe("an ingredient's other names, in its form", () => {
  it("are added as rows, each labelled by its number, and sent with the form", async () => {
    const post = vi.spyOn(api, "POST").mockResolvedValue(answer(201, { ...sugar, id: 5 }) as never);
    openNew();
    fireEvent.change(await screen.findByRole("textbox", { name: "Name" }), { target: { value: "Sugar" } });

    const group = otherNames();
    expect(within(group).queryByRole("textbox")).toBeNull();
    fireEvent.click(within(group).getByRole("button", { name: "Add a name" }));
    const first = within(group).getByRole("textbox", { name: "Other name 1" });
    expect(first).toHaveFocus();
    fireEvent.change(first, { target: { value: "  Zucker " } });
    const language = within(group).getByRole("combobox", { name: "Language of other name 1" });
    expect(within(language).getByRole("option", { name: "Any language" })).toBeInTheDocument();
    expect(within(language).getByRole("option", { name: "Norsk bokmål" })).toBeInTheDocument();
    fireEvent.change(language, { target: { value: "de" } });

    fireEvent.click(within(group).getByRole("button", { name: "Add a name" }));
    fireEvent.click(within(group).getByRole("button", { name: "Add a name" })); // left empty
    fireEvent.change(within(group).getByRole("textbox", { name: "Other name 2" }), {
      target: { value: "Kristallzucker" },
    });

    fireEvent.click(screen.getByRole("button", { name: "Create ingredient" }));
    expect(await screen.findByText("Page at /ingredients/5")).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith("/api/v1/ingredients", {
      body: expect.objectContaining({
        name: "Sugar",
        other_names: [
          { name: "Zucker", language: "de" },
          { name: "Kristallzucker", language: null },
        ],
      }),
    });
  });

  it("are removed by a row's button, named by its number, the focus moving to the row after it", async () => {
    const put = vi.spyOn(api, "PUT").mockResolvedValue(answer(200, sugar) as never);
    const group = await openSugar();
    expect(within(group).getByRole("textbox", { name: "Other name 1" })).toHaveValue("Zucker");
    expect(within(group).getByRole("combobox", { name: "Language of other name 1" })).toHaveValue("de");
    expect(within(group).getByRole("textbox", { name: "Other name 2" })).toHaveValue("Kristallzucker");
    expect(within(group).getByRole("combobox", { name: "Language of other name 2" })).toHaveValue("");

    const remove = within(group).getByRole("button", { name: "Remove other name 1" });
    expect(remove).toHaveTextContent("Remove");
    fireEvent.click(remove);
    const left = within(group).getByRole("textbox", { name: "Other name 1" });
    expect(left).toHaveValue("Kristallzucker");
    expect(left).toHaveFocus();
    expect(within(group).queryByRole("textbox", { name: "Other name 2" })).toBeNull();

    fireEvent.click(within(group).getByRole("button", { name: "Remove other name 1" }));
    expect(within(group).getByRole("button", { name: "Add a name" })).toHaveFocus();

    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => expect(put).toHaveBeenCalled());
    // A PUT replaces the whole set: none left is sent as none.
    expect(put.mock.calls[0]?.[1]).toMatchObject({
      params: { path: { ingredient_id: 3 } },
      body: { name: "Sugar", other_names: [] },
    });
  });

  it("show the API's refusal of one on its row, counting the rows sent", async () => {
    vi.spyOn(api, "PUT").mockResolvedValue(
      answer(422, {
        type: "about:blank",
        title: "Unprocessable Content",
        status: 422,
        detail: "The ingredient is not valid.",
        errors: [{ path: "other_names.1.name", message: "'Sugar' is already the ingredient's name." }],
      }) as never,
    );
    const group = await openSugar();
    // Zucker removed and two rows added, the first left empty, the second "sugar": the rows are
    // Kristallzucker, (empty), sugar, and the API's second name sent is the form's third row.
    fireEvent.click(within(group).getByRole("button", { name: "Remove other name 1" }));
    fireEvent.click(within(group).getByRole("button", { name: "Add a name" }));
    fireEvent.click(within(group).getByRole("button", { name: "Add a name" }));
    fireEvent.change(within(group).getByRole("textbox", { name: "Other name 3" }), {
      target: { value: "sugar" },
    });

    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    const third = within(group).getByRole("textbox", { name: "Other name 3" });
    await vi.waitFor(() => expect(third).toHaveAttribute("aria-invalid", "true"));
    expect(third).toHaveAccessibleDescription("'Sugar' is already the ingredient's name.");
    expect(third).toHaveFocus();
    for (const row of ["Other name 1", "Other name 2"])
      expect(within(group).getByRole("textbox", { name: row })).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("alert")).toHaveTextContent("The ingredient is not valid.");
  });

  it("say a name another ingredient has as the form says any taken name", async () => {
    vi.spyOn(api, "POST").mockResolvedValue(
      answer(409, {
        type: "about:blank",
        title: "Conflict",
        status: 409,
        detail: "Ingredient name 'Zucker' already exists as 'Sugar' (ID 3).",
        existing_id: 3,
      }) as never,
    );
    openNew();
    fireEvent.change(await screen.findByRole("textbox", { name: "Name" }), {
      target: { value: "Caster sugar" },
    });
    fireEvent.click(within(otherNames()).getByRole("button", { name: "Add a name" }));
    fireEvent.change(within(otherNames()).getByRole("textbox", { name: "Other name 1" }), {
      target: { value: "Zucker" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Create ingredient" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("“Sugar” already exists.");
  });

  it("speak German", async () => {
    await act(() => activate("de"));
    const group = await openSugar("Weitere Namen");
    expect(within(group).getByRole("textbox", { name: "Weiterer Name 1" })).toHaveValue("Zucker");
    expect(within(group).getByRole("combobox", { name: "Sprache des weiteren Namens 2" })).toHaveValue("");
    expect(within(group).getByRole("option", { name: "Jede Sprache", selected: true })).toBeInTheDocument();
    expect(within(group).getByRole("button", { name: "Weiteren Namen 2 entfernen" })).toHaveTextContent(
      "Entfernen",
    );
    expect(within(group).getByRole("button", { name: "Namen hinzufügen" })).toBeVisible();
  });
});
