import { describe, expect, it } from "vitest";
import { householdName, madeByText, memberNames, sharedWithText } from "./households.ts";
import { makeHousehold } from "./testing.tsx";

const smiths = makeHousehold({
  id: 3,
  name: "Smiths",
  members: [
    { id: 1, name: "anna" },
    { id: 2, name: "bob" },
  ],
});
const flat = makeHousehold({
  id: 4,
  name: "Flat 3B",
  members: [
    { id: 2, name: "bob" },
    { id: 5, name: "carl" },
  ],
});

describe("whom something is shared with", () => {
  it("names one's household, and one that is not (an admin's view) by its id", () => {
    expect(householdName([smiths, flat], 4)).toBe("Flat 3B");
    expect(householdName([smiths], 9)).toBe("household ID 9");
    expect(sharedWithText([smiths], 3)).toBe("Shared with Smiths");
    expect(sharedWithText([smiths], null)).toBeNull();
  });
});

describe("who made it", () => {
  it("knows every member of every household, and says nothing for one's own", () => {
    const names = memberNames([smiths, flat]);
    expect([...names.entries()]).toEqual([
      [1, "anna"],
      [2, "bob"],
      [5, "carl"],
    ]);
    expect(madeByText(names, 1, 2)).toBe("made by anna");
    expect(madeByText(names, 2, 2)).toBeNull();
    expect(madeByText(names, 7, 2)).toBe("made by another member"); // someone who has left since
  });
});
