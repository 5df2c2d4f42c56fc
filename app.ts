// The composition root: the server (server/app.tsx: middleware, /api, rendering) with the site's
// pages (routes/). The one place that joins the two, so the server never imports its pages.
import type { Hono } from "hono";
import { site } from "./routes";
import { createServerApp } from "./server/app";
import type { AppDeps, AppEnv } from "./server/context";

/** The whole app for these deps; `extend` mounts extra routes (tests use it to probe middleware) after ours. */
export function createApp(deps: AppDeps, extend?: (app: Hono<AppEnv>) => void) {
  return createServerApp(deps, site, extend);
}
