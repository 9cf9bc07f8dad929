/** The journeys of the issue, in a real browser against the real API and seeded data. */
import { expect, test } from "@playwright/test";
import { DEV_USER, expiredToken, newAccount, recipeId } from "./helpers.ts";

test("browse → search 'pancakes' → open it → 8 servings is 400 g of flour → cook through every step", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Recipes" })).toBeVisible();
  await expect(page.locator(".card").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search recipes" }).fill("pancakes");
  await page.getByRole("searchbox", { name: "Search recipes" }).press("Enter");
  await expect(page).toHaveURL(/\?q=pancakes$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recipes matching “pancakes”");

  // The URL holds the search: a reload shows the same results.
  await page.reload();
  await page
    .getByRole("link", { name: /Pancakes/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Pancakes" })).toBeVisible();

  const flour = page.locator(".ingredient").filter({ hasText: "Flour" });
  await expect(flour.locator(".ingredient-grams")).toHaveText("200 g");
  await expect(flour.locator(".ingredient-readable")).toHaveText("1 1/2 cups");
  for (let servings = 5; servings <= 8; servings++) {
    await page.getByRole("button", { name: "More servings" }).click();
    await expect(page).toHaveURL(new RegExp(`servings=${servings}$`));
  }
  await expect(page.locator(".stepper-value")).toHaveText("8 servings");
  await expect(flour.locator(".ingredient-grams")).toHaveText("400 g");
  await expect(flour.locator(".ingredient-readable")).toHaveText("3 cups"); // 1 1/2 cups for 4

  await page.getByRole("link", { name: "Start cooking" }).click();
  await expect(page).toHaveURL(/\/cook\?servings=8$/);
  await expect(page.getByRole("heading", { name: "Step 1 of 3" })).toBeVisible();
  await expect(page.locator(".cook-step-text")).toContainText("Whisk the flour");
  await expect(page.locator(".cook-ingredients")).toContainText("400 g");
  await expect(page.locator(".cook-ingredients")).toContainText("(3 cups)");

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Step 2 of 3" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("heading", { name: "Step 3 of 3" })).toBeVisible();
  await expect(page.locator(".cook-step-text")).toContainText("Fry ladlefuls");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("heading", { name: "Step 2 of 3" })).toBeVisible();

  // A swipe to the left is "next".
  const box = await page.locator(".cook-step").boundingBox();
  if (!box) throw new Error("The step is not on screen.");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole("heading", { name: "Step 3 of 3" })).toBeVisible();

  const flourBox = page.getByRole("checkbox", { name: /Flour/ });
  await flourBox.check();
  await expect(page.locator(".cook-ingredients summary")).toContainText("1 of 7 ticked");

  await page.getByRole("link", { name: "Done" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pancakes" })).toBeVisible();
  await expect(page).toHaveURL(/servings=8$/);
});

test("sign up → log out → log in → 'my recipes' is empty → an expired token asks to log in and returns", async ({
  page,
}) => {
  const account = newAccount("e2e");
  await page.goto("/");
  await page.getByRole("link", { name: "Sign up" }).click();
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.locator(".account-name")).toHaveText(account.username);
  await expect(page).toHaveURL(/\/$/); // back where sign-up was started

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await page.getByRole("link", { name: "Log in" }).click();
  await page.getByLabel("Username or email").fill(account.email); // the email works as well
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.locator(".account-name")).toHaveText(account.username);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My recipes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My recipes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No recipes yet" })).toBeVisible();

  // The session ended while the page was closed (its token ran out, its refresh token is refused):
  // reopening it asks for a log-in ...
  const userId = await page.evaluate(() => {
    const { access_token } = JSON.parse(localStorage.getItem("recipes.session") ?? "{}");
    return Number(JSON.parse(atob(access_token.split(".")[1] ?? "")).sub);
  });
  await page.evaluate(
    (token) =>
      localStorage.setItem(
        "recipes.session",
        JSON.stringify({ access_token: token, refresh_token: "ended", expires_at: 0, refresh_at: 0 }),
      ),
    expiredToken(userId),
  );
  await page.goto("/my-recipes");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-recipes&expired=true$/);
  await expect(page.getByText("Your session has expired.")).toBeVisible();
  // ... and the log-in lands back on the same page.
  await page.getByLabel("Username or email").fill(account.username);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/my-recipes$/);
  await expect(page.getByRole("heading", { name: "No recipes yet" })).toBeVisible();
});

