import type { Id, Pictures, Timestamps } from "../table-types.ts";

export interface CategoriesTable extends Timestamps, Pictures {
  id: Id;
  name: string;
  description: string | null;
}
