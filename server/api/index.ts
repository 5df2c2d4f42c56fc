import { Hono } from "hono";
import type { AppEnv } from "../context";
import { demoReadOnly } from "../middleware/guards";
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
api.use("*", demoReadOnly, async (c, next) => {
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
