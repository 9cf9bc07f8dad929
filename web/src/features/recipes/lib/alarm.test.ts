import { afterEach, describe, expect, it, vi } from "vitest";
import { askForNotifications, notificationSupport, notify } from "./alarm.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

/** A registered service worker (jsdom has none). */
function stubWorker(showNotification: () => unknown) {
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => ({ showNotification }) },
  });
}

/** A Notification API with a permission (and what asking answers). */
function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const Page = vi.fn();
  const stub = Object.assign(Page, {
    permission,
    requestPermission: vi.fn(async () => {
      stub.permission = answer;
      return answer;
    }),
  });
  vi.stubGlobal("Notification", stub);
  return stub;
}

describe("notificationSupport", () => {
  it("names what the browser allows", () => {
    const env = { ios: false, standalone: false };
    expect(notificationSupport({ ...env, permission: "granted" })).toBe("granted");
    expect(notificationSupport({ ...env, permission: "default" })).toBe("ask");
    expect(notificationSupport({ ...env, permission: "denied" })).toBe("denied");
    expect(notificationSupport({ ...env, permission: null })).toBe("unsupported");
    // Safari on an iPhone has notifications only for an app on the home screen.
    expect(notificationSupport({ ios: true, standalone: false, permission: null })).toBe("home-screen");
    expect(notificationSupport({ ios: true, standalone: true, permission: "default" })).toBe("ask");
  });
});

describe("askForNotifications", () => {
  it("asks once, when permission was never given", async () => {
    const stub = stubNotification("default", "granted");
    expect(await askForNotifications()).toBe("granted");
    expect(stub.requestPermission).toHaveBeenCalledTimes(1);
    expect(await askForNotifications()).toBe("granted");
    expect(stub.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("never asks again after a no", async () => {
    const stub = stubNotification("denied");
    expect(await askForNotifications()).toBe("denied");
    expect(stub.requestPermission).not.toHaveBeenCalled();
  });

  it("says so where there is no Notification API", async () => {
    vi.stubGlobal("Notification", undefined);
    expect(await askForNotifications()).toBe("unsupported");
  });
});

describe("notify", () => {
  it("shows the notification through the service worker", async () => {
    stubNotification("granted");
    const showNotification = vi.fn(async () => undefined);
    stubWorker(showNotification);
    await notify("Time’s up: Step 3: 25 minutes", "Bread", "5:3:5", "/recipes/5/cook?step=3");
    expect(showNotification).toHaveBeenCalledWith(
      "Time’s up: Step 3: 25 minutes",
      expect.objectContaining({ body: "Bread", tag: "5:3:5", data: { url: "/recipes/5/cook?step=3" } }),
    );
  });

  it("shows nothing without permission", async () => {
    const stub = stubNotification("denied");
    const showNotification = vi.fn();
    stubWorker(showNotification);
    await notify("Time’s up", "Bread", "5:3:5", "/");
    expect(showNotification).not.toHaveBeenCalled();
    expect(stub).not.toHaveBeenCalled();
  });
});
