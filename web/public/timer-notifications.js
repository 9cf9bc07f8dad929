/**
 * Imported by the service worker that vite-plugin-pwa generates (vite.config.ts: workbox.importScripts):
 * a tap on a timer's notification (src/features/recipes/lib/alarm.ts) brings the app's window to the
 * front, its cook page if one is open (never navigating a window away: it may hold unsaved work), or
 * opens the cook page that started the timer.
 */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const cook = windows.find((w) => new URL(w.url).pathname === url.pathname);
      const open = cook ?? windows[0];
      return open ? open.focus() : self.clients.openWindow(url.href);
    }),
  );
});
