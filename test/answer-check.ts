// Every answer an API test receives is checked against the answer its route declares (`answers()`,
// the same schema the OpenAPI description publishes): a route whose real answer drifts from its
// description fails whichever test called it. The check is cheap: routes are looked up by method
// among the few that could match, and only JSON successes of /api are parsed.
import type { z } from "zod";
import { api } from "../server/api";
import { routeSchemaOf } from "../server/lib/validate";
import { pathMatcher, plainPath } from "../server/route-table";

interface Route {
  match: RegExp;
  route: string;
  answer?: { schema: z.ZodType; status: number };
}
const byMethod = new Map<string, Route[]>();
for (const r of api.routes) {
  if (r.method === "ALL") continue;
  const route = `/api${plainPath(r.path)}`; // typed params (`:id{…}`) print and match as `:id`
  const list = byMethod.get(r.method) ?? byMethod.set(r.method, []).get(r.method)!;
  let row = list.find((x) => x.route === route);
  if (!row) list.push((row = { match: pathMatcher(route), route }));
  const found = routeSchemaOf(r.handler);
  // the first handler of a method and path is the one Hono runs
  if (found?.target === "answer") row.answer ??= { schema: found.schema, status: found.status };
}

/** Throws when `res` is a success of a route that declares its answer and the body does not match it. */
export async function checkAnswer(method: string, path: string, res: Response) {
  if (res.status !== 200 && res.status !== 201) return;
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return;
  const pathname = new URL(path, "http://x").pathname;
  if (!pathname.startsWith("/api/")) return;
  const route = byMethod.get(method)?.find((d) => d.match.test(pathname));
  if (!route) return;
  if (!route.answer) return;
  const body = await res.clone().json();
  const parsed = route.answer.schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${method} ${route.route} answered what its declared schema refuses: ${JSON.stringify(parsed.error.issues).slice(0, 500)}`);
  if (res.status !== route.answer.status) throw new Error(`${method} ${route.route} answered ${res.status}, declared ${route.answer.status}`);
}
