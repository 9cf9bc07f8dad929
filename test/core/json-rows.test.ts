/**
 * The streamed reader of `data/<table>.json` (core/archive/json-rows.ts): the same rows as JSON.parse
 * however the bytes are cut into chunks (braces and quotes inside strings, escapes, multi-byte
 * characters split between chunks), and each kind of broken file named.
 */
import { describe, expect, it } from "vitest";
import { JsonRowsError, jsonArrayObjects } from "../../core/archive/json-rows.ts";

async function read(chunks: Buffer[], maxRowBytes = 1024 * 1024): Promise<unknown[]> {
  const rows: unknown[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const row of jsonArrayObjects(source(), maxRowBytes)) rows.push(row);
  return rows;
}

/** The text cut after every byte, and in two at every position. */
function cuts(text: string): Buffer[][] {
  const bytes = Buffer.from(text);
  const all: Buffer[][] = [[...bytes].map((b) => Buffer.from([b]))];
  for (let at = 0; at <= bytes.length; at++) all.push([bytes.subarray(0, at), bytes.subarray(at)]);
  return all;
}

async function problemOf(text: string, maxRowBytes?: number): Promise<[string, number | undefined]> {
  try {
    await read([Buffer.from(text)], maxRowBytes);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonRowsError);
    return [(error as JsonRowsError).problem, (error as JsonRowsError).row];
  }
  throw new Error(`no problem found in ${text}`);
}

describe("jsonArrayObjects", () => {
  const text = ` \n[ {"a": "x}{],\\"[", "b": [1, {"c": null}]} ,{"é": "ü€𝄞", "d": "\\\\"},\r\n{}\t] \n`;

  it("gives JSON.parse's rows however the bytes are cut", async () => {
    const expected = JSON.parse(text);
    for (const chunks of cuts(text)) expect(await read(chunks)).toEqual(expected);
  });

  it("reads an empty list", async () => {
    expect(await read([Buffer.from("[]")])).toEqual([]);
    expect(await read([Buffer.from(" [ \n ] ")])).toEqual([]);
  });

  it.each([
    ["", "not-json", undefined],
    ["{}", "not-rows", undefined],
    ["[1]", "not-rows", 1],
    ['[{}, "x"]', "not-rows", 2],
    ["[{}, [1]]", "not-rows", 2],
    ["[{},]", "not-json", 2],
    ["[{} {}]", "not-json", 1],
    ["[{}", "not-json", undefined],
    ['[{"a": 1]', "not-json", 1],
    ['[{"a": }]', "not-json", 1],
    ["[{}] x", "not-json", undefined],
    ["[{}]]", "not-json", undefined],
    ["[,{}]", "not-json", 1],
  ])("%j is %s (row %s)", async (input, problem, row) => {
    expect(await problemOf(input)).toEqual([problem, row]);
  });

  it("refuses a row longer than its limit before parsing it, within a chunk or across chunks", async () => {
    const long = `[{"a":1},{"b":"${"x".repeat(100)}"}]`;
    expect(await problemOf(long, 50)).toEqual(["row-too-large", 2]);
    for (const chunks of cuts(long).slice(0, 40)) {
      await expect(read(chunks, 50)).rejects.toMatchObject({ problem: "row-too-large", row: 2 });
    }
    expect(await read([Buffer.from(long)], 200)).toHaveLength(2);
  });
});
