import { removePictureEndpoint } from "./picture-endpoints.ts";

export const handler = removePictureEndpoint({ table: "users", noun: "user", param: "user_id" });
