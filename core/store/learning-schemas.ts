/** The response of `GET /stores/<store_id>/learned-order` (CONTRACT.md: stores that learn their walking order). */
import * as z from "zod/mini";

export const LearnedOrderItem = z.object({
  ingredient_id: z.number().check(z.int()),
  name: z.string(),
  /** The shelf of the store a person put it on (the shelves routes), or null. */
  shelf_id: z.nullable(z.number().check(z.int())),
  /** For an ingredient on no shelf: the shelf it is found beside (of its nearer shelved neighbour in this order), or null. */
  suggested_shelf_id: z.nullable(z.number().check(z.int())),
  /** How sure the order is of its place: grows with the trips that agree, drops with those that do not. */
  confidence: z.number().check(z.gte(0), z.lte(1)),
});
export type LearnedOrderItem = z.infer<typeof LearnedOrderItem>;

export const LearnedOrderRead = z.object({
  /** The trips the order was learned from (one shopper's ticks on one list in one visit, more than a second long). */
  trips: z.number().check(z.int(), z.gte(0)),
  /** The ingredients in walking order, the entrance first. */
  items: z.array(LearnedOrderItem),
});
export type LearnedOrderRead = z.infer<typeof LearnedOrderRead>;
