import { describe, expect, it } from "vitest";
import { ApiError, errorMessage, fieldError, isNotFound, toApiError, UNREACHABLE_MESSAGE } from "./errors.ts";

describe("toApiError", () => {
  it("carries the problem's detail to the person and each errors[].path to its field", () => {
    const error = toApiError(422, {
      type: "about:blank",
      title: "Unprocessable Content",
      status: 422,
      detail: "Request body is invalid.",
      errors: [
        { path: "ingredients.0.amount_grams", message: "Amount must be at least 0." },
        { path: "ingredients.0.amount_grams", message: "A second message about the same field." },
        { path: "title", message: "Title is required." },
      ],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(errorMessage(error)).toBe("Request body is invalid.");
    expect(fieldError(error, "ingredients.0.amount_grams")).toBe("Amount must be at least 0.");
    expect(fieldError(error, "title")).toBe("Title is required.");
    expect(fieldError(error, "servings")).toBeUndefined();
  });

  it("treats a 5xx that is not the API's own problem (a proxy, a gateway) as unreachable", () => {
    const error = toApiError(502, "Bad Gateway");
    expect(error.unreachable).toBe(true);
    expect(errorMessage(error)).toBe(UNREACHABLE_MESSAGE);
  });

  it("keeps the API's own 503 sentence", () => {
    const error = toApiError(503, { status: 503, detail: "Database is unavailable." });
    expect(errorMessage(error)).toBe("Database is unavailable.");
    expect(error.unreachable).toBe(false);
  });

  it("names the status of any other answer without a problem body", () => {
    expect(errorMessage(toApiError(418, undefined))).toBe("The request failed (status 418).");
  });

  it("recognises not found", () => {
    expect(isNotFound(toApiError(404, { detail: "Recipe ID 5 was not found." }))).toBe(true);
    expect(isNotFound(toApiError(403, { detail: "Recipe ID 5 belongs to another user." }))).toBe(false);
  });
});

describe("errorMessage", () => {
  it("says the service cannot be reached when fetch itself failed", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(UNREACHABLE_MESSAGE);
  });

  it("never shows a programming error's text", () => {
    expect(errorMessage(new Error("x is undefined"))).toBe("Something went wrong. Try again.");
    expect(fieldError(new Error("x"), "title")).toBeUndefined();
  });
});
