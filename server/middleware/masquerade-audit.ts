// Everything a masquerading manager does that writes, or reads what is sensitive, goes to the audit
// log with the real person (the manager behind the session), the user acted as, the method, path
// and answer status. Writes are every non-GET; among GETs, those that write (the spec's
// `GET /api/order/reset_result`) and those that read the person's data (the export, their reports)
// are audited too (issue 29 #4). Mounted on /api and on the pages (GET and POST).
import type { MiddlewareHandler } from "hono";
import { audit } from "../admin/audit";

/** GETs that write. */
const WRITING_GETS = [/^\/api\/order\/reset_result\/?$/];
/** GETs that read what only the person should: their data export and their reports (API, pages, PDF). */
const SENSITIVE_GETS = [/^\/api\/passport\/export\/?$/, /^\/api\/report(\/|$)/, /^\/api\/result\/[^/]+\/(report|review)\/?$/, /^\/report(\/|$)/];

export const auditMasqueradeWrites: MiddlewareHandler = async (c, next) => {
  await next();
  const auth = c.get("auth");
  if (auth?.kind !== "masq" || !auth.actorId || c.req.method === "HEAD") return;
  const path = new URL(c.req.url).pathname;
  let action = "masq.write";
  if (c.req.method === "GET") {
    if (SENSITIVE_GETS.some((p) => p.test(path))) action = "masq.read";
    else if (!WRITING_GETS.some((p) => p.test(path))) return;
  }
  await audit(
    c.get("deps").db,
    { actorId: auth.user.id, realActorId: auth.actorId },
    {
      action,
      entity: "request",
      subjectUserId: auth.user.id,
      changes: { method: c.req.method, path, status: c.res.status },
    },
  );
};
