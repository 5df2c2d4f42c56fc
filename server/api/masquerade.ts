import { Hono } from "hono";
import type { AppEnv } from "../context";
import { ID_PATTERN } from "../lib/ids";
import { notFound } from "../lib/errors";
import { setSessionCookies } from "../lib/http";
import { guard } from "../middleware/guards";
import { startDemo, startMasquerade } from "../services/masquerade";
import { toUserDoc } from "../services/users";

/** POST /api/manager/user/:id/masq — only managers (the admin guard answers 401/403). */
export const managerMasqApi = new Hono<AppEnv>();
managerMasqApi.post("/user/:id/masq", guard("admin"), async (c) => {
  const id = c.req.param("id");
  if (!ID_PATTERN.test(id)) throw notFound();
  const { token, user } = await startMasquerade(c.var.deps.db, c.var.auth!.user, id);
  setSessionCookies(c, token, user.id, "masqToken");
  return c.json({ token, user: await toUserDoc(c.var.deps.db, user) });
});

/** GET /api/business/masq-no-auth — the read-only demo business account for anyone. */
export const demoApi = new Hono<AppEnv>();
demoApi.get("/masq-no-auth", async (c) => {
  const { token, user } = await startDemo(c.var.deps.db);
  setSessionCookies(c, token, user.id, "masqDemoToken");
  return c.json({ token, _id: user.id });
});
