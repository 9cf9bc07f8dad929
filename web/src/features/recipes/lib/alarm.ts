/**
 * How a timer that ends gets the cook's attention, as far as the browser allows: a short tone made
 * with Web Audio (no sound file), a vibration where the device has one, and a notification through
 * the service worker when the page is hidden. Browsers allow sound and vibration only after the
 * person has used the page, and a notification only with their permission: so the sound is
 * unlocked, and permission asked, when a timer is started (a press), never before.
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | undefined;

function audioContextClass(): AudioContextClass | undefined {
  return (
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  );
}

/** Makes sound possible later: called from the press that starts a timer. */
export function unlockSound(): void {
  const Class = audioContextClass();
  if (!Class) return;
  try {
    context ??= new Class();
    if (context.state === "suspended") void context.resume().catch(() => undefined);
  } catch {
    context = undefined; // no audio device: the tray still shows the end
  }
}

/** Three pairs of short beeps (about three seconds), generated. Silent where sound was never unlocked. */
export function playChime(): void {
  if (!context && navigator.userActivation?.hasBeenActive) unlockSound();
  const audio = context;
  if (!audio) return;
  if (audio.state === "suspended") void audio.resume().catch(() => undefined);
  const first = audio.currentTime + 0.05;
  for (let i = 0; i < 6; i++) {
    const at = first + Math.floor(i / 2) * 1 + (i % 2) * 0.25;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = i % 2 === 0 ? 880 : 1175;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.22);
  }
}

/** A buzz where the device has a vibration motor and the browser the API (not Safari). */
export function vibrate(): void {
  try {
    navigator.vibrate?.([400, 150, 400, 150, 400]);
  } catch {
    // refused (no activation yet): the sound and the tray remain
  }
}

/**
 * Whether a notification can tell of a timer's end when the page is hidden:
 * - `granted`: yes;
 * - `ask`: permission not given yet (it is asked when a timer starts);
 * - `denied`: the person (or the browser's settings) said no;
 * - `home-screen`: an iPhone or iPad, whose browsers have notifications only in an app added to the
 *   home screen;
 * - `unsupported`: the browser has no notifications at all.
 */
export type NotificationSupport = "granted" | "ask" | "denied" | "home-screen" | "unsupported";

export type NotificationEnvironment = {
  /** The permission, or null when the browser has no Notification API. */
  permission: NotificationPermission | null;
  /** An iPhone or iPad (whatever its browser: all of them are Safari underneath). */
  ios: boolean;
  /** Running as an app from the home screen. */
  standalone: boolean;
};

export function notificationSupport(env: NotificationEnvironment): NotificationSupport {
  if (env.permission === null) return env.ios && !env.standalone ? "home-screen" : "unsupported";
  if (env.permission === "granted") return "granted";
  return env.permission === "denied" ? "denied" : "ask";
}

/** This browser's environment, for notificationSupport. */
export function notificationEnvironment(): NotificationEnvironment {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const standalone =
    (navigator as { standalone?: boolean }).standalone === true ||
    (typeof matchMedia === "function" && matchMedia("(display-mode: standalone)").matches);
  const permission = typeof Notification === "undefined" ? null : Notification.permission;
  return { permission, ios, standalone };
}

/** Asks for permission once, when it was never given or refused; answers what is possible now. */
export async function askForNotifications(): Promise<NotificationSupport> {
  const before = notificationSupport(notificationEnvironment());
  if (before !== "ask") return before;
  try {
    await Notification.requestPermission();
  } catch {
    // an old Safari takes a callback instead; it can be asked again at the next start
  }
  return notificationSupport(notificationEnvironment());
}

/**
 * A notification through the service worker (the way that works on phones; the production build
 * registers it), else the page's own where the browser allows one (desktop, the dev server). `tag`
 * replaces an earlier notification of the same timer; `url` is the page a tap opens
 * (public/timer-notifications.js).
 */
export async function notify(title: string, body: string, tag: string, url: string): Promise<void> {
  if (notificationSupport(notificationEnvironment()) !== "granted") return;
  const options: NotificationOptions & { vibrate?: number[]; renotify?: boolean } = {
    body,
    tag,
    renotify: true,
    requireInteraction: true,
    vibrate: [400, 150, 400, 150, 400],
    icon: "/icons/icon-192.png",
    data: { url },
  };
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) {
      await registration.showNotification(title, options);
      return;
    }
    new Notification(title, options);
  } catch {
    // Android's Chrome has no page notifications (only the worker's): the tray shows the end
  }
}
