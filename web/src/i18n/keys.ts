/**
 * Every message id, checked by the compiler: `<part>.<key>` for each key of the English file of each
 * part (messages/en/<part>.json). A new part adds its line here.
 */
import type account from "./messages/en/account.json";
import type admin from "./messages/en/admin.json";
import type app from "./messages/en/app.json";
import type archive from "./messages/en/archive.json";
import type auth from "./messages/en/auth.json";
import type calendar from "./messages/en/calendar.json";
import type catalogue from "./messages/en/catalogue.json";
import type common from "./messages/en/common.json";
import type components from "./messages/en/components.json";
import type cookTimers from "./messages/en/cook-timers.json";
import type cooked from "./messages/en/cooked.json";
import type households from "./messages/en/households.json";
import type learnedAisles from "./messages/en/learned-aisles.json";
import type lib from "./messages/en/lib.json";
import type mealPlan from "./messages/en/meal-plan.json";
import type nutrition from "./messages/en/nutrition.json";
import type recipeEditor from "./messages/en/recipe-editor.json";
import type recipeHistory from "./messages/en/recipe-history.json";
import type recipes from "./messages/en/recipes.json";
import type shoppingLists from "./messages/en/shopping-lists.json";

type Ids<Part extends string, Messages> = `${Part}.${keyof Messages & string}`;

export type MessageId =
  | Ids<"common", typeof common>
  | Ids<"app", typeof app>
  | Ids<"components", typeof components>
  | Ids<"lib", typeof lib>
  | Ids<"account", typeof account>
  | Ids<"auth", typeof auth>
  | Ids<"admin", typeof admin>
  | Ids<"archive", typeof archive>
  | Ids<"catalogue", typeof catalogue>
  | Ids<"households", typeof households>
  | Ids<"learned-aisles", typeof learnedAisles>
  | Ids<"meal-plan", typeof mealPlan>
  | Ids<"nutrition", typeof nutrition>
  | Ids<"shopping-lists", typeof shoppingLists>
  | Ids<"recipe-editor", typeof recipeEditor>
  | Ids<"recipe-history", typeof recipeHistory>
  | Ids<"recipes", typeof recipes>
  | Ids<"cook-timers", typeof cookTimers>
  | Ids<"calendar", typeof calendar>
  | Ids<"cooked", typeof cooked>;
