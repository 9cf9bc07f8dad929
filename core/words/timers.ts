/**
 * The durations a recipe step's text names (CONTRACT.md: "cooking: timers in the steps"), in the ten
 * languages of the tables (./<code>.ts), whatever the step's language: `bake 25 minutes`, `10–12 min`,
 * `1 hour 30 minutes`, `1½ Std.`, `1 h 30`, `une demi-heure`, `fünf Minuten`, `en halv timme`.
 * Pure functions, computed when a recipe is read (never stored).
 *
 * - A range (`10–12 min`, `10 to 12 minutes`, `18 bis 20 Minuten`, `35 à 40 minutes`, `8 til 10
 *   minutter`) is one timer of its shorter end (the contract's `10–12 min` → 600: the cook looks when
 *   the first end is reached), its `text` the whole range.
 * - Hours then minutes (`1 hour 30 minutes`, `1 Stunde und 30 Minuten`, `1 time og 45 minutter`,
 *   `1h30`, `1 heure 15`, `an hour and a half`, `1 heure et demie`) are one timer.
 * - Numbers as digits (`1,5 Stunden`, `1.5 hours`, `1 1/2 hours`, `1½`, `½`) or as the tables' number
 *   words (NUMBER_WORDS), plus the tens a duration is said in (`fifteen`, `zwanzig`, `trente`); a number word counts
 *   only before a unit of its own language (`one at a time` is no Danish hour, `tres minutos` is 3).
 * - Not amounts, lengths or temperatures: only time units count (`2 cups`, `2 m`, `180 °C`, `350°F`
 *   are none); a bare `s`, `t` (Danish hours) or `u` (Dutch hours) is not read, too often something else.
 *
 * The text is read once by one regular expression whose every match is bounded in length, then the
 * matches are joined in one pass: linear in the text's length.
 */
