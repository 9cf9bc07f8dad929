/**
 * Search parameters as plain query strings (`?q=soup&ingredient_id=3&ingredient_id=7`), the same
 * style as the API's, instead of the router's default JSON-in-URL; and small parsers for the routes'
 * `validateSearch`, which type each page's parameters and drop what does not parse.
 */
type Raw = Record<string, string | string[]>;

export function parseSearch(search: string): Raw {
  const out: Raw = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = out[key];
    out[key] = previous === undefined ? value : [...[previous].flat(), value];
  }
  return out;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of [value].flat()) {
      if (item === undefined || item === null || item === "" || item === false) continue;
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** A non-empty string, trimmed; undefined otherwise. */
export function text(value: unknown): string | undefined {
  const v = first(value);
  if (typeof v !== "string" && typeof v !== "number") return undefined;
  const s = String(v).trim();
  return s ? s : undefined;
}

/** A positive integer within bounds; undefined otherwise. */
export function positiveInt(value: unknown, max = 2_147_483_647): number | undefined {
  const v = first(value);
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
}

/** Every positive integer among repeated values, without repeats. */
export function positiveInts(value: unknown): number[] | undefined {
  const list = [...new Set([value].flat().map((v) => positiveInt(v)))].filter(
    (n): n is number => n !== undefined,
  );
  return list.length ? list : undefined;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  const v = first(value);
  return allowed.includes(v as T) ? (v as T) : undefined;
}

export const flag = (value: unknown): true | undefined =>
  first(value) === "1" || first(value) === "true" || first(value) === true ? true : undefined;
