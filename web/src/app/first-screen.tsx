/**
 * The first screens the built page carries (../../first-screen.ts, issue 40): the browse page, a
 * recipe page and a shopping list as the app draws them before it has read anything, for a visitor
 * and for someone signed in. Rendered at build time from the app's own components and route table
 * (memory history, a query cache that reads nothing), so the HTML a phone gets shows the page's frame
 * at once, and the app, when its code has arrived, draws the same thing in its place: no flash, no
 * shift. Runs in Node under Vite's SSR loader, never in the browser.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { prerender } from "react-dom/static";
import { loadLanguage } from "../i18n/index.ts";
import { auth, type TokenAnswer } from "../lib/auth.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { createAppRouter } from "./router.tsx";

export type FirstScreen = {
  /** Which pages it is drawn for (index.html's script matches the address): `browse`, `recipe`, `list`. */
  page: "browse" | "recipe" | "list";
  /** Drawn for someone signed in (the header's account and places differ). */
  signedIn: boolean;
  /** The markup of #root. */
  html: string;
};

/** An address of each page: the page is drawn before its data, so any id does. */
const PAGES = [
  { page: "browse", path: "/", visitors: true },
  { page: "recipe", path: "/recipes/1", visitors: true },
  { page: "list", path: "/lists/1", visitors: false },
] as const;

/** A signed-in person as the app knows one before reading the account: a token that says a user. */
function signedInAnswer(): TokenAnswer {
  const claims = { sub: "1", role: "user", exp: Math.floor(Date.now() / 1000) + 3600 };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return {
    access_token: `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.first-screen`,
    expires_in: 3600,
  };
}

async function render(path: string): Promise<string> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const { prelude } = await prerender(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  queryClient.clear();
  // Without the router's scroll-restoring script: the page's own script puts a screen in place.
  return (await new Response(prelude).text()).replace(/<script>[\s\S]*?<\/script>/g, "");
}

/** Every first screen, in English (the page's script puts the shell's words in the device's language). */
export async function renderFirstScreens(): Promise<FirstScreen[]> {
  await loadLanguage("en");
  const screens: FirstScreen[] = [];
  for (const signedIn of [false, true]) {
    if (signedIn) auth.signIn(signedInAnswer());
    else auth.signOut();
    for (const { page, path, visitors } of PAGES) {
      if (signedIn || visitors) screens.push({ page, signedIn, html: await render(path) });
    }
  }
  auth.signOut();
  return screens;
}
