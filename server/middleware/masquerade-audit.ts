// Everything a masquerading manager does goes to the audit log with the real person (the manager
// behind the session), the user acted as, the method, path and answer status: every write (every
// non-GET, and the GETs that write, as the spec's `GET /api/order/reset_result`) and every read —
// a page or an API answer under someone else's session may show anyone's personal data (an owner's
// employees, their exports, the person's own data), so no read is left out, whoever is acted as.
// Mounted on /api and on the pages (GET and POST); static files never pass through it.
import type { Context, MiddlewareHandler } from "hono";
import { audit } from "../admin/audit";

/** GETs that write. */
const WRITING_GETS = [/^\/api\/order\/reset_result\/?$/];

export const auditMasqueradeWrites: MiddlewareHandler = async (c, next) => {
  await next();
  const auth = c.get("auth");
  if (auth?.kind !== "masq" || !auth.actorId || c.req.method === "HEAD") return;
  const path = new URL(c.req.url).pathname;
  const action = c.req.method === "GET" && !WRITING_GETS.some((p) => p.test(path)) ? "masq.read" : "masq.write";
  const values = c.req.method === "GET" ? null : await sentValues(c);
  await audit(
    c.get("deps").db,
    { actorId: auth.user.id, realActorId: auth.actorId },
    {
      action,
      entity: "request",
      subjectUserId: auth.user.id,
      changes: { method: c.req.method, path, status: c.res.status, ...(values ? { values } : {}) },
    },
  );
};

/** Fields whose values never reach the audit: passwords by any of their names (the spec's change
 * form calls them current, new and repeat), tokens, secrets and codes. */
const SECRET = /pass|token|secret|code|^(current|new|repeat)$/i;
const MAX_VALUE = 500;

/** What a full masquerade's write sent (JSON or a plain form; an upload is named, not kept), secrets
 * masked and long text cut: the audit shows what the manager changed, not only where. */
async function sentValues(c: Context): Promise<Record<string, unknown> | null> {
  const type = c.req.header("content-type") ?? "";
  let body: unknown = null;
  try {
    if (type.includes("application/json")) body = await c.req.json();
    else if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) body = await c.req.parseBody();
  } catch {
    return null; // a body the handler refused as malformed: the status says enough
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>).slice(0, 50)) {
    if (SECRET.test(key)) out[key] = "•••";
    else if (value instanceof File) out[key] = `${value.name} (${value.size} B)`;
    else if (typeof value === "string") out[key] = value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
    else out[key] = JSON.stringify(value ?? null).length > MAX_VALUE ? "…" : value;
  }
  return out;
}
