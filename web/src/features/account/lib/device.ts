/**
 * A session's browser and device in the words a person uses ("Firefox on Windows", "Safari on
 * iPhone"), read from the User-Agent the API kept; "An unknown browser" when it says nothing known.
 * Order matters: Edge and Opera name Chrome too, Chrome names Safari too. Browsers' and systems' names
 * are the same in every language; the words around them come from the catalogue.
 */
import { currentLanguage, t } from "../../../i18n/index.ts";

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/Linux/, "Linux"],
];

export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return t("account.unknownBrowser");
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return t("account.browserOnSystem", { browser, system });
  if (browser) return browser;
  if (system) return t("account.aBrowserOnSystem", { system });
  // A script or an app (curl/8.5, okhttp…): its own name, shortened.
  return userAgent.split(/[\s/]/)[0]?.slice(0, 40) || t("account.unknownBrowser");
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "just now", "5 minutes ago", "yesterday", "3 days ago". */
export function lastUsed(iso: string, now = Date.now()): string {
  const ago = now - Date.parse(iso);
  const words = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: "auto" });
  for (const [unit, ms] of UNITS) {
    if (ago >= ms) return words.format(-Math.floor(ago / ms), unit);
  }
  return t("account.justNow");
}
