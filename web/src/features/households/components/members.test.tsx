import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { Members } from "./members.tsx";

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

/** jsdom's accessible names lose the space before a visually hidden " of bob"; browsers keep it. */
const changeRoleOf = (of: string) => new RegExp(`^Change role ?\\(${of}\\)$`);

const smiths = (role: "owner" | "member") =>
  makeHousehold({
    name: "Smiths",
    role,
    members: [
      { id: 1, name: "anna" },
      { id: 2, name: "bob" },
    ],
  });

describe("Members", () => {
  it("lists everyone with their role; a member sees no controls", async () => {
    signInAs(2);
    renderInApp(<Members household={smiths("member")} manage={false} me={2} />);
    const rows = await screen.findAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "annaOwnerJoined 1 November 2026",
      "bob (you)MemberJoined 1 November 2026",
    ]);
    expect(screen.queryByRole("button", { name: /Change role|Remove/ })).toBeNull();
  });

  it("an owner makes someone an owner (PUT role) and hears it said", async () => {
    signInAs(1);
    const put = vi.spyOn(api, "PUT").mockResolvedValue({
      data: makeHousehold({
        name: "Smiths",
        role: "owner",
        members: [
          { id: 1, name: "anna" },
          { id: 2, name: "bob", role: "owner" },
        ],
      }),
      response: new Response(null, { status: 200 }),
    } as never);
    renderInApp(<Members household={smiths("owner")} manage me={1} />);
    fireEvent.change(await screen.findByLabelText("Role of bob"), { target: { value: "owner" } });
    fireEvent.click(screen.getByRole("button", { name: changeRoleOf("of bob") }));
    expect(await screen.findByText("bob is now an owner.")).toBeVisible();
    expect(put).toHaveBeenCalledWith("/api/v1/households/{household_id}/members/{user_id}", {
      params: { path: { household_id: 3, user_id: 2 } },
      body: { role: "owner" },
    });
  });

  it("the only owner stepping down gets the API's 409 and what to do", async () => {
    signInAs(1);
    vi.spyOn(api, "PUT").mockResolvedValue({
      error: { status: 409, title: "Conflict", detail: "Household ID 3 needs an owner." },
      response: new Response(null, { status: 409 }),
    } as never);
    renderInApp(<Members household={smiths("owner")} manage me={1} />);
    fireEvent.change(await screen.findByLabelText("Your role"), { target: { value: "member" } });
    fireEvent.click(screen.getByRole("button", { name: changeRoleOf("your own") }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Household ID 3 needs an owner.");
    expect(screen.getByText("Make another member an owner first, then step down.")).toBeVisible();
  });

  it("an owner removes a member after saying what goes with it; the list's heading takes the focus", async () => {
    signInAs(1);
    const remove = vi
      .spyOn(api, "DELETE")
      .mockResolvedValue({ data: undefined, response: new Response(null, { status: 204 }) } as never);
    vi.spyOn(api, "GET").mockResolvedValue({
      data: makeHousehold({ name: "Smiths", role: "owner", members: [{ id: 1, name: "anna" }] }),
      response: new Response(null, { status: 200 }),
    } as never);
    renderInApp(<Members household={smiths("owner")} manage me={1} />);
    expect(screen.queryByRole("button", { name: "Remove anna" })).toBeNull(); // oneself: "Leave", below
    fireEvent.click(await screen.findByRole("button", { name: "Remove bob" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove bob from Smiths?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove bob" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Members" })).toHaveFocus());
    expect(screen.getByText("bob is no longer in Smiths.")).toBeVisible();
    expect(remove).toHaveBeenCalledWith("/api/v1/households/{household_id}/members/{user_id}", {
      params: { path: { household_id: 3, user_id: 2 } },
    });
  });
});
