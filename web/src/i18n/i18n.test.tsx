import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activate, choose, startingLanguage, useT } from "./index.ts";
import { browserLanguage, chooseLanguage } from "./languages.ts";

afterEach(async () => {
  await activate("en");
});

function Brand() {
  const { t, language } = useT();
  return (
    <p>
      {t("common.brand")} ({language})
    </p>
  );
}

describe("the app's language", () => {
  it("is the account's, else this device's last choice, else the browser's first supported one, else English", () => {
    expect(chooseLanguage("fr", "de", ["sv-SE"])).toBe("fr");
    expect(chooseLanguage(null, "de", ["sv-SE"])).toBe("de");
    expect(chooseLanguage(undefined, null, ["ja-JP", "de-AT", "en-US"])).toBe("de");
    expect(chooseLanguage("xx", "yy", ["ja"])).toBe("en");
    expect(browserLanguage(["no-NO"])).toBe("nb");
    expect(browserLanguage(["nn-NO"])).toBeUndefined();
  });

  it("re-renders components in a language chosen, fetched once, and sets <html lang>", async () => {
    render(<Brand />);
    expect(screen.getByText("Recipes (en)")).toBeVisible();
    await act(() => choose("de"));
    expect(screen.getByText("Rezepte (de)")).toBeVisible();
    expect(document.documentElement.lang).toBe("de");
    expect(localStorage.getItem("recipes.language")).toBe("de");
    expect(startingLanguage()).toBe("de");
  });
});
