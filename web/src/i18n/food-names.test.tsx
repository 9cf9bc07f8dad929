/**
 * An ingredient's name in the reader's language (./food-names.ts): as stored until the language's
 * table is here, then as the table names it, and again when the language changes.
 */
import { i18n } from "@lingui/core";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../lib/testing.tsx";
import {
  forgetOwnNames,
  type NamedIngredient,
  otherNameIn,
  setOwnNamesSource,
  useIngredientDisplayName,
  useIngredientName,
} from "./food-names.ts";
import { activate } from "./index.ts";

afterEach(async () => {
  await act(() => activate("en"));
});

function Line({ name }: { name: string }) {
  const ingredientName = useIngredientName();
  return <p>{ingredientName(name)}</p>;
}

describe("an ingredient's name", () => {
  it("shows as stored until the language's names are here, then in the language", async () => {
    // Swedish active without its names fetched (as when their fetch failed): the name as stored,
    // and the component asks for them.
    i18n.load("sv", {});
    act(() => i18n.activate("sv"));
    renderInApp(<Line name="Sugar" />);
    expect(await screen.findByText("Sugar")).toBeVisible();
    expect(await screen.findByText("socker")).toBeVisible();
  });

  it("follows the language chosen", async () => {
    renderInApp(<Line name="Zucker" />);
    expect(await screen.findByText("Sugar")).toBeVisible(); // English: fetched with every part (setup)
    await act(() => activate("de"));
    expect(screen.getByText("Zucker")).toBeVisible();
    await act(() => activate("fr"));
    expect(screen.getByText("sucre")).toBeVisible();
    renderInApp(<Line name="Unknown thing" />);
    expect(await screen.findByText("Unknown thing")).toBeVisible();
  });
});

describe("the instance's own names", () => {
  afterEach(() => setOwnNamesSource(undefined));

  it("come before the table's on every page that shows names, and again after a change", async () => {
    const source = vi.fn(async (language: string) =>
      language === "de"
        ? new Map([
            ["cottage cheese", "Hüttenkäse"],
            ["sugar", "Kristallzucker"],
          ])
        : new Map(),
    );
    setOwnNamesSource(source);
    await act(() => activate("de"));
    renderInApp(
      <>
        <Line name="Cottage cheese" />
        <Line name="Sugar" />
        <Line name="Flour" />
      </>,
    );
    expect(await screen.findByText("Hüttenkäse")).toBeVisible();
    expect(screen.getByText("Kristallzucker")).toBeVisible(); // its own name, before the table's Zucker
    expect(screen.getByText("Mehl")).toBeVisible(); // the table's, where it has no own name
    expect(source).toHaveBeenCalledWith("de");

    // A name changed: read again, and shown.
    source.mockImplementation(async (language: string) =>
      language === "de" ? new Map([["cottage cheese", "Körniger Frischkäse"]]) : new Map(),
    );
    act(() => forgetOwnNames());
    expect(await screen.findByText("Körniger Frischkäse")).toBeVisible();
    expect(await screen.findByText("Zucker")).toBeVisible();

    await act(() => activate("en"));
    expect(await screen.findByText("Cottage cheese")).toBeVisible();
  });

  it("leave the table's names when they cannot be read (offline)", async () => {
    setOwnNamesSource(async () => {
      throw new Error("offline");
    });
    await act(() => activate("de"));
    renderInApp(<Line name="Sugar" />);
    expect(await screen.findByText("Zucker")).toBeVisible();
  });
});

/** Sugar, with names of its own: two German ones (out of order), one in any language. */
const sugar: NamedIngredient = {
  name: "Sugar",
  other_names: [
    { name: "Zucker", language: "de" },
    { name: "Kristallzucker", language: "de" },
    { name: "Saccharose", language: null },
  ],
};

function Title({ ingredient }: { ingredient: NamedIngredient }) {
  const ingredientName = useIngredientDisplayName();
  return <h1>{ingredientName(ingredient)}</h1>;
}

describe("an ingredient's own name in a language", () => {
  it("is the first by name of those in the language; none in any language counts", () => {
    expect(otherNameIn(sugar, "de")).toBe("Kristallzucker");
    expect(otherNameIn(sugar, "fr")).toBeUndefined();
    expect(otherNameIn({ name: "Sugar" }, "de")).toBeUndefined();
  });

  it("comes before the table's, and follows the language chosen", async () => {
    renderInApp(<Title ingredient={sugar} />);
    expect(await screen.findByRole("heading", { name: "Sugar" })).toBeVisible(); // none in English
    await act(() => activate("de"));
    expect(screen.getByRole("heading", { name: "Kristallzucker" })).toBeVisible(); // not the table's Zucker
    await act(() => activate("fr"));
    expect(screen.getByRole("heading", { name: "sucre" })).toBeVisible(); // the table's
  });
});
