/**
 * Amounts as written, scaled (`1 1/2 cups` × 0.25 = `6 tbsp`) and added up (`1 cup` + `4 tbsp` =
 * `1 1/4 cups`): read by ./read.ts, written by ./write.ts by the rules there. Pure functions.
 */
import { noteComma, readAmount } from "./read.ts";
import { type Amount, MEASURES, type MeasureUnit, toBase } from "./units.ts";
import { writeAmount, writeQuantity } from "./write.ts";

/** Splits what `sumAmounts` writes (`2 cups + 1 pinch`) into its amounts. */
const parts = (text: string) => text.split(/\s+\+\s+/);

/**
 * An amount as written times `factor`, written in kitchen measures: `1 1/2 cups` × 0.25 = `6 tbsp`.
 * Factor 1 returns the text unchanged; amounts in words (`a pinch`) stay as written; the note stays.
 * A factor that is not a positive finite number is a RangeError.
 */
export function scaleAmount(readable: string, factor: number): string {
  if (!Number.isFinite(factor) || factor <= 0) throw new RangeError(`Cannot scale an amount by ${factor}.`);
  if (factor === 1) return readable;
  return parts(readable)
    .map((part) => {
      const amount = readAmount(part);
      if (!amount || amount.quantity === null || (amount.quantity === 0 && !amount.quantityMax)) return part;
      return writeAmount(scaleStructured(amount, factor));
    })
    .join(" + ");
}

function scaleStructured(amount: Amount, factor: number): Amount {
  return {
    ...amount,
    quantity: amount.quantity === null ? null : amount.quantity * factor,
    quantityMax: amount.quantityMax === null ? null : amount.quantityMax * factor,
    alt: amount.alt ? scaleStructured(amount.alt, factor) : null,
  };
}

/** Which amounts add up: the same kind, and for pieces the same piece noun. */
function groupKey(amount: Amount): string {
  if (amount.kind === "piece") return `piece:${(amount.unit ?? "").toLowerCase()}`;
  if (amount.kind === "words") return `words:${(amount.words ?? "").toLowerCase()}`;
  return amount.kind;
}

/**
 * The amounts added up and written as one: `1 cup` + `4 tbsp` = `1 1/4 cups`. Amounts of
 * different kinds (US and metric, different piece nouns, words) stand side by side joined with
 * ` + `, in the order they first appear. Notes are dropped; empty texts are ignored; the same
 * amount in words twice (`a pinch` + `a pinch`) stays once (`a pinch`); a note on its own
 * (`for the water`) is dropped. A group of one amount is that amount as written, without its note.
 * Ranges add up end by end (`1-2 tbsp` + `1 tbsp` = `2-3 tbsp`).
 */
export function sumAmounts(readables: string[]): string {
  const groups = new Map<string, { amounts: Amount[]; texts: string[] }>();
  for (const readable of readables) {
    for (const part of parts(readable ?? "")) {
      const amount = readAmount(part);
      if (!amount) continue;
      if (amount.kind === "words" && /^for\b/i.test(amount.words ?? "")) continue;
      if (amount.quantity === 0 && !amount.quantityMax) continue;
      const key = groupKey(amount);
      const group = groups.get(key) ?? { amounts: [], texts: [] };
      group.amounts.push(amount);
      group.texts.push(writtenWithoutNote(part, amount));
      groups.set(key, group);
    }
  }
  const out: string[] = [];
  for (const { amounts, texts } of groups.values()) {
    const first = amounts[0] as Amount;
    if (first.kind === "words" || amounts.length === 1) {
      out.push(texts[0] as string);
      continue;
    }
    let low = 0;
    let high = 0;
    let ranged = false;
    for (const a of amounts) {
      low += toBase(a, a.quantity ?? 0);
      high += toBase(a, a.quantityMax ?? a.quantity ?? 0);
      if (a.quantityMax !== null) ranged = true;
    }
    const counted = first.kind === "piece" || first.kind === "number";
    // Measures are written from the biggest unit added: `1 cup` + `4 tbsp` reads as cups.
    let unit = first.unit;
    for (const a of amounts) {
      if (!counted && a.unit && MEASURES[a.unit as MeasureUnit].base > MEASURES[unit as MeasureUnit].base)
        unit = a.unit;
    }
    const size = counted ? 1 : MEASURES[unit as MeasureUnit].base;
    const unitPlural = counted
      ? (amounts.find((a) => a.quantity !== null && a.quantity > 1)?.unitPlural ?? first.unitPlural)
      : first.unitPlural;
    out.push(
      writeQuantity(
        {
          ...first,
          unit,
          unitPlural,
          quantity: low / size,
          quantityMax: ranged ? high / size : null,
          alt: null,
          note: null,
          decimalComma: amounts.some((a) => a.decimalComma),
          rangeSeparator: amounts.find((a) => a.quantityMax !== null)?.rangeSeparator ?? first.rangeSeparator,
        },
        true,
      ),
    );
  }
  return joinBounded(out);
}

/**
 * The longest sum written out in full, as long as an amount a person may type (500 characters): a
 * list item that 300 recipes added to must not grow past what a screen or a live message holds.
 */
export const MAX_SUM_CHARS = 500;

/** `a + b + c`, the terms that fit in MAX_SUM_CHARS, then `+ 3 more` for those that do not. */
function joinBounded(terms: string[]): string {
  let text = terms[0] ?? "";
  for (let i = 1; i < terms.length; i++) {
    const more = ` + ${terms.length - i} more`;
    const next = `${text} + ${terms[i]}`;
    const room =
      i === terms.length - 1 ? MAX_SUM_CHARS : MAX_SUM_CHARS - ` + ${terms.length - i - 1} more`.length;
    if (next.length > room) return `${text}${more}`;
    text = next;
  }
  return text;
}

/** The amount as written, without its note (and without a remark in parentheses). */
function writtenWithoutNote(part: string, amount: Amount): string {
  const text = part.replace(/\s+/g, " ").trim();
  if (!amount.note) return amount.kind === "words" ? (amount.words ?? text) : text;
  if (amount.kind === "words") return amount.words ?? text;
  const comma = noteComma(text);
  const before = comma >= 0 ? text.slice(0, comma).trim() : "";
  if (before && readAmount(before)?.note === null) return before;
  return writeAmount({ ...amount, note: null });
}
