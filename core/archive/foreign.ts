/**
 * Uploads that are not this service's archives, told apart by their bytes rather than their name:
 * - a Paprika export (`.paprikarecipes`): a zip of `.paprikarecipe` files, each one recipe as
 *   gzip-compressed JSON (name, ingredients and directions as lines, servings, times as words,
 *   source_url, categories, photo_data as base64), or one `.paprikarecipe` on its own;
 * - schema.org recipes as Mealie, Tandoor, Nextcloud Cookbook and RecipeSage export them: a JSON
 *   file holding a Recipe, a list of them or a `@graph`, or a zip of such files (Nextcloud's
 *   `<recipe>/recipe.json` beside its `full.jpg`).
 * Each recipe is handed on as schema.org JSON, so the import's parser reads it like pasted JSON-LD
 * and its lines get grams. A zip is held to the archive reader's limits (entries, sizes, ratio,
 * safe names); a gzip that inflates past its limit is refused the same way.
 */
import { open } from "node:fs/promises";
import { posix } from "node:path";
import { gunzipSync } from "node:zlib";
import type yauzl from "yauzl";
import { asArray, findRecipe, isNode, typesOf } from "../page-import/schema-org.ts";
import { IMPORT_LIMITS, MANIFEST_PATH, type ReadLimits } from "./format.ts";
import { archiveInvalid, listEntries, openZip, readEntry, zipError } from "./reader.ts";

type Node = Record<string, unknown>;

/** One recipe of the upload as schema.org JSON, with its picture when the upload carries one. */
export type ForeignRecipe = {
  /** The file it came from (the upload itself for a lone file). */
  file: string;
  json: object;
  /** The picture's bytes: Paprika's photo_data, a Nextcloud folder's full.jpg, a `data:` image. */
  picture: () => Promise<Buffer | undefined>;
};

/** A file that held no readable recipe: said in a warning while the others still come in. */
export type Unreadable = { file: string; problem: string };

export type ForeignUpload = {
  format: "Paprika" | "schema.org";
  /** The 422's reason when none of its recipes can be read. */
  noRecipe: string;
  recipes: () => AsyncGenerator<ForeignRecipe | Unreadable>;
  close: () => void;
};

/**
 * One Paprika recipe, unpacked: its photos are in it as base64, a few MB at most. Held unpacked, as
 * text, parsed and its photo decoded, about 3.5 times this at once: ~56 MiB, within IMPORT_LIMITS' budget.
 */
export const MAX_PAPRIKA_RECIPE_BYTES = 16 * 1024 ** 2;

const UPLOAD = "the upload";
const IMAGE_FILE = /\.(jpe?g|png|webp|avif)$/i;

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** The first bytes of a file, to tell its format. */
async function head(path: string): Promise<{ magic: Buffer; size: number }> {
  const file = await open(path);
  try {
    const magic = Buffer.alloc(4);
    const { bytesRead } = await file.read(magic, 0, 4, 0);
    return { magic: magic.subarray(0, bytesRead), size: (await file.stat()).size };
  } finally {
    await file.close();
  }
}

const isZip = (magic: Buffer) =>
  magic.length >= 4 && magic[0] === 0x50 && magic[1] === 0x4b && (magic[2] === 3 || magic[2] === 5);
const isGzip = (magic: Buffer) => magic.length >= 2 && magic[0] === 0x1f && magic[1] === 0x8b;

/** Pictures are held to the picture limit, everything else to the data file limit. */
const foreignLimit = (name: string, limits: ReadLimits) =>
  IMAGE_FILE.test(name) ? limits.maxImageBytes : limits.maxDataFileBytes;

/**
 * The upload at `path` as recipes of another program, or undefined when it is an archive of this
 * service (a zip with a manifest.json, read by ArchiveReader). 422 for anything else.
 */
