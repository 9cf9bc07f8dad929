/**
 * The main navigation: one entry per line. A feature adds its page here (and its route in
 * router.tsx); `show` hides an entry from people it does not concern.
 */
import type { LinkProps } from "@tanstack/react-router";
import type { MessageId } from "../i18n/index.ts";
import type { Session } from "../lib/auth.ts";

export type NavItem = {
  to: NonNullable<LinkProps["to"]>;
  /** The entry's words, from the catalogue. */
  label: MessageId;
  show?: (session: Session | null) => boolean;
};

const signedIn = (session: Session | null) => session !== null;
const admin = (session: Session | null) => session?.role === "admin";

export const NAV_ITEMS: NavItem[] = [
  { to: "/", label: "app.navRecipes" },
  { to: "/my-recipes", label: "app.navMyRecipes", show: signedIn },
  { to: "/recipes/new", label: "app.navNewRecipe", show: signedIn },
  { to: "/recipes/import", label: "app.navImport", show: signedIn },
  { to: "/lists", label: "app.navShoppingLists", show: signedIn },
  { to: "/meal-plan", label: "app.navMealPlan", show: signedIn },
  { to: "/cooked", label: "app.navCooked", show: signedIn },
  { to: "/households", label: "app.navHousehold", show: signedIn },
  { to: "/categories", label: "app.navCategories" },
  { to: "/ingredients", label: "app.navIngredients" },
  { to: "/stores", label: "app.navStores" },
  { to: "/account", label: "app.navAccount", show: signedIn },
  { to: "/admin/users", label: "app.navUsers", show: admin },
];
