import type { Id, Timestamps } from "../table-types.ts";

export interface StoresTable extends Timestamps {
  id: Id;
  /** The creator; null once their account is deleted. */
  user_id: number | null;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  description: string | null;
}