import { type Code, NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import { fold, foldInPlace, wordsOf } from "./words.ts";

/** A duration found in a step: its seconds, the words that name it, their offsets in the step's text. */
export type Timer = { seconds: number; text: string; start: number; end: number };

const SECOND = 1;
const MINUTE = 60;
const HOUR = 3600;

/**
 * Each language's time units: `|` lists of written forms → seconds in one. `h`, `min` and `sec` are
 * everyone's (`*`). Forms that end with a dot are the abbreviation with its dot (`Std.`); `min.` is
 * not one of them (the dot is as often the sentence's end).
 */
const UNITS: readonly (readonly [Code | "*", string, number])[] = [
  ["*", "h|hr|hr.|hrs|hrs.|std.|std", HOUR],
  ["*", "min|mins|mn", MINUTE],
  ["*", "sec|sec.|secs|sek|sek.|seg|seg.", SECOND],
  ["en", "hours|hour", HOUR],
  ["en", "minutes|minute", MINUTE],
  ["en", "seconds|second", SECOND],
  ["de", "Stunden|Stunde", HOUR],
  ["de", "Viertelstunde", 15 * MINUTE],
  ["de", "Minuten|Minute|Minütchen", MINUTE],
  ["de", "Sekunden|Sekunde", SECOND],
  ["fr", "heures|heure", HOUR],
  ["fr", "minutes|minute", MINUTE],
  ["fr", "secondes|seconde", SECOND],
  ["es", "horas|hora", HOUR],
  ["es", "minutos|minuto", MINUTE],
  ["es", "segundos|segundo", SECOND],
  ["it", "ore|ora", HOUR],
  ["it", "minuti|minuto", MINUTE],
  ["it", "secondi|secondo", SECOND],
  ["nl", "uur|uren", HOUR],
  ["nl", "kwartier", 15 * MINUTE],
  ["nl", "minuten|minuut", MINUTE],
  ["nl", "seconden|seconde", SECOND],
  ["pt", "horas|hora", HOUR],
  ["pt", "minutos|minuto", MINUTE],
  ["pt", "segundos|segundo", SECOND],
  ["sv", "timmar|timme|tim", HOUR],
  ["sv", "halvtimme", 30 * MINUTE],
  ["sv", "kvart", 15 * MINUTE],
  ["sv", "minuter|minut", MINUTE],
  ["sv", "sekunder|sekund", SECOND],
  ["da", "timer|time", HOUR],
  ["da", "halvtime", 30 * MINUTE],
  ["da", "kvarter", 15 * MINUTE],
  ["da", "minutter|minut", MINUTE],
  ["da", "sekunder|sekund", SECOND],
  ["no", "timer|time", HOUR],
  ["no", "halvtime", 30 * MINUTE],
  ["no", "kvarter|kvart", 15 * MINUTE],
  ["no", "minutter|minutt", MINUTE],
  ["no", "sekunder|sekund", SECOND],
];

/**
 * Number words a duration is said in beyond the tables' (which stop at twelve: an ingredient line
 * rarely counts further): the teens and tens of minutes, and the quarters of an hour.
 */
const MORE_NUMBERS: readonly (readonly [Code, string, number])[] = [
  ["en", "a quarter of an|quarter of an|a quarter|quarter", 0.25],
  ["en", "a couple of|a couple", 2],
  ["en", "fifteen", 15],
  ["en", "twenty", 20],
  ["en", "thirty", 30],
  ["en", "forty", 40],
  ["en", "forty-five|forty five", 45],
  ["en", "sixty", 60],
  ["en", "ninety", 90],
  ["de", "dreiviertel|drei viertel|eine dreiviertel", 0.75],
  ["de", "fünfzehn", 15],
  ["de", "zwanzig", 20],
  ["de", "dreißig|dreissig", 30],
  ["de", "vierzig", 40],
  ["de", "fünfundvierzig", 45],
  ["de", "sechzig", 60],
  ["de", "neunzig", 90],
  ["fr", "trois quarts", 0.75],
  ["fr", "onze", 11],
  ["fr", "quinze", 15],
  ["fr", "vingt", 20],
  ["fr", "trente", 30],
  ["fr", "quarante", 40],
  ["fr", "quarante-cinq|quarante cinq", 45],
  ["fr", "soixante", 60],
  ["es", "once", 11],
  ["es", "quince", 15],
  ["es", "veinte", 20],
  ["es", "treinta", 30],
  ["es", "cuarenta", 40],
  ["es", "cuarenta y cinco", 45],
  ["es", "sesenta", 60],
  ["it", "un quarto|un quarto d'", 0.25],
  ["it", "tre quarti", 0.75],
  ["it", "mezz", 0.5],
  ["it", "undici", 11],
  ["it", "quindici", 15],
  ["it", "venti", 20],
  ["it", "trenta", 30],
  ["it", "quaranta", 40],
  ["it", "quarantacinque", 45],
  ["it", "sessanta", 60],
  ["nl", "elf", 11],
  ["nl", "vijftien", 15],
  ["nl", "twintig", 20],
  ["nl", "dertig", 30],
  ["nl", "veertig", 40],
  ["nl", "vijfenveertig", 45],
  ["nl", "zestig", 60],
  ["pt", "um quarto", 0.25],
  ["pt", "três quartos", 0.75],
  ["pt", "onze", 11],
  ["pt", "quinze", 15],
  ["pt", "vinte", 20],
  ["pt", "trinta", 30],
  ["pt", "quarenta", 40],
  ["pt", "quarenta e cinco", 45],
  ["pt", "sessenta", 60],
  ["sv", "elva", 11],
  ["sv", "femton", 15],
  ["sv", "tjugo", 20],
  ["sv", "trettio", 30],
  ["sv", "fyrtio", 40],
  ["sv", "fyrtiofem", 45],
  ["sv", "sextio", 60],
  ["da", "elleve", 11],
  ["da", "femten", 15],
  ["da", "tyve", 20],
  ["da", "tredive", 30],
  ["da", "fyrre", 40],
  ["da", "femogfyrre", 45],
  ["da", "tres", 60],
  ["no", "elleve", 11],
  ["no", "femten", 15],
  ["no", "tjue", 20],
  ["no", "tretti", 30],
  ["no", "førti", 40],
  ["no", "førtifem", 45],
  ["no", "seksti", 60],
];

/** What joins hours to minutes (`1 hour and 30 minutes`, `1 Stunde und 30 Minuten`), by language. */
const AND = "and|und|et|y|e|en|och|og|,";
/** Half a unit more after a unit (`an hour and a half`, `1 heure et demie`). */
const AND_A_HALF =
  "and a half|und eine halbe|und ein halb|et demie|et demi|y media|y medio|e mezza|e mezzo|e meia|e meio|" +
  "en een half|och en halv|og en halv|og ei halv";

/** The range words of every language; dashes are everyone's. */
const FOLDED_RANGE_WORDS = [...new Set(Object.values(RANGE_WORDS).flatMap(wordsOf).map(fold))];

const escapeWord = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[ \\u00a0]");
/** An alternation of words, longest first, so that `minutes` is tried before `min`. */
const alternation = (words: Iterable<string>) =>
  [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(escapeWord)
    .join("|");

type Meaning = { language: Code | "*"; value: number };
/** Folded written form → what it means in each language that has it. */
function meanings(rows: readonly (readonly [Code | "*", string, number])[]): Map<string, Meaning[]> {
  const map = new Map<string, Meaning[]>();
  for (const [language, forms, value] of rows) {
    for (const form of wordsOf(forms).map(fold)) {
      const list = map.get(form) ?? [];
      if (!list.some((m) => m.language === language)) list.push({ language, value });
      map.set(form, list);
    }
  }
  return map;
}

const UNIT_MEANINGS = meanings(UNITS);
const NUMBER_MEANINGS = meanings([
  ...Object.entries(NUMBER_WORDS).flatMap(([code, rows]) =>
    rows.map(([forms, value]) => [code as Code, forms, value] as const),
  ),
  ...MORE_NUMBERS,
]);

const FRACTION_CHARS: Readonly<Record<string, number>> = {
  "½": 0.5,
  "¼": 0.25,
  "¾": 0.75,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
};
const FRACTION = "[½¼¾⅓⅔]";
const SPACE = "[ \\u00a0]";
/** A number in digits: `25`, `1,5`, `1.5`, `1 1/2`, `1½`, `1/2`, `½`. */
const DIGITS = `\\d{1,4}(?:[.,]\\d{1,2})?(?:${SPACE}?(?:${FRACTION}|[1-9]\\/[1-9]\\d?)(?!\\d))?|[1-9]\\/[1-9]\\d?(?!\\d)|${FRACTION}`;
const NUMBER_WORD = `(?<!\\p{L})(?:${alternation(NUMBER_MEANINGS.keys())})(?!\\p{L})`;
const QUANTITY = `(?:${DIGITS}|${NUMBER_WORD})`;
const RANGE = `(?:${SPACE}{0,2}[-–—]${SPACE}{0,2}|${SPACE}{1,2}(?:${alternation(FOLDED_RANGE_WORDS)})${SPACE}{1,2})`;
/** Between a number and its unit: spaces, a hyphen (`10-minute`), an elision (`un'ora`, `un quart d'heure`). */
const BETWEEN = `(?:-|'|${SPACE}{0,2}(?:(?:de|di|d')${SPACE}?)?)`;
const UNIT = `(?:${alternation(UNIT_MEANINGS.keys())})(?!\\p{L})`;

/** One duration: a quantity or a range of two, and its unit. Each part is bounded, so is each match. */
const DURATION = new RegExp(
  `(?<![\\p{L}\\p{N}.,/])(${QUANTITY})(?:(${RANGE})(${QUANTITY}))?${BETWEEN}(${UNIT})`,
  "gu",
);
const JOIN = new RegExp(`^${SPACE}{0,2}(?:(?:${AND})${SPACE}{1,2})?$`, "u");
const RANGE_BETWEEN = new RegExp(`^${RANGE}$`, "u");
const HALF_MORE = new RegExp(
  `${SPACE}{1,2}(?:${alternation(wordsOf(AND_A_HALF).map(fold))})(?!\\p{L})`,
  "uy",
);
/**
 * Minutes without their unit after hours written `h` or `heure(s)` (`1h30`, `1 h 30`, `1 heure 15`),
 * not followed by what makes the number something else (a unit, degrees, more digits).
 */
const BARE_MINUTES = new RegExp(
  `${SPACE}{0,2}([0-5]?\\d)(?![\\d°º˚%]|[.,]\\d|${SPACE}{0,2}(?:[°º˚%]|${UNIT}|[-–—]))`,
  "uy",
);
const BARE_MINUTES_AFTER = new Set(["h", "heure", "heures"]);

/**
 * A duration found: its place, its seconds (a range's shorter end), the smallest unit written last
 * (what a following smaller unit may join), whether it is a range, and whether its upper end is
 * still being read (`1 hour 15 minutes to 1 hour 20 minutes`: the upper end's parts add nothing).
 */
type Segment = { start: number; end: number; seconds: number; unit: number; range: boolean; upper?: boolean };

/** The value of a quantity as written, in the language of `language` when it is a word; undefined if not. */
function quantityValue(written: string, language: Code | "*"): number | undefined {
  const word = NUMBER_MEANINGS.get(written.replace(/[ \u00a0]+/g, " "));
  if (word) {
    const meaning = word.find((m) => language === "*" || m.language === language);
    return meaning?.value;
  }
  let value = 0;
  for (const part of written.match(/\d+(?:[.,]\d+)?(?:\/\d+)?|[½¼¾⅓⅔]/g) ?? []) {
    const fraction = FRACTION_CHARS[part];
    if (fraction !== undefined) value += fraction;
    else if (part.includes("/")) {
      const [top, bottom] = part.split("/").map(Number);
      value += (top ?? 0) / (bottom || 1);
    } else value += Number(part.replace(",", "."));
  }
  return value;
}

/**
 * The unit's seconds and the quantities' values in a language both share (a word with a word of its
 * own language; digits with any unit), or undefined when no language reads them together.
 */
function readDuration(
  unit: string,
  low: string,
  high: string | undefined,
): { unit: number; low: number; high: number | undefined } | undefined {
  for (const meaning of UNIT_MEANINGS.get(unit) ?? []) {
    const lowValue = quantityValue(low, meaning.language);
    const highValue = high === undefined ? undefined : quantityValue(high, meaning.language);
    if (lowValue === undefined || (high !== undefined && highValue === undefined)) continue;
    return { unit: meaning.value, low: lowValue, high: highValue };
  }
  return undefined;
}

/** The durations in a step's text, in order, each with its seconds and its place in the text. */
export function findTimers(description: string): Timer[] {
  const text = foldInPlace(description);
  const segments: Segment[] = [];
  DURATION.lastIndex = 0;
  for (let match = DURATION.exec(text); match; match = DURATION.exec(text)) {
    const [whole, low = "", , high, unit = ""] = match;
    const read = readDuration(unit, low, high);
    if (!read || read.low <= 0) continue;
    const start = match.index;
    let end = start + whole.length;
    let seconds = read.low * read.unit;
    if (high === undefined) {
      HALF_MORE.lastIndex = end;
      const half = HALF_MORE.exec(text);
      if (half) {
        seconds += read.unit / 2;
        end += half[0].length;
      } else if (read.unit === HOUR && BARE_MINUTES_AFTER.has(unit)) {
        BARE_MINUTES.lastIndex = end;
        const minutes = BARE_MINUTES.exec(text);
        if (minutes) {
          seconds += Number(minutes[1]) * MINUTE;
          end += minutes[0].length;
        }
      }
    }
    segments.push({ start, end, seconds, unit: read.unit, range: high !== undefined });
    // The next duration is looked for after what this one took (`1 h 30 à 1 h 45`: not `30 à 1 h`).
    DURATION.lastIndex = end;
  }
  const timers: Timer[] = [];
  let last: Segment | undefined;
  for (const segment of segments) {
    if (last && segment.start < last.end) continue;
    const gap = last ? text.slice(last.end, segment.start) : "";
    // Hours then minutes (or minutes then seconds), joined by a space, a comma or `and`: one timer.
    if (last && !segment.range && segment.unit < last.unit && (!last.range || last.upper) && JOIN.test(gap)) {
      last = {
        ...last,
        end: segment.end,
        seconds: last.upper ? last.seconds : last.seconds + segment.seconds,
        unit: segment.unit,
      };
      timers[timers.length - 1] = timerOf(description, last);
      continue;
    }
    // Two whole durations as a range (`1 hour 15 minutes to 1 hour 20 minutes`): its shorter end.
    if (
      last &&
      !last.range &&
      !segment.range &&
      (segment.seconds > last.seconds || segment.unit > last.unit) &&
      RANGE_BETWEEN.test(gap)
    ) {
      last = { ...last, end: segment.end, unit: segment.unit, range: true, upper: true };
      timers[timers.length - 1] = timerOf(description, last);
      continue;
    }
    last = segment;
    timers.push(timerOf(description, segment));
  }
  return timers;
}

const timerOf = (description: string, { start, end, seconds }: Segment): Timer => ({
  seconds: Math.round(seconds),
  text: description.slice(start, end),
  start,
  end,
});

/** A recipe's steps, each with the timers its text names. */
export const withTimers = <S extends { description: string }>(
  steps: readonly S[],
): (S & { timers: Timer[] })[] => steps.map((step) => ({ ...step, timers: findTimers(step.description) }));
