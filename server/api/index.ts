import { Hono } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "../lib/errors";
import { demoApi, managerMasqApi } from "./masquerade";
import { passportApi } from "./passport";
import { businessApi } from "./business";
import { managerSalesApi } from "./manager-sales";
import { paymentsApi } from "./payments";
import { publicApi } from "./public";
import { reportsApi } from "./reports";
import { testingApi } from "./testing";

export const api = new Hono<AppEnv>();
// The spec's clients send a no-cache pragma; answers are per user, so never cache them either.
api.use("*", async (c, next) => {
  // The demo business account may look at everything and change nothing.
  if (c.var.auth?.kind === "demo" && c.req.method !== "GET" && c.req.method !== "HEAD") {
    throw new AppError(403, "demo_read_only", "auth.errors.demoReadOnly");
  }
  await next();
  c.header("Cache-Control", "no-store");
});
api.route("/", publicApi);
api.route("/passport", passportApi);
api.route("/manager", managerMasqApi);
api.route("/manager", managerSalesApi);
api.route("/business", demoApi);
api.route("/", testingApi);
api.route("/", reportsApi);
api.route("/", paymentsApi);
api.route("/", businessApi);
