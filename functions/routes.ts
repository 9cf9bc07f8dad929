/**
 * The one route table: each line is a route's method and path, who may call it and what it needs
 * from the cloud, keyed by its handler file (below functions/, exporting `handler`). The stack,
 * the local server, the API reference and the tests all read it, and each handler binds itself to
 * its line by that key, so adding a route is one line here plus its handler file.
 */
import { line, type Route } from "./lib/route-types.ts";

export type { Access, Method, Needs, Route, StorageGrant } from "./lib/route-types.ts";
export { API_PREFIX, routeKey, STORAGE_ACTIONS } from "./lib/route-types.ts";

// An upload may name its picture by URL instead of sending it.
const IMAGE_UPLOAD = { storage: "pictures", sharp: true, internet: true } as const;
// A list write tells the list's live subscribers (`live`), and so does a delete that changes lists
// (a recipe, store, ingredient, household or user they refer to); those that add amounts as written up
// (core/amount) carry their parser too (`parses`).
const LIST_WRITE = { live: true } as const;
const LIST_AMOUNTS = { live: true, parses: true } as const;
const ARCHIVES = { storage: "archives", long: true } as const;

export const ROUTES = {
  "health/get": line("GET /health", "public", { storage: "check" }),
  // The authorization code grant reaches the OpenID Connect provider (openid-client beside the bundle).
  "auth/token": line("POST /auth/token", "public", { internet: true, oidc: true }),
  "auth/providers": line("GET /auth/providers", "public", { internet: true, oidc: true }),
  "auth/logout": line("POST /auth/logout", "account"),

  // The common passwords a new password may not be (core/user/password-rules.ts), read at run time.
  "users/create": line("POST /users", "public", { files: ["core/user/common-passwords.txt"] }),
  "users/list": line("GET /users", "admin"),
  "users/me": line("GET /users/me", "user"),
  "users/sessions": line("GET /users/me/sessions", "account"),
  "users/end-session": line("DELETE /users/me/sessions/{session_id}", "account"),
  "users/tokens": line("GET /users/me/tokens", "account"),
  "users/create-token": line("POST /users/me/tokens", "account"),
  "users/remove-token": line("DELETE /users/me/tokens/{token_id}", "account"),
  "users/update-email": line("PUT /users/email", "account"),
  "users/update-password": line("PUT /users/password", "account", {
    files: ["core/user/common-passwords.txt"],
  }),
  "users/get": line("GET /users/{user_id}", "public"),
  "users/preferences": line("PUT /users/preferences", "account"),
  "users/update-role": line("PUT /users/{user_id}/role", "admin"),
  // Mails the link when SMTP_URL is set: nodemailer beside the bundle, a way out to the SMTP server.
  "users/password-reset": line("POST /users/{user_id}/password-reset", "admin", {
    mail: true,
    internet: true,
  }),
  "users/remove": line("DELETE /users/{user_id}", "account", { storage: "delete", live: true }),

  "categories/list": line("GET /categories", "public"),
  "categories/create": line("POST /categories", "admin"),
  "categories/get": line("GET /categories/{category_id}", "public"),
  "categories/update": line("PUT /categories/{category_id}", "admin"),
  "categories/remove": line("DELETE /categories/{category_id}", "admin", { storage: "delete" }),
  "categories/merge": line("POST /categories/{category_id}/merge", "admin", { storage: "delete" }),

  "ingredients/list": line("GET /ingredients", "public"),
  "ingredients/create": line("POST /ingredients", "user"),
  "ingredients/get": line("GET /ingredients/{ingredient_id}", "public"),
  "ingredients/update": line("PUT /ingredients/{ingredient_id}", "user"),
  "ingredients/remove": line("DELETE /ingredients/{ingredient_id}", "user", {
    storage: "delete",
    live: true,
  }),
  "ingredients/stores": line("GET /ingredients/{ingredient_id}/stores", "public"),
  // Adds amounts as written up (core/amount) where two lines of one recipe meet, and tells the
  // followers of the lists whose items it joins.
  "ingredients/merge": line("POST /ingredients/{ingredient_id}/merge", "user", {
    storage: "delete",
    parses: true,
    live: true,
  }),
  "ingredient-lines/parse": line("POST /ingredient-lines/parse", "user", { parses: true }),
  "ingredient-lines/nutrition": line("POST /ingredient-lines/nutrition", "user", { parses: true }),
  "foods/list": line("GET /foods", "public"),

  "stores/list": line("GET /stores", "public"),
  "stores/create": line("POST /stores", "user"),
  "stores/get": line("GET /stores/{store_id}", "public"),
  "stores/update": line("PUT /stores/{store_id}", "user"),
  "stores/remove": line("DELETE /stores/{store_id}", "user", LIST_WRITE),
  "shelves/list": line("GET /stores/{store_id}/shelves", "public"),
  "shelves/create": line("POST /stores/{store_id}/shelves", "user"),
  "shelves/reorder": line("PUT /stores/{store_id}/shelves/order", "user"),
  "shelves/update": line("PUT /stores/{store_id}/shelves/{shelf_id}", "user"),
  "shelves/remove": line("DELETE /stores/{store_id}/shelves/{shelf_id}", "user"),
  "stores/learned-order": line("GET /stores/{store_id}/learned-order", "public"),

  "recipes/list": line("GET /recipes", "public"),
  "recipes/create": line("POST /recipes", "user"),
  "recipes/page-import": line("POST /recipes/import", "user", { internet: true, parses: true }),
  // ?servings reads and writes amounts as written (core/amount): a parser of ingredient lines.
  "recipes/get": line("GET /recipes/{recipe_id}", "public", { parses: true }),
  "recipes/update": line("PUT /recipes/{recipe_id}", "user"),
  "recipes/remove": line("DELETE /recipes/{recipe_id}", "user", { storage: "delete", live: true }),
  "recipes/revisions": line("GET /recipes/{recipe_id}/revisions", "public"),
  "recipes/revision": line("GET /recipes/{recipe_id}/revisions/{revision}", "public"),
  "recipes/restore-revision": line("POST /recipes/{recipe_id}/revisions/{revision}/restore", "user"),
  "recipes/favourite": line("PUT /recipes/{recipe_id}/favourite", "user"),
  "recipes/unfavourite": line("DELETE /recipes/{recipe_id}/favourite", "user"),
  "recipes/rate": line("PUT /recipes/{recipe_id}/rating", "user"),
  "recipes/unrate": line("DELETE /recipes/{recipe_id}/rating", "user"),

  // Pictures: the same access as a PUT of the row; ownership is checked by the image service.
  "images/recipe-upload": line("PUT /recipes/{recipe_id}/image", "user", IMAGE_UPLOAD),
  "images/recipe-remove": line("DELETE /recipes/{recipe_id}/image", "user", { storage: "pictures" }),
  "images/category-upload": line("PUT /categories/{category_id}/image", "admin", IMAGE_UPLOAD),
  "images/category-remove": line("DELETE /categories/{category_id}/image", "admin", { storage: "pictures" }),
  "images/ingredient-upload": line("PUT /ingredients/{ingredient_id}/image", "user", IMAGE_UPLOAD),
  "images/ingredient-remove": line("DELETE /ingredients/{ingredient_id}/image", "user", {
    storage: "pictures",
  }),
  "images/user-upload": line("PUT /users/{user_id}/image", "user", IMAGE_UPLOAD),
  "images/user-remove": line("DELETE /users/{user_id}/image", "user", { storage: "pictures" }),

  "shopping-lists/list": line("GET /shopping-lists", "user"),
  "shopping-lists/create": line("POST /shopping-lists", "user"),
  // `?units=` reads each item's amount as written and writes it in the languages' words (core/amount/convert.ts).
  "shopping-lists/get": line("GET /shopping-lists/{list_id}", "user", { parses: true }),
  "shopping-lists/update": line("PUT /shopping-lists/{list_id}", "user", LIST_WRITE),
  "shopping-lists/remove": line("DELETE /shopping-lists/{list_id}", "user", LIST_WRITE),
  "shopping-lists/add-recipe": line("POST /shopping-lists/{list_id}/recipes", "user", LIST_AMOUNTS),
  "shopping-lists/remove-recipe": line(
    "DELETE /shopping-lists/{list_id}/recipes/{recipe_id}",
    "user",
    LIST_AMOUNTS,
  ),
  "shopping-lists/add-item": line("POST /shopping-lists/{list_id}/items", "user", LIST_AMOUNTS),
  "shopping-lists/remove-checked": line("DELETE /shopping-lists/{list_id}/items", "user", LIST_WRITE),
  "shopping-lists/update-item": line("PUT /shopping-lists/{list_id}/items/{item_id}", "user", LIST_AMOUNTS),
  "shopping-lists/remove-item": line("DELETE /shopping-lists/{list_id}/items/{item_id}", "user", LIST_WRITE),
  "shopping-lists/add-meal-plan": line("POST /shopping-lists/{list_id}/meal-plan", "user", LIST_AMOUNTS),

  "meal-plan/list": line("GET /meal-plan", "user"),
  "meal-plan/create": line("POST /meal-plan", "user"),
  "meal-plan/update": line("PUT /meal-plan/{entry_id}", "user"),
  "meal-plan/remove": line("DELETE /meal-plan/{entry_id}", "user"),
  "meal-plan/calendar-links-create": line("POST /meal-plan/calendar-links", "user"),
  "meal-plan/calendar-links-list": line("GET /meal-plan/calendar-links", "user"),
  "meal-plan/calendar-links-remove": line("DELETE /meal-plan/calendar-links/{link_id}", "user"),
  // The feed calendar apps read without a token: the secret in `key` is the key (core/calendar).
  "meal-plan/calendar-feed": line("GET /meal-plan/calendar.ics", "public"),

  "cooked/create": line("POST /recipes/{recipe_id}/cooked", "user"),
  "cooked/list": line("GET /cooked", "user"),
  "cooked/get": line("GET /cooked/{cooked_id}", "user"),
  "cooked/remove": line("DELETE /cooked/{cooked_id}", "user"),

  "households/list": line("GET /households", "user"),
  "households/create": line("POST /households", "user"),
  "households/join": line("POST /households/join", "user"),
  "households/get": line("GET /households/{household_id}", "user"),
  "households/update": line("PUT /households/{household_id}", "user"),
  "households/remove": line("DELETE /households/{household_id}", "user", LIST_WRITE),
  "households/invite": line("POST /households/{household_id}/invitations", "user"),
  "households/invitations": line("GET /households/{household_id}/invitations", "user"),
  "households/revoke-invitation": line(
    "DELETE /households/{household_id}/invitations/{invitation_id}",
    "user",
  ),
  "households/update-member": line("PUT /households/{household_id}/members/{user_id}", "user"),
  "households/remove-member": line("DELETE /households/{household_id}/members/{user_id}", "user", LIST_WRITE),

  "archives/export": line("POST /exports", "user", ARCHIVES),
  "archives/upload": line("POST /imports/uploads", "user", ARCHIVES),
  // Paprika and schema.org photos go through the picture code (sharp).
  "archives/import": line("POST /imports", "user", { ...ARCHIVES, sharp: true }),

  "docs/openapi": line("GET /openapi.json", "public", { files: [".build/openapi.json"] }),
  "docs/page": line("GET /docs", "public", { files: [".build/docs-assets.json"] }),
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * The live API (CONTRACT.md: Live updates): an API Gateway WebSocket API on AWS, `GET /api/v1/live`
 * upgraded by the local server, the same handlers either way. Keyed by handler file (below
 * functions/) like ROUTES: the route keys each one answers. API Gateway picks a message's route by
 * its `action`; anything but a subscribe reaches `$default`, answered by the same handler (an error
 * message), so a client hears the same on AWS and locally.
 */
export const LIVE_ROUTES = {
  "live/connect": ["$connect"],
  "live/disconnect": ["$disconnect"],
  "live/subscribe": ["subscribe", "$default"],
} as const satisfies Record<string, readonly string[]>;

export type LiveRouteName = keyof typeof LIVE_ROUTES;

/** Where the local server upgrades to the live API, below API_PREFIX. */
export const LIVE_PATH = "/live";

export const routes: readonly Route[] = Object.entries(ROUTES).map(([handler, route]) => ({
  handler,
  ...route,
}));
