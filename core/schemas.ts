/**
 * Every resource's request and response schemas. The API reference names its components after
 * these exports (`RecipeRead`, `StoreCreate`...), so a schema is documented under the name the
 * code gives it.
 */
export * from "./api-token/schemas.ts";
export * from "./archive/schemas.ts";
export * from "./category/schemas.ts";
export * from "./days.ts";
export * from "./ingredient/schemas.ts";
export * from "./meal-plan/schemas.ts";
export * from "./oidc/schemas.ts";
export * from "./page-import/schemas.ts";
export * from "./password-reset/schemas.ts";
export * from "./recipe/schemas.ts";
export * from "./shelf/schemas.ts";
export * from "./shopping-list/schemas.ts";
export * from "./store/schemas.ts";
export * from "./user/schemas.ts";
