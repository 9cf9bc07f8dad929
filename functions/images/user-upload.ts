import { getDb } from "../../core/db.ts";
import { UserRead } from "../../core/user/schemas.ts";
import { getUser } from "../../core/user/service.ts";
import { uploadPictureEndpoint } from "./picture-endpoints.ts";

export const handler = uploadPictureEndpoint({
  table: "users",
  noun: "user",
  param: "user_id",
  schema: UserRead,
  read: (id, caller) => getUser(getDb(), id, caller),
});
