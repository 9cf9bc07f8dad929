import { getDb } from "../../core/db.ts";
import { UserRead } from "../../core/user/schemas.ts";
import { getUser } from "../../core/user/service.ts";
import { uploadPictureEndpoint } from "./picture-endpoints.ts";

export const handler = uploadPictureEndpoint("images/user-upload", "User", UserRead, (id, caller) =>
  getUser(getDb(), id, caller),
);
