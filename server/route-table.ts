// Every page and API route the app serves, with its method and guards, read from the Hono app
// itself (its `routes`), so the table can't drift from the code. `npm run routes` prints it; the
// spec-route test compares it with the specification's list.
import type { Hono } from "hono";
import { guardNamesOf } from "./middleware/guards";

export interface RouteRow {
  method: string;
  path: string;
  /** The named guards that run before the handler: its own and those of enclosing `use()`s. */
  guards: string[];
}

/** Does a Hono middleware path (`/api/manager/*`, `*`) cover this route path? */
function covers(pattern: string, path: string) {
  if (pattern === "*" || pattern === "/*") return true;
  if (pattern.endsWith("/*")) {
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(`${base}/`);
  }
  return pattern === path;
}

/** A route path as the spec writes it: a parameter's pattern (`:id{[0-9a-f]{24}}`) dropped, braces nested or not. */
export function plainPath(path: string): string {
  let out = "";
  let depth = 0;
  for (const ch of path) {
    if (ch === "{") depth++;
    else if (ch === "}") depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

export function routeTable(app: Pick<Hono, "routes">): RouteRow[] {
  const entries = app.routes;
  const uses = entries.filter((r) => r.method === "ALL");
  const rows = new Map<string, RouteRow>();
  for (const r of entries) {
    if (r.method === "ALL") continue;
    const path = plainPath(r.path);
    const key = `${r.method} ${path}`;
    let row = rows.get(key);
    if (!row) {
      const inherited = uses.filter((u) => covers(u.path, path)).flatMap((u) => guardNamesOf(u.handler));
      row = { method: r.method, path, guards: [...inherited] };
      rows.set(key, row);
    }
    for (const name of guardNamesOf(r.handler)) if (!row.guards.includes(name)) row.guards.push(name);
  }
  return [...rows.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** A Hono route path as a matcher for concrete paths (`:id`, `:id?`, `*`). */
export function pathMatcher(path: string): RegExp {
  const source = path
    .split("/")
    .map((part) =>
      part.startsWith(":") ? (part.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+") : part === "*" ? "(?:/.*)?" : `/${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
    )
    .slice(1)
    .join("");
  return new RegExp(`^${source || "/"}/?$`);
}
