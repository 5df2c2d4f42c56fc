// /api/manager: the back-office. The admin guard is applied here once, so no manager route can
// exist without it; each resource is its own module mounted at its own prefix.
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { guard } from "../../middleware/guards";
import { managerBusinessApi } from "./business";
import { managerExportingApi } from "./exporting";
import { managerOrdersApi } from "./orders";
import { managerSettingsApi } from "./settings";
import { managerStatsApi } from "./stats";
import { managerTeamApi } from "./team";
import { RESOURCES } from "../../admin/resources";
import { projectResource } from "../../admin/resources/projects";
import { RESOURCE_ROUTES } from "./resource-routes";
import { resourceApi } from "./resources";

const withResources = new Hono<AppEnv>().use(guard("admin"));
// every declared resource (server/admin/resources) at its own prefix, with its generated calls
for (const def of RESOURCES) {
  const own = RESOURCE_ROUTES[def.name];
  withResources.route(def.apiPath, resourceApi(def, own && ((app) => own(app, def))) as unknown as Hono<AppEnv>);
}
// the spec's second prefix for projects: list, create and update (change-owner and delete are under /projects)
withResources.route("/project", resourceApi(projectResource) as unknown as Hono<AppEnv>);

export const managerApi = withResources
  .route("/orders", managerOrdersApi)
  .route("/setting", managerSettingsApi)
  .route("/stat", managerStatsApi)
  .route("/exporting", managerExportingApi)
  .route("/business", managerBusinessApi)
  .route("/managers", managerTeamApi);

/** The environment every manager module's handlers run in (the guard above guarantees it). */
export type ManagerEnv = import("../../middleware/guards").GuardedEnv<["admin"]>;
