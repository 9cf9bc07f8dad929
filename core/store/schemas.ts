/** Request and response shapes of stores (CONTRACT.md: stores). */
import * as z from "zod";

/** Digits with the usual separators and an optional leading +, at least 3 digits: `+1 (555) 123-4567`. */
const Phone = z
  .string()
  .trim()
  .regex(
    /^(?=(?:\D*\d){3})\+?[0-9 ()./-]{3,40}$/,
    "Phone must be digits with spaces, '-', '.', '/' or parentheses, optionally starting with '+'.",
  );

export const StoreBase = z.strictObject({
  name: z.string().trim().min(1).max(120),
  address: z.string().trim().max(500).nullable().optional(),
  /** Give latitude and longitude together, or neither. */
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  phone: Phone.nullable().optional(),
  website: z
    .url({ protocol: /^https?$/, hostname: z.regexes.domain })
    .max(2000)
    .nullable()
    .optional(),
  description: z.string().max(2000).nullable().optional(),
});
export type StoreBase = z.infer<typeof StoreBase>;

export const StoreCreate = StoreBase;
export type StoreCreate = z.infer<typeof StoreCreate>;

/** Any subset of the create fields; the stored latitude and longitude must still come as a pair. */
export const StoreUpdate = StoreBase.partial();
export type StoreUpdate = z.infer<typeof StoreUpdate>;

export const StoreRead = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type StoreRead = z.infer<typeof StoreRead>;
