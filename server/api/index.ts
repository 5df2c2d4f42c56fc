// /api: one module per resource, each mounted at its own prefix (the spec's path), so no route
// depends on the order of mounts. `npm run routes` lists them with their guards.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { demoReadOnly } from "../middleware/guards";
import { auditMasqueradeWrites } from "../middleware/masquerade-audit";
import { answersApi } from "./answers";
import { businessApi } from "./business";
import { departmentsApi, employeesApi, invitesApi, positionsApi, projectsApi } from "./business/cabinet";
import { efficiencyApi, skillsApi } from "./business/analytics";
import { integrationsApi } from "./business/integrations";
import { inviteApi } from "./invite";
import { couponsApi } from "./coupons";
import { formatsApi } from "./formats";
import { amoApi, consultationApi, webinarApi } from "./leads";
import { managerApi } from "./manager";
import { notifyApi } from "./notify";
import { ordersApi } from "./orders";
import { passportApi } from "./passport";
import { paymentsApi } from "./payments";
import { reportsApi } from "./reports";
import { resultsApi } from "./results";
import { reviewsApi } from "./reviews";
import { healthApi, totalApi } from "./site";
import { testsApi } from "./tests";
import { answers } from "../lib/validate";
import { openApiDocument } from "../openapi";
import { referencePage } from "../openapi-page";

export const API_MODULES = {
  "/health": healthApi,
  "/total": totalApi,
  "/passport": passportApi,
  "/test": testsApi,
  "/answer": answersApi,
  "/result": resultsApi,
  "/report": reportsApi,
  "/review": reviewsApi,
  "/format": formatsApi,
  "/order": ordersApi,
  "/payment": paymentsApi,
  "/coupon": couponsApi,
  "/amo": amoApi,
  "/consultation": consultationApi,
  "/webinar": webinarApi,
  "/notify": notifyApi,
  "/business/projects": projectsApi,
  "/business/departments": departmentsApi,
  "/business/positions": positionsApi,
  "/business/employees/efficiency": efficiencyApi,
  "/business/employees": employeesApi,
  "/business/skills": skillsApi,
  "/business/invites": invitesApi,
  "/business/integrations": integrationsApi,
  "/business": businessApi,
  "/invite": inviteApi,
  "/manager": managerApi,
} as const;

export const api = new Hono<AppEnv>();
// The spec's clients send a no-cache pragma; answers are per user, so never cache them either.
// Set before the handler, so c.json carries it; only a raw Response is given it afterwards (a
// c.header() after the handler rebuilds the response: a fifth of a small call's time).
api.use("*", demoReadOnly, auditMasqueradeWrites, async (c, next) => {
  c.header("Cache-Control", "no-store");
  await next();
  if (!c.res.headers.has("cache-control")) c.header("Cache-Control", "no-store");
});
for (const [prefix, module] of Object.entries(API_MODULES)) api.route(prefix, module as unknown as Hono<AppEnv>);

// The description of all of the above, made from the routes themselves on first use (server/openapi.ts).
let described: ReturnType<typeof openApiDocument> | null = null;
const description = () => (described ??= openApiDocument(api));
const openApi = z.object({
  openapi: z.literal("3.1.0"),
  info: z.object({ title: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
api.get("/openapi.json", answers(openApi), (c) => c.json(description()));
api.get("/reference", answers(z.string(), 200, "text/html"), (c) => c.html(referencePage(description(), c.get("t"))));
