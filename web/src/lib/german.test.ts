import { act } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../i18n/index.ts";
import { dayName, formatMoment, weekTitle } from "./dates.ts";
import { ApiError, errorMessage, toApiError } from "./errors.ts";
import { formatDuration, formatGrams } from "./format.ts";
import { unsentText } from "./unsent-changes.ts";

afterEach(async () => {
  await act(() => activate("en"));
});

describe("the app's own sentences, dates and numbers in German", () => {
  it("say the errors the app knows in the person's language, and the API's sentence for the rest", async () => {
    await act(() => activate("de"));
    expect(errorMessage(new ApiError(0, "x"))).toBe(
      "Der Rezeptdienst ist nicht erreichbar. Prüfe deine Verbindung und versuche es erneut.",
    );
    const login = toApiError(401, { detail: "Incorrect username or password." }, { action: "log-in" });
    expect(errorMessage(login)).toBe("Benutzername oder Passwort ist falsch.");
    expect(errorMessage(toApiError(429, { detail: "Too many…" }, { retryAfter: "1" }))).toBe(
      "Zu viele Versuche. Versuche es in 1 Sekunde erneut.",
    );
    expect(errorMessage(toApiError(429, { detail: "Too many…" }, { retryAfter: "900" }))).toBe(
      "Zu viele Versuche. Versuche es in 15 Minuten erneut.",
    );
    const taken = toApiError(409, {
      detail: "Ingredient name 'Eggs' already exists as 'Egg' (ID 3).",
      existing_id: 3,
    });
    expect(errorMessage(taken)).toBe("„Egg“ gibt es schon.");
    expect(errorMessage(toApiError(409, { detail: "Household ID 3 needs an owner." }))).toBe(
      "Household ID 3 needs an owner.",
    );
  });

  it("write days, times, durations and amounts as German kitchens do", async () => {
    await act(() => activate("de"));
    expect(dayName("2030-03-04")).toBe("Montag, 4. März");
    expect(weekTitle("2030-02-25")).toBe("25. Februar – 3. März 2030");
    expect(formatMoment("2026-12-10T15:32:00Z", new Date("2026-12-12T10:00:00Z"), "UTC")).toBe(
      "Donnerstag, 10. Dezember um 15:32",
    );
    expect(formatDuration(90 * 60)).toBe("1 Std. 30 Min.");
    expect(formatGrams(1500)).toBe("1,5 kg");
    expect(formatGrams(2.5)).toBe("2,5 g");
  });

  it("count changes not sent with the language's plural", async () => {
    await act(() => activate("de"));
    expect(unsentText(1, "sam", ["„Mehl“ abgehakt"])).toBe(
      "1 Änderung, die sam offline gemacht hat, wurde nicht gesendet: „Mehl“ abgehakt.",
    );
    expect(unsentText(2, undefined, ["a", "b"])).toBe(
      "2 offline gemachte Änderungen wurden nicht gesendet: a und b.",
    );
  });
});

describe("the app's own sentences in English", () => {
  it("keep the known errors' wording", () => {
    const login = toApiError(401, { detail: "Incorrect username or password." }, { action: "log-in" });
    expect(errorMessage(login)).toBe("Incorrect username or password.");
    expect(errorMessage(toApiError(429, { detail: "Too many failed logins." }, { retryAfter: "30" }))).toBe(
      "Too many tries. Try again in 30 seconds.",
    );
    expect(errorMessage(toApiError(413, { detail: "The body is over its size limit." }))).toBe(
      "This is too large to send. Choose a smaller file, or send less at once.",
    );
    // A 401 that is not a log-in (the OIDC exchange's, an ended session's) keeps the API's sentence.
    expect(errorMessage(toApiError(401, { detail: "Sign-in with 'Home ID' failed." }))).toBe(
      "Sign-in with 'Home ID' failed.",
    );
  });
});
