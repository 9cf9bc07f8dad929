/**
 * Issue 39, item 5: an ingredient's other names. Made in the ingredient form (a German one and one in
 * any language), shown on its page ("Also called"), found by a search, and the German one is the
 * ingredient's name for a German reader. The API's refusals land where they belong: a name given
 * twice on its row, a name another ingredient has as the form's taken name. axe on the form and the
 * pages, and the German form on a 390 px phone. Screenshots in e2e/screenshots/.
 */
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, logInNewAccount, overflow } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

/** The other names of the form on the page. */
const otherNames = (page: Page) => page.getByRole("group", { name: "Other names" });

test("an ingredient's other names: made in its form, shown on its page, its name in German", async ({
  page,
  request,
}) => {
  const { person } = await logInNewAccount(page, request, "names");
  const suffix = person.username.split("-").pop() ?? "";
  const name = `Caster sugar ${suffix}`;
  const german = `Streuzucker ${suffix}`;
  const any = `Superfine sugar ${suffix}`;

  await page.goto("/ingredients/new");
  await expect(page.getByRole("heading", { level: 1, name: "New ingredient" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  const group = otherNames(page);
  await group.getByRole("button", { name: "Add a name" }).click();
  await expect(group.getByRole("textbox", { name: "Other name 1" })).toBeFocused();
  await group.getByRole("textbox", { name: "Other name 1" }).fill(german);
  await group.getByRole("combobox", { name: "Language of other name 1" }).selectOption("de");
  await group.getByRole("button", { name: "Add a name" }).click();
  await group.getByRole("textbox", { name: "Other name 2" }).fill(any);
  await group.getByRole("button", { name: "Add a name" }).click(); // left empty: not sent
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}other-names-form.png`, fullPage: true });
  await page.getByRole("button", { name: "Create ingredient" }).click();

  // Its page: the name, then what else it is called, as the API orders them (any language first).
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Also called:/)).toHaveText(`Also called: ${any}, ${german} (Deutsch)`);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}other-names-page.png`, fullPage: true });
  const url = page.url();

  // A search by an other name finds it.
  await page.goto(`/ingredients?q=${encodeURIComponent(german)}`);
  await expect(page.getByRole("link", { name })).toBeVisible();

  // Edited: the same name given twice is refused on the row that repeats it.
  await page.goto(url);
  await page.getByRole("link", { name: "Edit ingredient" }).click();
  await expect(group.getByRole("textbox", { name: "Other name 1" })).toHaveValue(any);
  await expect(group.getByRole("combobox", { name: "Language of other name 1" })).toHaveValue("");
  await expect(group.getByRole("textbox", { name: "Other name 2" })).toHaveValue(german);
  await expect(group.getByRole("combobox", { name: "Language of other name 2" })).toHaveValue("de");
  await group.getByRole("button", { name: "Add a name" }).click();
  const third = group.getByRole("textbox", { name: "Other name 3" });
  await third.fill(any);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(third).toHaveAttribute("aria-invalid", "true");
  await expect(third).toBeFocused();
  await expect(page.getByRole("alert").filter({ hasText: "See the marked fields." })).toBeVisible();
  await expectAccessible(page);
  await group.getByRole("button", { name: "Remove other name 3" }).click();
  await expect(group.getByRole("textbox", { name: "Other name 2" })).toBeFocused(); // the row before it
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Another ingredient may not be called by one of its names.
  await page.goto("/ingredients/new");
  await page.getByLabel("Name", { exact: true }).fill(`Icing sugar ${suffix}`);
  await otherNames(page).getByRole("button", { name: "Add a name" }).click();
  await otherNames(page).getByRole("textbox", { name: "Other name 1" }).fill(german);
  await page.getByRole("button", { name: "Create ingredient" }).click();
  await expect(page.getByRole("alert")).toHaveText(`“${name}” already exists.`);

  // In German, its German name is its name; the stored one is said beneath it.
  await page.goto(url);
  await page.getByRole("combobox", { name: "Language", exact: true }).selectOption("de");
  await expect(page.getByRole("heading", { level: 1, name: german })).toBeVisible();
  await expect(page.getByText(`Name: ${name}`)).toBeVisible();
  await expect(page.getByText(/^Auch bekannt als:/)).toHaveText(
    `Auch bekannt als: ${any}, ${german} (Deutsch)`,
  );
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}other-names-page-de.png`, fullPage: true });

  // Its form in German on a 390 px phone: every row fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("link", { name: "Zutat bearbeiten" }).click();
  const weitere = page.getByRole("group", { name: "Weitere Namen" });
  await expect(weitere.getByRole("textbox", { name: "Weiterer Name 2" })).toHaveValue(german);
  await expect(weitere.getByRole("button", { name: "Weiteren Namen 2 entfernen" })).toBeVisible();
  expect(await overflow(page)).toEqual({ wide: false, clipped: [] });
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}other-names-form-de-390.png`, fullPage: true });
});

test.describe("a German reader", () => {
  test.use({ locale: "de-DE" });

  test("sees an ingredient by its German other name on a recipe and a shopping list", async ({
    page,
    request,
  }) => {
    const { person, tokens } = await logInNewAccount(page, request, "hk");
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const suffix = person.username.slice(-8);
    const [name, german] = [`Cottage cheese ${suffix}`, `Hüttenkäse ${suffix}`];
    const ingredient = await request.post("/api/v1/ingredients", {
      headers,
      data: { name, other_names: [{ name: german, language: "de" }] },
    });
    expect(ingredient.status()).toBe(201);
    const recipe = await request.post("/api/v1/recipes", {
      headers,
      data: {
        title: `Quark bowl ${suffix}`,
        servings: 2,
        ingredients: [
          { ingredient_id: (await ingredient.json()).id, amount_grams: 200, amount_readable: "200 g" },
        ],
        steps: [{ description: "Stir." }],
      },
    });
    expect(recipe.status()).toBe(201);
    const list = await request.post("/api/v1/shopping-lists", { headers, data: { name: "Woche" } });
    const listId = (await list.json()).id;
    const recipeId = (await recipe.json()).id;
    expect(
      (
        await request.post(`/api/v1/shopping-lists/${listId}/recipes`, {
          headers,
          data: { recipe_id: recipeId },
        })
      ).ok(),
    ).toBe(true);

    await page.goto(`/recipes/${recipeId}`);
    await expect(page.locator(".ingredient-name").filter({ hasText: german })).toHaveCount(1);
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
    await page.goto(`/lists/${listId}`);
    await expect(page.locator(".sl-item").filter({ hasText: german })).toHaveCount(1);
    await expectAccessible(page);
  });
});
