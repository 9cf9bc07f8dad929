/** Matching a method and path against the route table: shared by the local server and the cloud's fallback route. */
import { API_PREFIX, type Route, routes } from "../routes.ts";

type Compiled = { route: Route; pattern: RegExp; names: string[] };

const compiled: Compiled[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { route, pattern: new RegExp(`^${API_PREFIX}${source}/?$`), names };
});

/** The first segment of a path below the prefix: `recipes` in `/recipes/{recipe_id}`. */
const firstSegment = (path: string): string => path.split("/", 2)[1] ?? "";

/** The routes under each first segment: a request tries only those under its own. */
const bySegment = new Map<string, Compiled[]>();
for (const entry of compiled) {
  const segment = firstSegment(entry.route.path);
  bySegment.set(segment, [...(bySegment.get(segment) ?? []), entry]);
}

export type Match =
  | { kind: "found"; route: Route; pathParameters: Record<string, string> }
  | { kind: "wrong-method"; allow: string[] }
  | { kind: "none" };

/** Finds the route for a request path (without query); a trailing slash is optional everywhere. */
export function matchRoute(method: string, path: string): Match {
  const allow = new Set<string>();
  const candidates = path.startsWith(`${API_PREFIX}/`)
    ? (bySegment.get(firstSegment(path.slice(API_PREFIX.length))) ?? [])
    : [];
  for (const { route, pattern, names } of candidates) {
    const m = pattern.exec(path);
    if (!m) continue;
    if (route.method !== method) {
      allow.add(route.method);
      continue;
    }
    const pathParameters: Record<string, string> = {};
    names.forEach((name, i) => {
      pathParameters[name] = safeDecode(m[i + 1] ?? "");
    });
    return { kind: "found", route, pathParameters };
  }
  return allow.size ? { kind: "wrong-method", allow: [...allow].sort() } : { kind: "none" };
}

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
