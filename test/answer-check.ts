// Every answer an API test receives is checked against the answer its route declares (`answers()`,
// the same schema the OpenAPI description publishes): a route whose real answer drifts from its
// description fails whichever test called it.
import type { z } from "zod";
import { api } from "../server/api";
import { routeSchemaOf } from "../server/lib/validate";
import { pathMatcher, plainPath } from "../server/route-table";

const declared: { method: string; match: RegExp; route: string; schema: z.ZodType; status: number }[] = [];
for (const r of api.routes) {
  const found = routeSchemaOf(r.handler);
  if (found?.target === "answer")
    declared.push({ method: r.method, match: pathMatcher(`/api${r.path}`), route: `/api${plainPath(r.path)}`, schema: found.schema, status: found.status });
}

/** Throws when `res` is a success of a route that declares its answer and the body does not match it. */
export async function checkAnswer(method: string, path: string, res: Response) {
  if (res.status !== 200 && res.status !== 201) return;
  const pathname = new URL(path, "http://x").pathname;
  const route = declared.find((d) => d.method === method && d.match.test(pathname));
  if (!route) return;
  const body = await res.clone().json();
  const parsed = route.schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${method} ${route.route} answered what its declared schema refuses: ${JSON.stringify(parsed.error.issues).slice(0, 500)}`);
  if (res.status !== route.status) throw new Error(`${method} ${route.route} answered ${res.status}, declared ${route.status}`);
}
