/** Request and response shapes of households (CONTRACT.md: households). */
import * as z from "zod/mini";
import { Cursor, Limit, pageOf } from "../pagination.ts";
import { HOUSEHOLD_ROLES } from "./table.ts";

export const HouseholdRole = z.enum(HOUSEHOLD_ROLES, { error: "Must be 'owner' or 'member'." });

export const HouseholdBase = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
});
export type HouseholdBase = z.infer<typeof HouseholdBase>;

export const HouseholdCreate = HouseholdBase;
export type HouseholdCreate = z.infer<typeof HouseholdCreate>;

export const HouseholdUpdate = HouseholdBase;
export type HouseholdUpdate = z.infer<typeof HouseholdUpdate>;

export const HouseholdMemberRead = z.object({
  user_id: z.number().check(z.int()),
  username: z.string(),
  role: HouseholdRole,
  joined_at: z.iso.datetime(),
});

export const HouseholdRead = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  /** Everyone in it, owners first, then in the order they joined. */
  members: z.array(HouseholdMemberRead),
  /** The caller's own role in it; null for an admin who is not a member. */
  role: z.nullable(HouseholdRole),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type HouseholdRead = z.infer<typeof HouseholdRead>;

export const HouseholdPage = pageOf(HouseholdRead);

export const HouseholdListQuery = z.strictObject({ limit: Limit, cursor: Cursor });
export type HouseholdListQuery = z.infer<typeof HouseholdListQuery>;

/** `POST …/invitations` takes an empty object: what an invitation says is decided by the service. */
export const InvitationCreate = z.strictObject({});

export const InvitationRead = z.object({
  /** The invitation's id, to revoke it by (`DELETE …/invitations/<id>`). */
  id: z.number().check(z.int()),
  /** Single use; 128 random bits as 22 base64url characters (the app shows it as `/join/<code>`). */
  code: z.string(),
  expires_at: z.iso.datetime(),
});
export type InvitationRead = z.infer<typeof InvitationRead>;

/** An open invitation as listed: never its code, which only its maker saw once. */
export const OpenInvitation = z.object({
  id: z.number().check(z.int()),
  /** Who made it; null once their account is gone (their open invitations go with it). */
  created_by: z.nullable(z.object({ user_id: z.number().check(z.int()), username: z.string() })),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
});
export type OpenInvitation = z.infer<typeof OpenInvitation>;

export const OpenInvitationList = z.object({ items: z.array(OpenInvitation) });

export const HouseholdJoin = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
});
export type HouseholdJoin = z.infer<typeof HouseholdJoin>;

export const HouseholdMemberUpdate = z.strictObject({ role: HouseholdRole });
export type HouseholdMemberUpdate = z.infer<typeof HouseholdMemberUpdate>;
