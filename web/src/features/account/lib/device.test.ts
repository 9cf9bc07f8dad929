import { describe, expect, it } from "vitest";
import { describeDevice, lastUsed } from "./device.ts";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "Firefox on Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on a Mac",
    ],
    ["curl/8.5.0", "curl"],
    [null, "An unknown browser"],
  ])("%s → %s", (agent, words) => {
    expect(describeDevice(agent)).toBe(words);
  });
});

describe("lastUsed", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  it("says it as a person would", () => {
    expect(lastUsed("2026-11-24T11:59:30Z", now)).toBe("just now");
    expect(lastUsed("2026-11-24T11:55:00Z", now)).toBe("5 minutes ago");
    expect(lastUsed("2026-11-24T09:00:00Z", now)).toBe("3 hours ago");
    expect(lastUsed("2026-11-23T10:00:00Z", now)).toBe("yesterday");
    expect(lastUsed("2026-11-20T10:00:00Z", now)).toBe("4 days ago");
  });
});
