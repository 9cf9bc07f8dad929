/**
 * The route table: the one list of the app's pages. A page is a line here (path, typed search
 * parameters, component) plus its component in its feature folder, or in routes/ when it composes
 * several features; the navigation is in navigation.ts. Pages other than browse load their code on first visit (or on hover of a link).
 */
import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
  redirect,
} from "@tanstack/react-router";
import { NotFoundPage } from "../components/not-found-page.tsx";
import type { HistorySearch } from "../features/recipe-history/lib/history-search.ts";
import type { BrowseSearch } from "../features/recipes/components/recipe-filters.tsx";
import { BrowsePage } from "../features/recipes/routes/browse.tsx";
import { loadAllParts } from "../i18n/index.ts";
import { RECIPE_SORTS } from "../lib/api/recipes.ts";
import { auth } from "../lib/auth.ts";
import { isoDay } from "../lib/iso-day.ts";
import { flag, oneOf, parseSearch, positiveInt, positiveInts, stringifySearch, text } from "../lib/search.ts";
import { RouteError } from "./route-error.tsx";
import { Shell } from "./shell.tsx";

export type RouterContext = { queryClient: QueryClient };

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The page shows personal data: without a session it sends the person to log in first. */
    requiresSession?: boolean;
    /** The page fills the screen without the site's header (cook mode). */
    immersive?: boolean;
  }
}

const MAX_SERVINGS = 1000;

/** The pages a first visit opens, whose words come with the first page (i18n/index.ts FIRST_PARTS). */
const FIRST_PAGES = new Set(["/", "/login", "/signup", "/login/callback", "/reset-password"]);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Every other page waits for the rest of the app's words in the person's language (fetched once).
  beforeLoad: ({ location }) => (FIRST_PAGES.has(location.pathname) ? undefined : loadAllParts()),
  component: Shell,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

/**
 * Sends a visitor without a session to log in, and back here afterwards. A session whose access
 * token ran out is still one (it is renewed, or offline the kept lists show): only an ended one
 * (the refresh answered 401, lib/auth.ts) is asked to log in again.
 */
const requireSession = ({ location }: { location: { href: string } }) => {
  if (!auth.state().session) {
    throw redirect({
      to: "/login",
      search: { redirect: location.href, expired: auth.state().expired || undefined },
    });
  }
};

const browseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  validateSearch: (s: Record<string, unknown>): BrowseSearch => ({
    q: text(s.q),
    category_id: positiveInt(s.category_id),
    ingredient_id: positiveInts(s.ingredient_id),
    max_minutes: positiveInt(s.max_minutes, 24 * 60),
    sort: oneOf(s.sort, RECIPE_SORTS),
    user_id: positiveInt(s.user_id),
    favourite: flag(s.favourite),
  }),
  component: BrowsePage,
});

const recipeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/recipes/$recipeId",
  validateSearch: (s: Record<string, unknown>): { servings?: number } => ({
    servings: positiveInt(s.servings, MAX_SERVINGS),
  }),
  component: lazyRouteComponent(() => import("./routes/recipe.tsx"), "RecipePage"),
});

const cookRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/recipes/$recipeId/cook",
  staticData: { immersive: true },
  validateSearch: (s: Record<string, unknown>): { servings?: number; step?: number } => ({
    servings: positiveInt(s.servings, MAX_SERVINGS),
    step: positiveInt(s.step),
  }),
  component: lazyRouteComponent(() => import("../features/recipes/routes/cook.tsx"), "CookPage"),
});

const recipeHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/recipes/$recipeId/history",
  validateSearch: (s: Record<string, unknown>): HistorySearch => ({
    revision: positiveInt(s.revision),
    compare: oneOf(s.compare, ["current"] as const),
  }),
  component: lazyRouteComponent(
    () => import("../features/recipe-history/routes/history.tsx"),
    "RecipeHistoryPage",
  ),
});

const myRecipesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/my-recipes",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import("../features/recipes/routes/my-recipes.tsx"), "MyRecipesPage"),
});

const newRecipeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/recipes/new",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/recipe-editor/routes/new-recipe.tsx"),
    "NewRecipePage",
  ),
});

const importRecipeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/recipes/import",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  // The PWA's share target sends `url`, `text` and `title` (vite.config.ts).
  validateSearch: (s: Record<string, unknown>): { url?: string; text?: string; title?: string } => ({
    url: text(s.url),
    text: text(s.text),
    title: text(s.title),
  }),
  component: lazyRouteComponent(
    () => import("../features/recipe-editor/routes/import-recipe.tsx"),
    "ImportRecipePage",
  ),
});

const editRecipeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/recipes/$recipeId/edit",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/recipe-editor/routes/edit-recipe.tsx"),
    "EditRecipePage",
  ),
});

const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/account",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import("./routes/account.tsx"), "AccountPage"),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  validateSearch: (s: Record<string, unknown>): { redirect?: string; expired?: true } => ({
    redirect: text(s.redirect),
    expired: flag(s.expired),
  }),
  component: lazyRouteComponent(() => import("../features/auth/routes/login.tsx"), "LoginPage"),
});

