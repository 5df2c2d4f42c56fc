// /api/manager/user: users in the back-office (spec manager §7). For now: masquerade.
import { Hono } from "hono";
import { pathId } from "../../lib/ids";
import { setSessionCookies } from "../../lib/http";
import { startMasquerade } from "../../services/masquerade";
import { toUserDoc } from "../../services/users";
import type { ManagerEnv } from ".";

export const managerUsersApi = new Hono<ManagerEnv>().post("/:id/masq", async (c) => {
  const { token, user } = await startMasquerade(c.var.deps.db, c.var.user, pathId(c));
  setSessionCookies(c, token, user.id, "masqToken");
  return c.json({ token, user: await toUserDoc(c.var.deps.db, user) });
});