test("a token the API refuses ends the session; on a public page a notice offers to log in again", async ({
  page,
  request,
}) => {
  const id = await recipeId(request, "Pancakes");
  await page.goto(`/login?redirect=%2Frecipes%2F${id}`);
  await page.getByLabel("Username or email").fill(DEV_USER.username);
  await page.getByLabel("Password").fill(DEV_USER.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/recipes/${id}$`));
  await expect(page.locator(".account-name")).toHaveText("dev-user");

  // Same claims, wrong signature, and a refresh token the API does not know (the session ended): the
  // API answers 401, the refresh 401 too, and the app lets go of it.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem("recipes.session") ?? "{}");
    const [header, payload] = session.access_token.split(".");
    session.access_token = `${header}.${payload}.AAAA`;
    session.refresh_token = "ended";
    localStorage.setItem("recipes.session", JSON.stringify(session));
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Pancakes" })).toBeVisible();
  const notice = page.locator(".session-notice");
  await expect(notice).toContainText("Your session has expired.");
  await notice.getByRole("link", { name: "Log in again" }).click();
  await page.getByLabel("Username or email").fill(DEV_USER.username);
  await page.getByLabel("Password").fill(DEV_USER.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/recipes/${id}$`));
});

test("a wrong password shows the API's sentence", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(DEV_USER.username);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect username or password.");
});

test("filters: a category link and an ingredient narrow the list, and the URL keeps them", async ({
  page,
}) => {
  // Found by search: other tests' new recipes may fill the first page of the newest.
  await page.goto("/?q=pancakes");
  await page
    .getByRole("link", { name: /Pancakes/ })
    .first()
    .click();
  await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Breakfast" }).click();
  await expect(page).toHaveURL(/\/\?category_id=\d+$/);
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue(/\d+/);
  await expect(page.getByRole("link", { name: /Pancakes/ })).toBeVisible();

  await page.getByRole("searchbox", { name: "With ingredients" }).fill("flo");
  await page.getByRole("button", { name: "Add Flour" }).click();
  await expect(page).toHaveURL(/ingredient_id=\d+/);
  await expect(page.getByRole("button", { name: "Remove Flour" })).toBeVisible();
  await expect(page.locator(".card")).not.toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Remove Flour" })).toBeVisible();
});

test("an ingredient made by a recipe links to it; ingredients say where to find them", async ({
  page,
  request,
}) => {
  const id = await recipeId(request, "Pizza margherita");
  await page.goto(`/recipes/${id}`);
  await page.getByRole("link", { name: "Pizza dough: see its recipe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pizza dough" })).toBeVisible();

  await page.locator(".ingredient").filter({ hasText: "Flour" }).getByRole("link", { name: "Flour" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Flour" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Where to find it" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Riverside Market.*Aisle 4: baking/ })).toBeVisible();
  await page.getByRole("link", { name: /Riverside Market/ }).click();
  const shelves = page.locator(".shelves > li .shelf-name");
  await expect(shelves.first()).toHaveText("Entrance: fruit and vegetables");
});

test("with the API down: a clear message and a retry button that recovers", async ({ page }) => {
  await page.route("**/api/v1/**", (route) => route.abort("connectionrefused"));
  await page.goto("/");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("The recipe service cannot be reached.");
  await page.unroute("**/api/v1/**");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.locator(".card").first()).toBeVisible();
});

test("unknown addresses show the not-found page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.goto("/recipes/2147483000");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
