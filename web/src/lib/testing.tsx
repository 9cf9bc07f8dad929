/**
 * For unit tests only (nothing in the app imports it): a component rendered as a page of the app,
 * inside a fresh query cache and a router of its own (so its links and navigation work), and a
 * session for a given user, as the API's token would start one.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Schemas } from "./api/client.ts";
import type { Household, HouseholdRole } from "./api/households.ts";
import { auth, type Role } from "./auth.ts";

// jsdom has no scrolling; the router scrolls to the top on every page.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

/** A token of the API's shape (the app never checks its signature); `extra` claims make it unique. */
export function fakeToken(userId: number, role: Role = "user", extra: object = {}): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const exp = Math.floor(Date.now() / 1000) + 1800;
  return `${part({ alg: "HS256" })}.${part({ sub: String(userId), role, exp, ...extra })}.signature`;
}

/** Signs in as `userId` with a token that lives an hour and a refresh token. */
export function signInAs(userId: number, role: Role = "user") {
  auth.signIn({
    access_token: fakeToken(userId, role),
    expires_in: 3600,
    refresh_token: `refresh-${userId}`,
  });
}

/**
 * Renders `ui` as the page at `path` (a route pattern such as "/join/$code", opened at `url`) of a
 * router that also knows every other path (a catch-all page saying where it is), so a test can follow
 * a link or a navigation. Returns the query client and the router too.
 */
export function renderInApp(
  ui: ReactNode,
  {
    path = "/",
    url = path,
    queryClient = new QueryClient(),
  }: { path?: string; url?: string; queryClient?: QueryClient } = {},
) {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path, component: () => ui });
  const elsewhere = createRoute({
    getParentRoute: () => root,
    path: "$",
    component: function Elsewhere() {
      return <p>Page at {router.state.location.href}</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([home, elsewhere]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

type MemberSpec = { id: number; role?: HouseholdRole; name?: string };

/** A household as the API answers it; the first member listed is its owner unless said otherwise. */
export function makeHousehold({
  id = 3,
  name = "Smiths",
  members = [{ id: 1 }, { id: 2 }],
  role = null,
}: {
  id?: number;
  name?: string;
  members?: MemberSpec[];
  role?: HouseholdRole | null;
} = {}): Household {
  return {
    id,
    name,
    members: members.map((m, i) => ({
      user_id: m.id,
      username: m.name ?? `user${m.id}`,
      role: m.role ?? (i === 0 ? "owner" : "member"),
      joined_at: "2026-11-01T10:00:00Z",
    })),
    role,
    created_at: "2026-11-01T10:00:00Z",
    updated_at: "2026-11-01T10:00:00Z",
  };
}

/** A recipe as the API reads it to a signed-in cook (unrated, never cooked, not a favourite). */
export const makeRecipe = (changes: Partial<Schemas["RecipeRead"]> = {}): Schemas["RecipeRead"] => ({
  id: 5,
  user_id: 2,
  title: "Bread",
  description: null,
  source_url: null,
  prep_time_sec: null,
  cook_time_sec: null,
  total_time_sec: null,
  servings: 4,
  img: null,
  preview_img: null,
  categories: [],
  ingredients: [],
  steps: [],
  nutrition: null,
  favourite: false,
  rating: { average: null, count: 0, mine: null },
  last_cooked: null,
  times_cooked: 0,
  created_at: "2026-11-24T10:00:00Z",
  updated_at: "2026-11-24T10:00:00Z",
  ...changes,
});
