import { getDb } from "../../core/db.ts";
import { getLearnedOrder } from "../../core/store/learning.ts";
import { LearnedOrderRead } from "../../core/store/learning-schemas.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("stores/learned-order", {
  summary: "The walking order a store learned from the ticks",
  description:
    "Every time an ingredient on a list that follows the store is checked, the store keeps when " +
    "(`checked_at`) and who checked it. A trip is one shopper's checks on one list, cut where more than " +
    "30 minutes pass; a trip ticked within one second (at home) teaches nothing, nor do checks less " +
    "than a second apart (the rest of a list ticked at the checkout). From the trips of every shopper, " +
    "recent ones weighing more (a trip weighs half as much as the one 4 trips newer: stores move " +
    "things), the store learns the order its ingredients are found in: each ingredient's place from " +
    "the times of its ticks, then the order that agrees with the most of the trips' pairs (\"a " +
    'before b"). `items` are in that walking order; `shelf_id` is the shelf a person put the ' +
    "ingredient on (it always wins: lists place it there), and for the others `suggested_shelf_id` " +
    "is the shelf of their nearer shelved neighbour in this order. `confidence` (0–1) grows with the " +
    "trips that agree with an ingredient's place and drops with those that do not. `trips`: the " +
    "trips that taught it. Anyone may read it.",
  response: { status: 200, schema: LearnedOrderRead, description: "The learned order." },
  errors: ["not_found"],
  handle: async ({ params }) => ok(await getLearnedOrder(getDb(), params.store_id)),
});
