/**
 * Nutrition from the grams (issue 41) in Chromium against the real API, with USDA's table imported at
 * start from the copy beside the project (global-setup.ts: NUTRITION_TABLE): the editor's live total
 * as lines are written, the recipe's label, and choosing another food for an ingredient, which the
 * recipe's label then follows. axe on the recipe page and the ingredient page.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signUp } from "./helpers.ts";

const lines = (page: Page) => page.locator(".editor-lines > li");

/** The energy per serving the recipe's label shows, in kcal. */
async function kcalPerServing(page: Page): Promise<number> {
  const label = page.getByRole("region", { name: "Nutrition" });
  const energy = label
    .getByRole("row", { name: /^Energy/ })
    .getByRole("cell")
    .first();
  const text = (await energy.textContent()) ?? "";
  return Number(/([\d,]+) kcal/.exec(text)?.[1]?.replace(",", ""));
}

test("the editor's live total, the recipe's label, and another food chosen for an ingredient", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The table is imported while the service starts: wait until it can be searched.
  await expect
    .poll(async () => (await (await request.get("/api/v1/foods?q=quinoa")).json()).items.length, {
      timeout: 120_000,
    })
    .toBeGreaterThan(0);

  await signUp(page, "cook");

  const title = `Quinoa bowl ${Date.now().toString(36)}`;
  await page.goto("/recipes/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Servings", { exact: true }).fill("2");
  // Quinoa is new here: created on the spot, and matched to USDA's quinoa on creation.
  const first = page.getByRole("combobox", { name: "Ingredient 1" });
  await first.fill("Quinoa");
  await page.getByRole("option", { name: "Create “Quinoa”" }).click();
  await lines(page).nth(0).getByLabel("Grams").fill("200");
  await page.getByRole("button", { name: "Add an ingredient" }).click();
  await page.getByRole("combobox", { name: "Ingredient 2" }).fill("Olive oil");
  await page.getByRole("option", { name: "Olive oil", exact: true }).click();
  await lines(page).nth(1).getByLabel("Grams").fill("20");

  // Quinoa 368 kcal and olive oil 884 kcal per 100 g: (736 + 177) / 2 servings.
  const live = page.getByRole("region", { name: "Nutrition so far" });
  await expect(live).toContainText(/About 45\d kcal per serving · 100% of the weight known/);

  await page.getByLabel("Step 1", { exact: true }).fill("Simmer the quinoa for 15 minutes, then dress it.");
  await page.getByRole("button", { name: "Create recipe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  const label = page.getByRole("region", { name: "Nutrition" });
  await expect(label.getByRole("columnheader", { name: "Per serving" })).toBeVisible();
  await expect(label).toContainText("Every ingredient has data.");
  const before = await kcalPerServing(page);
  expect(before).toBeGreaterThan(440);
  expect(before).toBeLessThan(470);
  await expectAccessible(page);

  // Cooked quinoa instead: a person's choice over the match.
  await page
    .locator(".ingredient")
    .filter({ hasText: "Quinoa" })
    .getByRole("link", { name: "Quinoa" })
    .click();
  const section = page.getByRole("region", { name: "Nutrition per 100 g" });
  await expect(section).toContainText(/Matched to QUINOA,UNCKD/);
  await section.getByRole("button", { name: "Choose another food" }).click();
  await section.getByRole("searchbox", { name: "Search the food table" }).fill("quinoa cooked");
  await section.getByRole("button", { name: /^Use QUINOA,CKD/ }).click();
  await expect(section).toContainText(/Chosen by hand: QUINOA,CKD/);
  await expect(section.getByRole("button", { name: "Back to the automatic match" })).toBeVisible();
  await expectAccessible(page);

  // The recipe's label follows: 200 g of cooked quinoa is 240 kcal, not 736.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.reload();
  await expect.poll(() => kcalPerServing(page)).toBeLessThan(before - 200);
});
