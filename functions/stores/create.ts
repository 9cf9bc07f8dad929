import { getDb } from "../../core/db.ts";
import { StoreCreate, StoreRead } from "../../core/store/schemas.ts";
import { createStore } from "../../core/store/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("stores/create", {
  summary: "Create a store",
  description:
    "latitude (−90…90) and longitude (−180…180) come together or not at all; `website` is an " +
    "http(s) URL; `phone` is digits with spaces, '-', '.', '/' or parentheses, optionally after '+'.",
  body: StoreCreate,
  response: { status: 201, schema: StoreRead, description: "The created store; the caller owns it." },
  handle: async ({ body, caller }) => {
    const store = await createStore(getDb(), body, caller);
    return created(store, `${API_PREFIX}/stores/${store.id}`);
  },
});
