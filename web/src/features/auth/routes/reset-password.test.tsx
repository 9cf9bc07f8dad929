import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../../lib/testing.tsx";
import { ResetPasswordPage } from "./reset-password.tsx";

const CODE = `reset_${"a1B2-c3D4_".repeat(4)}xyz`;

/** Opens the page as the link does: the code in the address's fragment. */
function openLink(fragment = CODE) {
  window.history.replaceState(null, "", `/reset-password#${fragment}`);
  renderInApp(<ResetPasswordPage />, { path: "/reset-password" });
}

const problem = (status: number, body: object) =>
  new Response(JSON.stringify({ type: "about:blank", status, ...body }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });

// openapi-fetch takes fetch and Request as they are when its client is made: stubbed before the imports.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  // Relative URLs as a browser resolves them (Node's Request wants absolute ones).
  const BaseRequest = globalThis.Request;
  globalThis.Request = class extends BaseRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === "string" ? new URL(input, "http://localhost") : input, init);
    }
  } as typeof Request;
  globalThis.fetch = (request: RequestInfo | URL) => mock(request);
  return mock;
});

beforeEach(() => fetchMock.mockReset());
afterEach(() => window.history.replaceState(null, "", "/"));

async function submit(password: string) {
  fireEvent.change(await screen.findByLabelText("New password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Set the new password" }));
}

describe("the page a password-reset link opens", () => {
  it("shows the rule before typing, sends the new password with the link's code alone, then asks to log in", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    openLink();
    const field = await screen.findByLabelText("New password");
    expect(field).toHaveAccessibleDescription(
      "At least 12 characters, and not your username, your e-mail address or a common password.",
    );
    await submit("a kettle of fish and chips");

    expect(await screen.findByRole("heading", { name: "Your new password is set" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe("PUT");
    expect(new URL(request.url).pathname).toBe("/api/v1/users/password");
    expect(request.headers.get("Authorization")).toBe(`Bearer ${CODE}`);
    expect(await request.json()).toEqual({ new_password: "a kettle of fish and chips" });
  });

  it("says when the link is used up or run out, and how to get another", async () => {
    fetchMock.mockResolvedValue(
      problem(401, { title: "Unauthorized", detail: "Token is invalid or has expired." }),
    );
    openLink();
    await submit("a kettle of fish and chips");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link has been used or has expired. Ask your household’s admin for a new link",
    );
    expect(screen.getByRole("button", { name: "Set the new password" })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1); // no session renewal, no second try
  });

  it("puts the rule a password broke on the field", async () => {
    fetchMock.mockResolvedValue(
      problem(422, {
        title: "Unprocessable Content",
        detail: "Request body is invalid.",
        errors: [{ path: "new_password", message: "Must not be one of the 10,000 most common passwords." }],
      }),
    );
    openLink();
    await submit("password1234");
    expect(await screen.findByText("Must not be one of the 10,000 most common passwords.")).toBeVisible();
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Set the new password" })).toBeEnabled();
  });

  it("explains an address without a whole code, and sends nothing", async () => {
    openLink("reset_cut");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This address is not a whole password-reset link.",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