export async function openForeignUpload(
  path: string,
  limits: ReadLimits = IMPORT_LIMITS,
): Promise<ForeignUpload | undefined> {
  const { magic, size } = await head(path);
  if (isZip(magic)) return openZipUpload(path, limits);
  if (size > limits.maxDataFileBytes) {
    throw archiveInvalid(`it is not a zip file, and larger than ${limits.maxDataFileBytes} bytes.`);
  }
  const file = await open(path);
  const bytes = await file.readFile().finally(() => file.close());
  if (isGzip(magic)) {
    // One `.paprikarecipe` on its own.
    const recipe = paprikaRecipe(bytes, UPLOAD, limits);
    if ("problem" in recipe) throw archiveInvalid(`it is gzip-compressed but ${recipe.problem}.`);
    return single(recipe);
  }
  const body = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (!/^\s*[[{]/.test(body)) {
    throw archiveInvalid(
      "it is not a readable zip file, a Paprika export or a JSON file of schema.org recipes.",
    );
  }
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch (error) {
    throw archiveInvalid(`it looks like JSON but does not parse (${(error as Error).message}).`);
  }
  const found = recipeNodes(root);
  if (found.length === 0) throw archiveInvalid("its JSON holds no schema.org Recipe.");
  return {
    format: "schema.org",
    noRecipe: "none of its recipes could be read",
    recipes: async function* () {
      for (const { recipe, json } of found)
        yield { file: UPLOAD, json, picture: async () => dataImage(recipe) };
    },
    close: () => undefined,
  };
}

function single(recipe: ForeignRecipe): ForeignUpload {
  return {
    format: "Paprika",
    noRecipe: "its recipe could not be read",
    recipes: async function* () {
      yield recipe;
    },
    close: () => undefined,
  };
}

/** Files of a zip that matter: not folders, not macOS's `__MACOSX/` and `._` companions. */
const isContent = (name: string) => !name.startsWith("__MACOSX/") && !posix.basename(name).startsWith(".");

async function openZipUpload(path: string, limits: ReadLimits): Promise<ForeignUpload | undefined> {
  const zip = await openZip(path);
  try {
    const entries = await listEntries(zip, limits, foreignLimit);
    if (entries.has(MANIFEST_PATH)) {
      zip.close();
      return undefined;
    }
    const names = [...entries.keys()].filter(isContent);
    const paprika = names.filter((n) => /\.paprikarecipe$/i.test(n));
    const json = names.filter((n) => /\.json$/i.test(n));
    const close = () => zip.close();
    if (paprika.length > 0) {
      return {
        format: "Paprika",
        noRecipe: "it is a Paprika export, but none of its recipes could be read",
        recipes: async function* () {
          for (const name of paprika) {
            yield paprikaRecipe(
              await readEntry(zip, entries.get(name) as yauzl.Entry, undefined),
              name,
              limits,
            );
          }
        },
        close,
      };
    }
    if (json.length > 0) {
      return {
        format: "schema.org",
        noRecipe:
          "it has no manifest.json, so it is not an archive of this service, and none of its JSON files holds a schema.org recipe that could be read",
        recipes: () => schemaOrgFiles(zip, entries, json),
        close,
      };
    }
    throw archiveInvalid(
      "it has no manifest.json, so it is not an archive of this service, and it holds no Paprika recipe (.paprikarecipe) and no JSON file of schema.org recipes.",
    );
  } catch (error) {
    zip.close();
    throw zipError(error);
  }
}

/** One gzip-compressed Paprika recipe → schema.org JSON; a bomb is the upload's 422. */
function paprikaRecipe(packed: Buffer, file: string, limits: ReadLimits): ForeignRecipe | Unreadable {
  let bytes: Buffer;
  try {
    bytes = gunzipSync(packed, { maxOutputLength: MAX_PAPRIKA_RECIPE_BYTES });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw archiveInvalid(`the file '${file}' unpacks to more than ${MAX_PAPRIKA_RECIPE_BYTES} bytes.`);
    }
    return { file, problem: "is not gzip-compressed" };
  }
  if (bytes.length > 1024 * 1024 && bytes.length > packed.length * limits.maxCompressionRatio) {
    throw archiveInvalid(
      `the file '${file}' unpacks ${Math.round(bytes.length / packed.length)} times its packed size (a zip bomb?).`,
    );
  }
  let recipe: unknown;
  try {
    recipe = JSON.parse(bytes.toString("utf8"));
  } catch {
    return { file, problem: "is not a JSON recipe once unpacked" };
  }
  if (!isNode(recipe)) return { file, problem: "is not a recipe (not a JSON object) once unpacked" };
  const photo = text(recipe.photo_data);
  return {
    file,
    json: paprikaToSchemaOrg(recipe),
    picture: async () => (photo ? Buffer.from(photo, "base64") : undefined),
  };
}

/** Paprika's fields in schema.org's words; its notes and nutrition go to the description. */
export function paprikaToSchemaOrg(recipe: Node): Node {
  const description = [
    text(recipe.description),
    text(recipe.notes) && `Notes: ${text(recipe.notes)}`,
    text(recipe.nutritional_info) && `Nutrition: ${text(recipe.nutritional_info)}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const optional: Node = {
    description,
    recipeYield: text(recipe.servings),
    prepTime: text(recipe.prep_time),
    cookTime: text(recipe.cook_time),
    totalTime: text(recipe.total_time),
    url: text(recipe.source_url),
  };
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: text(recipe.name),
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== "")),
    recipeIngredient: text(recipe.ingredients)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    recipeInstructions: text(recipe.directions),
    recipeCategory: asArray(recipe.categories).map(text).filter(Boolean),
  };
}

/** The .json files of a zip, each holding one recipe, a list or a `@graph`. */
async function* schemaOrgFiles(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  names: string[],
): AsyncGenerator<ForeignRecipe | Unreadable> {
  for (const name of names) {
    const body = (await readEntry(zip, entries.get(name) as yauzl.Entry, undefined))
      .toString("utf8")
      .replace(/^\uFEFF/, "");
    let root: unknown;
    try {
      root = JSON.parse(body);
    } catch {
      yield { file: name, problem: "is not valid JSON" };
      continue;
    }
    const found = recipeNodes(root);
    if (found.length === 0) {
      yield { file: name, problem: "holds no schema.org Recipe" };
      continue;
    }
    // Nextcloud Cookbook keeps a recipe's picture beside it: `<folder>/full.jpg`.
    const beside = found.length === 1 ? picturesBeside(name, entries) : undefined;
    for (const { recipe, json } of found) {
      yield {
        file: name,
        json,
        picture: async () =>
          dataImage(recipe) ?? (beside ? await readEntry(zip, beside, undefined) : undefined),
      };
    }
  }
}

/** `<folder>/full.jpg` (Nextcloud Cookbook) or `<name>.jpg` beside `<name>.json`. */
function picturesBeside(name: string, entries: Map<string, yauzl.Entry>): yauzl.Entry | undefined {
  const folder = posix.dirname(name);
  const stem = posix.basename(name).replace(/\.json$/i, "");
  for (const candidate of entries.keys()) {
    if (posix.dirname(candidate) !== folder || !IMAGE_FILE.test(candidate)) continue;
    const base = posix.basename(candidate).replace(IMAGE_FILE, "");
    if (base === "full" || base === stem) return entries.get(candidate);
  }
  return undefined;
}

/** A picture given inline as a `data:image/…;base64,` address. */
function dataImage(node: Node): Buffer | undefined {
  for (const image of asArray(node.image)) {
    const url = isNode(image) ? (image.url ?? image.contentUrl) : image;
    const match = typeof url === "string" ? /^data:image\/[\w+.-]+;base64,(.*)$/s.exec(url) : null;
    if (match?.[1]) return Buffer.from(match[1], "base64");
  }
  return undefined;
}

/**
 * Every recipe of a JSON document: a Recipe, a list of them, a `@graph`, a page's `mainEntity`;
 * Mealie's own recipe JSON (no `@type`, ingredients as objects) is read as a Recipe too. Each comes
 * with the document's other nodes (what an `@id` reference may point at), not with every other
 * recipe: a file of thousands of recipes is read in linear time.
 */
export function recipeNodes(root: unknown): { recipe: Node; json: object }[] {
  const recipes: Node[] = [];
  const others: Node[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 5) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isNode(value)) return;
    if (typesOf(value).includes("recipe")) recipes.push(plainLists(value));
    else if (Array.isArray(value["@graph"])) visit(value["@graph"], depth + 1);
    else if (value["@type"] === undefined && typeof value.name === "string" && "recipeIngredient" in value)
      recipes.push(plainLists({ ...value, "@type": "Recipe" }));
    else {
      others.push(value);
      const inside = findRecipe(value);
      if (inside) recipes.push(plainLists(inside.recipe));
    }
  };
  visit(root, 0);
  return recipes.map((recipe) => ({ recipe, json: [recipe, ...others] }));
}

/** Ingredient lines and categories written as objects (Mealie: `{originalText, display, note}`, `{name}`) → text. */
function plainLists(node: Node): Node {
  const lineText = (line: unknown) =>
    isNode(line)
      ? ((text(line.originalText) || text(line.display) || text(line.note) || text(line.text)) ?? "")
      : line;
  const name = (category: unknown) => (isNode(category) && !category["@id"] ? text(category.name) : category);
  return {
    ...node,
    ...(node.recipeIngredient !== undefined
      ? { recipeIngredient: asArray(node.recipeIngredient).map(lineText) }
      : {}),
    ...(node.recipeCategory !== undefined ? { recipeCategory: asArray(node.recipeCategory).map(name) } : {}),
  };
}
