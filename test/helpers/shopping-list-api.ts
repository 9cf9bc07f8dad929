/** Shopping lists as the API answers them, for the shopping-list and meal-plan tests (their data: factories.ts). */
import { expect } from "vitest";
import * as z from "zod/mini";
import { ShoppingListItemRead } from "../../core/shopping-list/schemas.ts";
import { dispatch } from "../../functions/lib/local.ts";
import type { ApiResponse } from "./api.ts";
import { checkResponse } from "./response-check.ts";

/** An item as the API answers it. */
export type ListItem = {
  id: number;
  ingredient_id: number | null;
  name: string;
  amount_grams: number | null;
  amount_readable: string;
  checked: boolean;
  recipe_ids: number[];
  version: number;
  updated_by: { user_id: number; username: string } | null;
  created_at: string;
  updated_at: string;
};

/** Every item of a whole list, across its sections, in section order. */
export const itemsOf = (list: { sections: { items: ListItem[] }[] }): ListItem[] =>
  list.sections.flatMap((s) => s.items);

/** The unchecked item of an ingredient (by name), from a whole list. */
export const uncheckedItem = (list: { sections: { items: ListItem[] }[] }, name: string) =>
  itemsOf(list).find((item) => item.name === name && !item.checked);

/**
 * `POST /shopping-lists/<id>/items`. Its 201 is held to the API reference like every response; its 200
 * (added to the existing unchecked item) cannot be declared there yet, because an endpoint definition
 * documents one success status (functions/lib/openapi.ts). So a 200 is checked here instead, against
 * the same schema the 201 documents, strictly.
 */
export async function postItem(listId: number, token: string, json: unknown): Promise<ApiResponse> {
  const path = `/api/v1/shopping-lists/${listId}/items`;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const response = await dispatch({ method: "POST", url: path, headers, body: JSON.stringify(json) });
  const text = response.body.toString("utf8");
  const result: ApiResponse = {
    status: response.status,
    headers: response.headers,
    body: /json/.test(response.headers["content-type"] ?? "") && text ? JSON.parse(text) : text,
    raw: response.body,
  };
  if (result.status === 200) {
    expect(result.headers["content-type"]).toBe("application/json");
    z.strictObject(ShoppingListItemRead.shape).parse(result.body);
  } else {
    await checkResponse("POST", path, result);
  }
  return result;
}
