/**
 * A small foods table for the nutrition route tests, built from the shared copy of USDA's SR28
 * workbook (never copied into the project) in the test's own database, through the importer: the
 * foods below, the food names the matcher reads, and the ingredients matched as an import does.
 */
import { getDb } from "../../core/db.ts";
import { importFoods } from "../../core/nutrition/import.ts";
import type { Food } from "../../core/nutrition/sr28.ts";
import { readSr28 } from "../../core/nutrition/sr28.ts";
import { ABBREV_XLSX } from "../core/nutrition/workbook.ts";

/** The foods loaded, by NDB number, with their short description. */
export const FOODS = {
  butter: 1001, // BUTTER,WITH SALT: 717 kcal
  egg: 1123, // EGG,WHL,RAW,FRSH: 143 kcal
  salt: 2047, // SALT,TABLE
  oliveOil: 4053, // OIL,OLIVE,SALAD OR COOKING: 884 kcal
  onion: 11282, // ONIONS,RAW: 40 kcal
  onionBoiled: 11283, // ONIONS,CKD,BLD,DRND,WO/SALT
  springOnion: 11291, // ONIONS,SPRING OR SCALLIONS (INCL TOPS&BULB),RAW
  tomato: 11529, // TOMATOES,RED,RIPE,RAW,YEAR RND AVERAGE
  sugar: 19335, // SUGARS,GRANULATED: 387 kcal
  flour: 20081, // WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED: 364 kcal
} as const;

/** Imports FOODS (or the foods `ids`) from the shared workbook; returns them as read. */
export async function loadFoods(ids: readonly number[] = Object.values(FOODS)): Promise<Map<number, Food>> {
  const wanted = new Set(ids);
  const foods = new Map<number, Food>();
  for await (const food of readSr28(ABBREV_XLSX)) if (wanted.has(food.id)) foods.set(food.id, food);
  await importFoods(getDb(), [...foods.values()]);
  return foods;
}