// A password-reset link (made by an admin) opens this page; its code is in the fragment.
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  component: lazyRouteComponent(
    () => import("../features/auth/routes/reset-password.tsx"),
    "ResetPasswordPage",
  ),
});

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/signup",
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => ({ redirect: text(s.redirect) }),
  component: lazyRouteComponent(() => import("../features/auth/routes/signup.tsx"), "SignupPage"),
});

const categoriesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/categories",
  component: lazyRouteComponent(
    () => import("../features/catalogue/routes/categories.tsx"),
    "CategoriesPage",
  ),
});

const ingredientsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/ingredients",
  validateSearch: (s: Record<string, unknown>): { q?: string } => ({ q: text(s.q) }),
  component: lazyRouteComponent(
    () => import("../features/catalogue/routes/ingredients.tsx"),
    "IngredientsPage",
  ),
});

const ingredientRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/ingredients/$ingredientId",
  component: lazyRouteComponent(
    () => import("../features/catalogue/routes/ingredient.tsx"),
    "IngredientPage",
  ),
});

const storesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/stores",
  component: lazyRouteComponent(() => import("../features/catalogue/routes/stores.tsx"), "StoresPage"),
});

const storeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/stores/$storeId",
  component: lazyRouteComponent(() => import("../features/catalogue/routes/store.tsx"), "StorePage"),
});

const newIngredientRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/ingredients/new",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/catalogue/routes/new-ingredient.tsx"),
    "NewIngredientPage",
  ),
});

const editIngredientRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/ingredients/$ingredientId/edit",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/catalogue/routes/edit-ingredient.tsx"),
    "EditIngredientPage",
  ),
});

const newCategoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/categories/new",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/catalogue/routes/new-category.tsx"),
    "NewCategoryPage",
  ),
});

const editCategoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/categories/$categoryId/edit",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/catalogue/routes/edit-category.tsx"),
    "EditCategoryPage",
  ),
});

const newStoreRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/stores/new",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import("../features/catalogue/routes/new-store.tsx"), "NewStorePage"),
});

const editStoreRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/stores/$storeId/edit",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import("../features/catalogue/routes/edit-store.tsx"), "EditStorePage"),
});

const adminUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/users",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import("../features/admin/routes/users.tsx"), "UsersPage"),
});

const shoppingListsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/lists",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/shopping-lists/routes/lists.tsx"),
    "ShoppingListsPage",
  ),
});

const shoppingListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/lists/$listId",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/shopping-lists/routes/list.tsx"),
    "ShoppingListPage",
  ),
});

const mealPlanRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/meal-plan",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  // `household_id`: one household's meals only (GET /meal-plan/?household_id=N); without it, one's
  // own and every household's.
  validateSearch: (s: Record<string, unknown>): { week?: string; household_id?: number } => ({
    week: isoDay(text(s.week)),
    household_id: positiveInt(s.household_id),
  }),
  component: lazyRouteComponent(() => import("./routes/meal-plan.tsx"), "MealPlanPage"),
});

const cookedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/cooked",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import("../features/cooked/routes/cooked.tsx"), "CookedPage"),
});

const householdsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/households",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(
    () => import("../features/households/routes/households.tsx"),
    "HouseholdsPage",
  ),
});

const householdRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/households/$householdId",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import("../features/households/routes/household.tsx"), "HouseholdPage"),
});

/** An invitation's link: logged out, the log-in (or sign-up) comes first and leads back here. */
const joinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/join/$code",
  staticData: { requiresSession: true },
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import("../features/households/routes/join.tsx"), "JoinPage"),
});

// Where the OpenID Connect provider sends the browser back with a code (features/auth/lib/oidc.ts).
const loginCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login/callback",
  validateSearch: (
    s: Record<string, unknown>,
  ): { code?: string; state?: string; error?: string; iss?: string } => ({
    code: text(s.code),
    state: text(s.state),
    error: text(s.error),
    iss: text(s.iss),
  }),
  component: lazyRouteComponent(
    () => import("../features/auth/routes/login-callback.tsx"),
    "LoginCallbackPage",
  ),
});

export const routeTree = rootRoute.addChildren([
  loginCallbackRoute,
  browseRoute,
  recipeRoute,
  cookRoute,
  recipeHistoryRoute,
  myRecipesRoute,
  newRecipeRoute,
  importRecipeRoute,
  editRecipeRoute,
  accountRoute,
  loginRoute,
  signupRoute,
  resetPasswordRoute,
  categoriesRoute,
  ingredientsRoute,
  ingredientRoute,
  storesRoute,
  storeRoute,
  newIngredientRoute,
  editIngredientRoute,
  newCategoryRoute,
  editCategoryRoute,
  newStoreRoute,
  editStoreRoute,
  adminUsersRoute,
  shoppingListsRoute,
  shoppingListRoute,
  mealPlanRoute,
  cookedRoute,
  householdsRoute,
  householdRoute,
  joinRoute,
]);

/** The app's router; `history` is the browser's unless given (the build's first screens: first-screen.tsx). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    parseSearch,
    stringifySearch,
    defaultPreload: "intent",
    // The query cache decides freshness; the router must not cache loader results on top of it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
