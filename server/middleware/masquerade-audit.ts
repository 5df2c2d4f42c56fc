// Every write made under a masquerade goes to the audit log with the real person (the manager
// behind the session), the user acted as, the method, path and answer status. Mounted on /api and
// on the pages' POSTs.
import type { MiddlewareHandler } from "hono";
import { audit } from "../admin/audit";

export const auditMasqueradeWrites: MiddlewareHandler = async (c, next) => {
  await next();
  const auth = c.get("auth");
  if (auth?.kind !== "masq" || c.req.method === "GET" || c.req.method === "HEAD" || !auth.actorId) return;
  await audit(c.get("deps").db, { actorId: auth.user.id, realActorId: auth.actorId }, {
    action: "masq.write",
    entity: "request",
    subjectUserId: auth.user.id,
    changes: { method: c.req.method, path: new URL(c.req.url).pathname, status: c.res.status },
  });
};
