/**
 * Every migration, in order. A static list (not a folder scan) so that it works the same
 * under vitest, tsx and a bundled Lambda.
 */
import type { Migration, MigrationProvider } from "kysely/migration";
import * as initial from "./2026-11-22T0000-initial.ts";
import * as recipeIndexes from "./2026-11-22T0100-recipe-indexes.ts";
import * as hardening from "./2026-11-24T0100-hardening.ts";
import * as shoppingLists from "./2026-11-24T0200-shopping-lists.ts";
import * as ingredientWeightsSourceUrl from "./2026-11-24T0300-ingredient-weights-source-url.ts";
import * as recipeSearchTiers from "./2026-11-24T0400-recipe-search-tiers.ts";
import * as recipeTitleWords from "./2026-11-24T0500-recipe-title-words.ts";
import * as oneName from "./2026-11-25T0100-one-name.ts";
import * as households from "./2026-11-25T0200-households.ts";
import * as recipeTotalTime from "./2026-11-25T0300-recipe-total-time.ts";
import * as orphanInvitations from "./2026-11-28T0100-orphan-invitations.ts";
import * as unknownGrams from "./2026-11-28T0200-unknown-grams.ts";
import * as sessions from "./2026-11-28T0300-sessions.ts";
import * as apiTokens from "./2026-11-28T0400-api-tokens.ts";
import * as oidcIdentities from "./2026-11-28T0500-oidc-identities.ts";
import * as passwordResets from "./2026-11-28T0600-password-resets.ts";
import * as userPreferences from "./2026-11-28T0700-user-preferences.ts";
import * as foods from "./2026-11-28T0800-foods.ts";
import * as foodNames from "./2026-11-28T0900-food-names.ts";
import * as recipeRevisions from "./2026-11-29T0200-recipe-revisions.ts";
import * as favouritesRatingsCooked from "./2026-11-29T0300-favourites-ratings-cooked.ts";
import * as calendarLinks from "./2026-11-29T0400-calendar-links.ts";
import * as checkedAt from "./2026-11-29T0500-checked-at.ts";
import * as foodNamesForms from "./2026-11-29T0600-food-names-forms.ts";
import * as ingredientOtherNames from "./2026-11-29T0700-ingredient-other-names.ts";

export const migrations: Record<string, Migration> = {
  "2026-11-22T0000-initial": initial,
  "2026-11-22T0100-recipe-indexes": recipeIndexes,
  "2026-11-24T0100-hardening": hardening,
  "2026-11-24T0200-shopping-lists": shoppingLists,
  "2026-11-24T0300-ingredient-weights-source-url": ingredientWeightsSourceUrl,
  "2026-11-24T0400-recipe-search-tiers": recipeSearchTiers,
  "2026-11-24T0500-recipe-title-words": recipeTitleWords,
  "2026-11-25T0100-one-name": oneName,
  "2026-11-25T0200-households": households,
  "2026-11-25T0300-recipe-total-time": recipeTotalTime,
  "2026-11-28T0100-orphan-invitations": orphanInvitations,
  "2026-11-28T0200-unknown-grams": unknownGrams,
  "2026-11-28T0300-sessions": sessions,
  "2026-11-28T0400-api-tokens": apiTokens,
  "2026-11-28T0500-oidc-identities": oidcIdentities,
  "2026-11-28T0600-password-resets": passwordResets,
  "2026-11-28T0700-user-preferences": userPreferences,
  "2026-11-28T0800-foods": foods,
  "2026-11-28T0900-food-names": foodNames,
  "2026-11-29T0200-recipe-revisions": recipeRevisions,
  "2026-11-29T0300-favourites-ratings-cooked": favouritesRatingsCooked,
  "2026-11-29T0400-calendar-links": calendarLinks,
  "2026-11-29T0500-checked-at": checkedAt,
  "2026-11-29T0600-food-names-forms": foodNamesForms,
  "2026-11-29T0700-ingredient-other-names": ingredientOtherNames,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
