/** Request and response shapes of stores (CONTRACT.md: stores). */
import * as z from "zod/mini";

/** Digits with the usual separators and an optional leading +, at least 3 digits: `+1 (555) 123-4567`. */
const Phone = z
  .string()
  .check(
    z.trim(),
    z.regex(
      /^(?=(?:\D*\d){3})\+?[0-9 ()./-]{3,40}$/,
      "Phone must be digits with spaces, '-', '.', '/' or parentheses, optionally starting with '+'.",
    ),
  );

export const StoreBase = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  address: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
  /** Give latitude and longitude together, or neither. */
  latitude: z.optional(z.nullable(z.number().check(z.gte(-90), z.lte(90)))),
  longitude: z.optional(z.nullable(z.number().check(z.gte(-180), z.lte(180)))),
  phone: z.optional(z.nullable(Phone)),
  website: z.optional(
    z.nullable(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).check(z.maxLength(2000))),
  ),
  description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
});
export type StoreBase = z.infer<typeof StoreBase>;

export const StoreCreate = StoreBase;
export type StoreCreate = z.infer<typeof StoreCreate>;

/** Any subset of the create fields; the stored latitude and longitude must still come as a pair. */
export const StoreUpdate = z.partial(StoreBase);
export type StoreUpdate = z.infer<typeof StoreUpdate>;

export const StoreRead = z.object({
  id: z.number().check(z.int()),
  user_id: z.nullable(z.number().check(z.int())),
  name: z.string(),
  address: z.nullable(z.string()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  phone: z.nullable(z.string()),
  website: z.nullable(z.string()),
  description: z.nullable(z.string()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type StoreRead = z.infer<typeof StoreRead>;
