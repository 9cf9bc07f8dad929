import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../i18n/index.ts";
import { api } from "../../lib/api/client.ts";
import { renderInApp } from "../../lib/testing.tsx";
import { TokensSection } from "./components/tokens-section.tsx";
import { describeDevice, lastUsed } from "./lib/device.ts";

beforeEach(async () => {
  await act(() => activate("de"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activate("en"));
});

describe("the account page in German", () => {
  it("names tokens, their lifetimes (with the plural) and their buttons in German", async () => {
    vi.spyOn(api, "GET").mockResolvedValue({
      data: {
        items: [
          {
            id: 1,
            name: "Home Assistant",
            scope: "read",
            created_at: "2026-11-01T10:00:00Z",
            last_used_at: null,
            expires_at: null,
          },
        ],
      },
      response: new Response(null, { status: 200 }),
    } as never);
    renderInApp(<TokensSection />);
    expect(await screen.findByRole("heading", { name: "Tokens für Skripte" })).toBeVisible();
    expect(screen.getByRole("option", { name: "30 Tage" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Bis ich es lösche" })).toBeInTheDocument();
    expect(await screen.findByText(/Nur lesen · nie genutzt/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Token „Home Assistant“ löschen" })).toBeVisible();
  });

  it("says which browser and when in German", () => {
    const mac =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
    expect(describeDevice(mac)).toBe("Safari auf einem Mac");
    expect(describeDevice(null)).toBe("Ein unbekannter Browser");
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(lastUsed("2026-11-25T11:00:00Z", now)).toBe("vor 3 Tagen");
    expect(lastUsed("2026-11-28T11:59:30Z", now)).toBe("gerade eben");
  });
});
