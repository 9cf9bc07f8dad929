/**
 * The main navigation: one entry per line. A feature adds its page here (and its route in
 * router.tsx); `show` hides an entry from people it does not concern.
 */
import type { LinkProps } from "@tanstack/react-router";
import type { Session } from "../lib/auth.ts";

export type NavItem = {
  to: NonNullable<LinkProps["to"]>;
  label: string;
  show?: (session: Session | null) => boolean;
};

const signedIn = (session: Session | null) => session !== null;
const admin = (session: Session | null) => session?.role === "admin";

export const NAV_ITEMS: NavItem[] = [
  { to: "/", label: "Recipes" },
  { to: "/my-recipes", label: "My recipes", show: signedIn },
  { to: "/recipes/new", label: "New recipe", show: signedIn },
  { to: "/recipes/import", label: "Import", show: signedIn },
  { to: "/lists", label: "Shopping lists", show: signedIn },
  { to: "/meal-plan", label: "Meal plan", show: signedIn },
  { to: "/households", label: "Household", show: signedIn },
  { to: "/categories", label: "Categories" },
  { to: "/ingredients", label: "Ingredients" },
  { to: "/stores", label: "Stores" },
  { to: "/account", label: "Account", show: signedIn },
  { to: "/admin/users", label: "Users", show: admin },
];
