import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { activate, currentLanguage, useT } from "../i18n/index.ts";
import { api } from "../lib/api/client.ts";
import { auth } from "../lib/auth.ts";
import { formatServings } from "../lib/format.ts";
import { renderInApp, signInAs } from "../lib/testing.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { NAV_ITEMS } from "./navigation.ts";

const account = (language: string | null) => ({
  id: 7,
  username: "sam",
  email: "sam@example.com",
  role: "user" as const,
  language,
  units: "as_written" as const,
  img: null,
  preview_img: null,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
});
const answer = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) }) as never;

/** The picker with a few of the navigation's words, as the header shows them. */
function Header({ signedIn }: { signedIn: boolean }) {
  const { t } = useT();
  return (
    <>
      <LanguagePicker session={signedIn ? auth.state().session : null} />
      <p>
        {NAV_ITEMS.slice(0, 5)
          .map((item) => t(item.label))
          .join(" | ")}
      </p>
      <p>{formatServings(2)}</p>
    </>
  );
}

let get: MockInstance<typeof api.GET>;
let put: MockInstance<typeof api.PUT>;
beforeEach(() => {
  get = vi.spyOn(api, "GET");
  put = vi.spyOn(api, "PUT");
});
afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  localStorage.clear();
  await act(() => activate("en"));
});

describe("the language picker", () => {
  it("lists the ten languages by their own names and switches a visitor's page, remembered on this device", async () => {
    renderInApp(<Header signedIn={false} />);
    const picker = await screen.findByRole("combobox", { name: "Language" });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "English",
      "Deutsch",
      "Français",
      "Español",
      "Italiano",
      "Nederlands",
      "Português",
      "Svenska",
      "Dansk",
      "Norsk bokmål",
    ]);
    fireEvent.change(picker, { target: { value: "de" } });
    expect(
      await screen.findByText("Rezepte | Meine Rezepte | Neues Rezept | Importieren | Einkaufs\u00adlisten"),
    ).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Sprache" })).toHaveValue("de");
    expect(screen.getByText("2 Portionen")).toBeVisible();
    expect(localStorage.getItem("recipes.language")).toBe("de");
    expect(put).not.toHaveBeenCalled();
  });

  it("saves a signed-in person's choice to the account", async () => {
    signInAs(7);
    get.mockResolvedValue(answer(account(null)));
    put.mockResolvedValue(answer(account("fr")));
    renderInApp(<Header signedIn />);
    fireEvent.change(await screen.findByRole("combobox", { name: "Language" }), { target: { value: "fr" } });
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith("/api/v1/users/preferences", { body: { language: "fr" } }),
    );
    expect(await screen.findByRole("combobox", { name: "Langue" })).toHaveValue("fr");
  });

  it("follows the account's language on this device", async () => {
    signInAs(7);
    get.mockResolvedValue(answer(account("nb")));
    renderInApp(<Header signedIn />);
    expect(await screen.findByRole("combobox", { name: "Språk" })).toHaveValue("nb");
    expect(currentLanguage()).toBe("nb");
    expect(localStorage.getItem("recipes.language")).toBe("nb");
    expect(put).not.toHaveBeenCalled();
  });
});
