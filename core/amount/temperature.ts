/**
 * Temperatures in a recipe's text in °C or °F (CONTRACT.md: "languages and units": `180 °C` ↔
 * `350 °F`, `Gas 4` → `180 °C`). Pure functions.
 *
 * What is read: a number or a range (`180–200`, `180-200`, `180 to 200`) followed by `°C`, `°F`, `ºC`,
 * `° C`, `degrees C`, `degrees Celsius`, `degrees Fahrenheit`, `Grad`, `degrés` (Celsius), or a bare
 * `C` or `F` from 100 on (`350 F`; below 100 a bare letter is too often something else: `2 C` of
 * flour); and gas marks (`Gas 4`, `Gas Mark 4`, `gas mark 1/2`, 1/4 to 10). A temperature already
 * in the scale asked for stays as written; a gas mark is always written out.
 *
 * How it is rounded, as ovens are marked: from 100 °C (212 °F) on, °C to the nearest 10 (`350 °F` →
 * `180 °C`, `375 °F` → `190 °C`) and °F to the nearest 25 (`180 °C` → `350 °F`, `220 °C` → `425 °F`);
 * below that (a water bath, a proving dough, a thermometer's reading) to the whole degree. Written
 * `180 °C`, a range `180–200 °C` with its separator as written.
 */

export type Scale = "C" | "F";

/** The UK gas marks in °C and °F, as the Oxford Companion to Food and the UK Met Office list them. */
const GAS_MARKS: Readonly<Record<string, readonly [c: number, f: number]>> = {
  "1/4": [110, 225],
  "1/2": [120, 250],
  "1": [140, 275],
  "2": [150, 300],
  "3": [170, 325],
  "4": [180, 350],
  "5": [190, 375],
  "6": [200, 400],
  "7": [220, 425],
  "8": [230, 450],
  "9": [240, 475],
  "10": [260, 500],
};

const NUMBER = String.raw`\d{1,3}(?:[.,]\d)?`;
const RANGE = String.raw`\s*(?:[-–—]|to|bis|à|a)\s*`;
const DEGREE = "[°º˚]";
/** A bare capital letter: only from 100 on (the check in convertTemperatures). */
const BARE = String.raw`[CF](?![\p{L}])`;
const CELSIUS = String.raw`${DEGREE}\s?C|[Dd]egrees?\s+(?:C(?![\p{L}])|[Cc]elsius|[Cc]entigrade)|Grad(?:\s+Celsius)?(?![\p{L}])|degrés(?:\s+Celsius)?`;
const FAHRENHEIT = String.raw`${DEGREE}\s?F|[Dd]egrees?\s+(?:F(?![\p{L}])|[Ff]ahrenheit)`;
const TEMPERATURE = new RegExp(
  String.raw`(?<![\d.,/])(${NUMBER})(?:(${RANGE})(${NUMBER}))?\s?(?:(${CELSIUS})|(${FAHRENHEIT})|(${BARE}))`,
  "gu",
);
const GAS = /\bgas(?:\s+mark)?\s+(1\/4|1\/2|¼|½|10|[1-9])(?![\d/])/giu;

const toNumber = (text: string) => Number(text.replace(",", "."));

/** One temperature in the other scale, rounded as ovens are marked (the rule at the top of this file). */
export function convertDegrees(value: number, from: Scale): number {
  if (from === "F") {
    const c = ((value - 32) * 5) / 9;
    return c >= 100 ? Math.round(c / 10) * 10 : Math.round(c);
  }
  const f = (value * 9) / 5 + 32;
  return f >= 212 ? Math.round(f / 25) * 25 : Math.round(f);
}

/** `text` with every temperature in `scale` (°C for `metric`, °F for `us`). */
export function convertTemperatures(text: string, units: "metric" | "us"): string {
  const to: Scale = units === "metric" ? "C" : "F";
  const sign = to === "C" ? "°C" : "°F";
  return text
    .replace(
      TEMPERATURE,
      (whole, low: string, separator: string | undefined, high: string | undefined, c, _f, bare) => {
        const ends = [low, high].filter((n): n is string => n !== undefined).map(toNumber);
        // A bare letter after a small number is not a temperature (`2 C flour`).
        if (bare && ends.some((n) => n < 100)) return whole;
        const from: Scale = c || bare === "C" ? "C" : "F";
        if (from === to) return whole;
        return `${ends.map((n) => convertDegrees(n, from)).join(separator ?? "")} ${sign}`;
      },
    )
    .replace(GAS, (_, mark: string) => {
      const key = mark === "¼" ? "1/4" : mark === "½" ? "1/2" : mark;
      const degrees = GAS_MARKS[key];
      return degrees ? `${to === "C" ? degrees[0] : degrees[1]} ${sign}` : _;
    });
}
