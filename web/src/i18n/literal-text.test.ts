/**
 * Nothing left in English (issue 39, item 2): no component shows text around the message files
 * (src/i18n/literal-text.ts says what counts). Test helpers are not the app: lib/testing.tsx's
 * stand-in page is left out.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { literalTexts } from "./literal-text.ts";

const SRC = join(import.meta.dirname, "..");
const NOT_THE_APP = new Set(["lib/testing.tsx"]);

function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return components(path);
    return name.endsWith(".tsx") && !name.endsWith(".test.tsx") ? [path] : [];
  });
}

describe("the components", () => {
  it("show no text around the message files", () => {
    const files = components(SRC).filter((file) => !NOT_THE_APP.has(relative(SRC, file)));
    expect(files.length).toBeGreaterThan(100);
    const findings = files
      .flatMap((file) => literalTexts(file))
      .map((f) => `${relative(SRC, f.file)}:${f.line} ${f.text}`);
    expect(findings).toEqual([]);
  });

  it("would see text a component shows: JSX text, a text attribute, a string in braces, a page title", () => {
    const source = [
      'export const A = () => <p title="Hello there">Welcome home</p>;',
      'export const B = (ok: boolean) => <span>{ok ? "Saved" : ""}</span>;',
      'export function C() { useDocumentTitle("Your lists"); return <i aria-label="Close menu">×</i>; }',
      'export const D = () => <b className="is-open" data-x="anything">{" · "}</b>;',
    ].join("\n");
    expect(literalTexts("probe.tsx", source).map((f) => f.text)).toEqual([
      "Hello there",
      "Welcome home",
      "Saved",
      "Your lists",
      "Close menu",
    ]);
  });
});
