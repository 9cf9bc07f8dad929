import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { UsersPage } from "./users.tsx";

// jsdom's accessible names run a visually hidden span's words on without a space: \s? in the names.
const URL_OF_LINK = "http://localhost:8000/reset-password#reset_0123456789abcdefghijABCDEFGHIJ-_xyz0123456";
const user = (id: number, username: string) => ({
  id,
  username,
  email: `${username}@example.com`,
  role: "user" as const,
  img: null,
  preview_img: null,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
  language: null,
  units: "as_written" as const,
});

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await activate("en");
});

function openUsers() {
  signInAs(1, "admin");
  vi.spyOn(api, "GET").mockResolvedValue({
    data: { items: [{ ...user(1, "ada"), role: "admin" }, user(2, "bob")], next_cursor: null },
    response: new Response(null, { status: 200 }),
  } as never);
  renderInApp(<UsersPage />, { path: "/admin/users" });
}

const answer = (emailed: boolean) =>
  vi.spyOn(api, "POST").mockResolvedValue({
    data: { url: URL_OF_LINK, expires_at: "2099-12-08T14:05:00Z", emailed },
    response: new Response(null, { status: 201 }),
  } as never);

describe("Users: a password-reset link", () => {
  it("is made for another account and shown to copy, with when it stops working", async () => {
    const post = answer(false);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    openUsers();

    fireEvent.click(await screen.findByRole("button", { name: /^Reset password\s?of bob$/ }));
    const heading = await screen.findByRole("heading", { name: "Password reset for bob" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(post).toHaveBeenCalledWith("/api/v1/users/{user_id}/password-reset", {
      params: { path: { user_id: 2 } },
      body: {},
    });
    expect(screen.getByLabelText("Reset link for bob")).toHaveValue(URL_OF_LINK);
    expect(
      screen.getByText(/^Send it to them yourself\. It works once, until .*December.* at \d\d:\d\d/),
    ).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(URL_OF_LINK);
    expect(screen.getByRole("button", { name: /^Make another reset link\s?of bob$/ })).toBeEnabled();
    // One's own account has no reset button: the account page changes one's own password.
    expect(screen.queryByRole("button", { name: /^Reset password\s?of ada$/ })).toBeNull();
  });

  it("says when the service also e-mailed it", async () => {
    answer(true);
    openUsers();
    fireEvent.click(await screen.findByRole("button", { name: /^Reset password\s?of bob$/ }));
    const card = (await screen.findByRole("heading", { name: "Password reset for bob" }))
      .parentElement as HTMLElement;
    expect(within(card).getByText(/^It was also e-mailed to bob@example\.com\./)).toBeVisible();
  });
});

describe("Users, in German", () => {
  it("shows the page, the roles and a role changed in German", async () => {
    await act(() => activate("de"));
    openUsers();
    expect(await screen.findByRole("heading", { name: "Benutzer" })).toBeVisible();
    expect(await screen.findByText("ada (du)")).toBeVisible();
    const put = vi.spyOn(api, "PUT").mockResolvedValue({
      data: { ...user(2, "bob"), role: "admin" },
      response: new Response(null, { status: 200 }),
    } as never);
    fireEvent.change(screen.getByLabelText("Rolle von bob"), { target: { value: "admin" } });
    fireEvent.click(screen.getByRole("button", { name: "Rolle ändern für bob" }));
    expect(await screen.findByText("bob ist jetzt Admin.")).toBeVisible();
    expect(put).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Passwort zurücksetzen für bob" })).toBeEnabled();
  });
});
