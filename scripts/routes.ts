// `npm run routes`: every page and API route with its method and guards, from the app itself.
import { createApp } from "../app";
import { loadConfig } from "../server/config";
import type { AppDeps } from "../server/context";
import { routeTable } from "../server/route-table";

// Listing routes touches no database or mail: only the configuration the app is built with.
const app = createApp({ config: loadConfig({ ...process.env, NODE_ENV: "test" }) } as AppDeps);
const rows = routeTable(app);
// One line per path and guard list: a page's GET and its form POST share a line.
const lines = new Map<string, { methods: string[]; path: string; guards: string }>();
for (const r of rows) {
  const guards = r.guards.join(", ") || "-";
  const line = lines.get(`${r.path} ${guards}`) ?? { methods: [], path: r.path, guards };
  line.methods.push(r.method);
  lines.set(`${r.path} ${guards}`, line);
}
const width = Math.max(...rows.map((r) => r.path.length));
for (const l of lines.values()) console.log(`${l.methods.join(",").padEnd(11)} ${l.path.padEnd(width)}  ${l.guards}`);
const api = rows.filter((r) => r.path.startsWith("/api/")).length;
console.log(`\n${rows.length} routes (method × path): ${rows.length - api} page, ${api} API`);
