import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../i18n/index.ts";
import { api } from "../../lib/api/client.ts";
import { renderInApp } from "../../lib/testing.tsx";
import { LoginPage } from "./routes/login.tsx";

const refuse = (status: number, detail: string, headers: Record<string, string> = {}) =>
  ({
    error: { type: "about:blank", title: "Refused", status, detail },
    response: new Response(null, { status, headers }),
  }) as never;

beforeEach(async () => {
  await act(() => activate("de"));
  // No OpenID Connect provider: the password form alone.
  vi.spyOn(api, "GET").mockResolvedValue({ data: { items: [] }, response: new Response(null) } as never);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activate("en"));
});

function logIn() {
  fireEvent.change(screen.getByLabelText("Benutzername oder E-Mail"), { target: { value: "sam" } });
  fireEvent.change(screen.getByLabelText("Passwort"), { target: { value: "wrong password" } });
  fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
}

describe("the log-in page in German", () => {
  it("says a wrong password in the app's own German sentence, not the API's English one", async () => {
    vi.spyOn(api, "POST").mockResolvedValue(refuse(401, "Incorrect username or password."));
    renderInApp(<LoginPage />, { path: "/login" });
    expect(await screen.findByRole("heading", { name: "Anmelden" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Konto erstellen" })).toBeVisible();
    logIn();
    expect(await screen.findByRole("alert")).toHaveTextContent("Benutzername oder Passwort ist falsch.");
  });

  it("says how long to wait after too many tries, with the plural", async () => {
    vi.spyOn(api, "POST").mockResolvedValue(
      refuse(429, "Too many failed logins. Try again in 840 seconds.", { "Retry-After": "840" }),
    );
    renderInApp(<LoginPage />, { path: "/login" });
    await screen.findByRole("heading", { name: "Anmelden" });
    logIn();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Zu viele Versuche. Versuche es in 14 Minuten erneut.",
    );
  });
});
