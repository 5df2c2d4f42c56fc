// /api/business: activating a business account, buying invites, and the read-only demo company.
// (The cabinet's own resources — projects, departments, positions, employees — come with it.)
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { isNavigation, isSameSite, requestMeta, setSessionCookies } from "../../lib/http";
import { answers, validate } from "../../lib/validate";
import * as A from "./answer-schemas";
import { guard } from "../../middleware/guards";
import { startDemo } from "../../services/masquerade";
import { consume } from "../../services/rate-limits";
import { cabinetApi } from "./cabinet";
import { activateBusinessFor, refill, refillSchema } from "../../services/payments/business";

export const businessApi = new Hono<AppEnv>();
// the dashboard, support, reports and the invitee's calls (./cabinet.ts)
businessApi.route("/", cabinetApi);

businessApi.post(
  "/",
  guard("auth"),
  validate("json", z.object({ name: z.string().trim().max(120).optional() }).default({})),
  answers(A.activated, 201),
  async (c) => {
    const project = await activateBusinessFor(c.get("scope"), c.req.valid("json"));
    return c.json({ project: { _id: project.id, name: project.name, inviteBalance: project.inviteBalance } }, 201);
  },
);

businessApi.post("/refill", guard("auth"), validate("json", refillSchema), answers(A.refilled, 201), async (c) =>
  c.json(await refill(c.get("scope"), c.req.valid("json")), 201),
);

/**
 * GET /api/business/masq-no-auth — the read-only demo company for anyone: one shared session.
 * The cookie is set only for a request from our own pages, so a link on another site cannot
 * switch a signed-in visitor's cabinet to the demo; the spec's client stores the token itself.
 */
businessApi.get("/masq-no-auth", answers(A.demoSession), async (c) => {
  await consume(c.get("scope").db, "demo", requestMeta(c).ip ?? "unknown");
  const { token, user } = await startDemo(c.get("scope").db);
  // and only on a navigation: an <img> pointing here must not switch the reader's session
  if (isSameSite(c) && isNavigation(c)) setSessionCookies(c, token, user.id, "masqDemoToken");
  return c.json({ token, _id: user.id });
});

/**
 * POST /api/business/masq — enters the read-only demo company from our own pages (the button on
 * /business_demo): the shared demo session as a cookie, then the cabinet (a form) or the token
 * (JSON). Cross-site requests are refused by the same-origin rule for state-changing requests.
 */
businessApi.post("/masq", answers(A.demoSession), async (c) => {
  await consume(c.get("scope").db, "demo", requestMeta(c).ip ?? "unknown");
  const { token, user } = await startDemo(c.get("scope").db);
  setSessionCookies(c, token, user.id, "masqDemoToken");
  if ((c.req.header("content-type") ?? "").includes("form")) return c.redirect("/business/dashboard", 303);
  return c.json({ token, _id: user.id });
});
