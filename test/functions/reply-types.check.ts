/**
 * Compile-time tests of the seam between a handler and its reply (functions/lib/endpoint.ts): a
 * reply must be exactly what its status's schema says. `npm run typecheck` checks this file (it is
 * never run): each `@ts-expect-error` must meet an error, so a wrong reply that starts to compile
 * fails the type check. Each case stands alone in a function no one calls.
 */
import { ShoppingListRead } from "../../core/shopping-list/schemas.ts";
import { UserPage, UserRead } from "../../core/user/schemas.ts";
import { created, endpoint, noContent, ok } from "../../functions/lib/endpoint.ts";

declare const user: UserRead;
declare const list: ShoppingListRead;
const userReply = { status: 200, schema: UserRead, description: "A user." } as const;

export function theRightShapeCompiles() {
  endpoint("users/me", { summary: "", response: userReply, handle: async () => ok(user) });
  endpoint("users/list", {
    summary: "",
    response: { status: 200, schema: UserPage, description: "" },
    handle: async () => ok({ items: [user], next_cursor: null }),
  });
}

export function aTopLevelFieldTheSchemaLacks() {
  endpoint("users/me", {
    summary: "",
    response: userReply,
    // @ts-expect-error password_hash is no field of UserRead
    handle: async () => ok({ ...user, password_hash: "$2b$10$…" }),
  });
}

export function aFieldOfAListItemTheSchemaLacks() {
  endpoint("users/list", {
    summary: "",
    response: { status: 200, schema: UserPage, description: "" },
    // @ts-expect-error an item with password_hash
    handle: async () => ok({ items: [{ ...user, password_hash: "x" }], next_cursor: null }),
  });
}

export function aFieldOfANestedObjectTheSchemaLacks() {
  const [section] = list.sections;
  if (!section) return;
  const item = section.items[0];
  if (!item) return;
  endpoint("shopping-lists/get", {
    summary: "",
    response: { status: 200, schema: ShoppingListRead, description: "" },
    // @ts-expect-error an item of a section with a field its schema lacks
    handle: async () => ok({ ...list, sections: [{ ...section, items: [{ ...item, owner_email: "x" }] }] }),
  });
}

export function aMissingField() {
  const { username: _, ...withoutUsername } = user;
  endpoint("users/me", {
    summary: "",
    response: userReply,
    // @ts-expect-error username is missing
    handle: async () => ok(withoutUsername),
  });
}

export function aFieldOfTheWrongType() {
  endpoint("users/me", {
    summary: "",
    response: userReply,
    // @ts-expect-error id is a number
    handle: async () => ok({ ...user, id: String(user.id) }),
  });
}

export function aStatusTheRouteDoesNotDocument() {
  endpoint("users/me", {
    summary: "",
    response: userReply,
    // @ts-expect-error 201 is not this route's
    handle: async () => created(user, "/users/1"),
  });
  endpoint("users/me", {
    summary: "",
    response: userReply,
    // @ts-expect-error a 204 where a body is documented
    handle: async () => noContent(),
  });
}
