import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { CalendarLinks } from "./calendar-links.tsx";

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await act(() => activate("en"));
});

const URL_ = "http://localhost:8000/api/v1/meal-plan/calendar.ics?key=cal_secret";
type Link = { id: number; household_id: number | null; created_at: string; last_read_at: string | null };

/** The API as the section reads it: the links (changing with POST and DELETE) and one household. */
function fakeApi(initial: Link[]) {
  let links = [...initial];
  vi.spyOn(api, "GET").mockImplementation((async (path: string) => {
    if (path === "/api/v1/meal-plan/calendar-links")
      return { data: { items: links }, response: new Response(null, { status: 200 }) };
    if (path === "/api/v1/households")
      return {
        data: { items: [makeHousehold({ id: 3, name: "Smiths" })], next_cursor: null },
        response: new Response(null, { status: 200 }),
      };
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  const post = vi.spyOn(api, "POST").mockImplementation((async (
    _path: string,
    init: { body: { household_id: number | null } },
  ) => {
    const link = {
      id: 42,
      household_id: init.body.household_id,
      url: URL_,
      created_at: "2026-11-29T10:00:00Z",
    };
    links = [{ ...link, last_read_at: null }, ...links];
    return { data: link, response: new Response(null, { status: 201 }) };
  }) as never);
  const remove = vi.spyOn(api, "DELETE").mockImplementation((async (
    _path: string,
    init: { params: { path: { link_id: number } } },
  ) => {
    links = links.filter((l) => l.id !== init.params.path.link_id);
    return { data: undefined, response: new Response(null, { status: 204 }) };
  }) as never);
  return { post, remove };
}

describe("CalendarLinks", () => {
  it("makes an address of a household's meals, shows it once with Copy and the steps for three calendars", async () => {
    signInAs(1);
    const { post } = fakeApi([]);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderInApp(<CalendarLinks />);
    expect(await screen.findByText("No calendar addresses yet.")).toBeVisible();

    fireEvent.change(await screen.findByLabelText("Meals in the calendar"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Make a calendar address" }));
    const heading = await screen.findByRole("heading", { name: "Your new calendar address" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(post).toHaveBeenCalledWith("/api/v1/meal-plan/calendar-links", { body: { household_id: 3 } });
    expect(screen.getByLabelText("Calendar address")).toHaveValue(URL_);
    expect(screen.getByText(/shown only now/)).toBeVisible();
    for (const app of ["Google Calendar", "Apple Calendar", "Thunderbird"])
      expect(screen.getByText(app)).toBeVisible();
    expect(screen.getByText(/Other calendars choose \+ → From URL/)).toBeVisible();
    expect(screen.getByText(/File → New Calendar Subscription/)).toBeVisible();
    expect(screen.getByText(/New Calendar → On the Network/)).toBeVisible();

    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(URL_);
    // The list now has it, by whose meals it shows (never its address).
    const list = await screen.findByRole("list");
    expect(within(list).getByText("Smiths")).toBeVisible();
    expect(within(list).getByText(/not read by a calendar yet/)).toBeVisible();
  });

  it("removes an address after asking, saying that it stops working", async () => {
    signInAs(1);
    const { remove } = fakeApi([
      { id: 7, household_id: null, created_at: "2026-11-20T10:00:00Z", last_read_at: "2026-11-28T06:00:00Z" },
    ]);
    renderInApp(<CalendarLinks />);
    const item = await screen.findByRole("listitem");
    expect(item).toHaveTextContent("Me and my households");
    expect(item).toHaveTextContent(/Made on Nov 20, 2026 · last read by a calendar on Nov 28, 2026/);
    fireEvent.click(
      screen.getByRole("button", {
        name: "Remove the calendar address “Me and my households” made on Nov 20, 2026",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Remove this calendar address?" });
    expect(dialog).toHaveTextContent("The address stops working at once");
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith("/api/v1/meal-plan/calendar-links/{link_id}", {
        params: { path: { link_id: 7 } },
      }),
    );
    expect(await screen.findByText("No calendar addresses yet.")).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("was removed: it no longer works.");
  });

  it("speaks German", async () => {
    await act(() => activate("de"));
    signInAs(1);
    fakeApi([]);
    renderInApp(<CalendarLinks />);
    expect(await screen.findByRole("heading", { name: "Zum Kalender hinzufügen" })).toBeVisible();
    expect(await screen.findByText("Noch keine Kalenderadressen.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Kalenderadresse erstellen" })).toBeVisible();
  });
});
