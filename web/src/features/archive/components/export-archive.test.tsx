import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { ExportArchive } from "./export-archive.tsx";

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await activate("en");
});

function exportWith(counts: Record<string, number>) {
  signInAs(1);
  vi.spyOn(api, "POST").mockResolvedValue({
    data: {
      url: "http://localhost/archive.zip",
      expires_at: "2099-12-08T14:05:00Z",
      size_bytes: 1536,
      counts,
    },
    response: new Response(null, { status: 201 }),
  } as never);
}

describe("Export my recipes", () => {
  it("says what the archive holds and offers it", async () => {
    exportWith({ recipes: 3, pictures: 1, ingredients: 1 });
    renderInApp(<ExportArchive scope="mine" action="Export my recipes" />, { path: "/account" });
    fireEvent.click(await screen.findByRole("button", { name: "Export my recipes" }));
    expect(
      await screen.findByText("Your archive is ready: 3 recipes, 1 ingredient, 1 picture (1.5 KB)."),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Download the archive" })).toHaveAttribute(
      "href",
      "http://localhost/archive.zip",
    );
  });

  it("speaks German, with its plurals, numbers and list", async () => {
    await act(() => activate("de"));
    exportWith({ recipes: 3, pictures: 1 });
    renderInApp(<ExportArchive scope="mine" action="Meine Rezepte exportieren" />, { path: "/account" });
    fireEvent.click(await screen.findByRole("button", { name: "Meine Rezepte exportieren" }));
    expect(
      await screen.findByText(/^Dein Archiv ist fertig: 3 Rezepte(,| und) 1 Bild \(1,5 KB\)\.$/),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Archiv herunterladen" })).toBeVisible();
    expect(screen.getByText(/^Der Link funktioniert bis \d\d:\d\d\.$/)).toBeVisible();
  });
});
