import { describe, expect, it } from "vitest";
import { qrPath } from "./qr-path.ts";

/** The dark squares a path draws, read back from its rectangles ("x,y" each). */
function drawn(path: string): string[] {
  const squares: string[] = [];
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(width); i++) squares.push(`${Number(x) + i},${y}`);
  }
  return squares;
}

describe("qrPath", () => {
  it("draws each run of dark modules in a row as one rectangle", () => {
    expect(
      qrPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe("M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z");
  });

  it("draws exactly the dark modules, nothing for a light code", () => {
    const modules = Array.from({ length: 21 }, (_, y) =>
      Array.from({ length: 21 }, (_, x) => (x * y + x) % 3 === 0),
    );
    const dark = modules.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : [])));
    expect(drawn(qrPath(modules))).toEqual(dark);
    expect(qrPath([[false, false]])).toBe("");
  });
});
