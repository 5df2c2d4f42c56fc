// What each kind of manager may do in the back-office. Every manager (isManager: role admin in the
// spec's sense, confirmed, active) has a back-office role: admin (everything), support (reads,
// masquerades read-only, handles requests), finance (orders, invoices, refunds, coupons, referrals)
// or content (report texts, questions, formats, tests, reviews, format corrections). Reading is
// open to every role except the team's own screens (audit, settings, managers); a write needs the
// resource's `access` (declared with the resource) or the screen's below. One check, in the admin
// guard, covers every page, form, action and API call under /manager and /api/manager.
import type { UserRow } from "../services/users";
import { type Access, MANAGER_ROLES, type ManagerRole, roleOf } from "./manager-roles";
import type { ResourceDef } from "./resource";

export { type Access, MANAGER_ROLES, type ManagerRole, roleOf };
import { RESOURCES } from "./resources";

const EVERYONE = MANAGER_ROLES;
const ADMIN_ONLY: Access = { read: [], write: [] };

/** The screens that are not resources, by their first path segment under /manager and /api/manager. */
const SCREENS: Record<string, Access> = {
  "": { read: EVERYONE, write: [] },
  rechecker: { read: EVERYONE, write: ["content"] },
  requests: { read: ["support"], write: ["support"] },
  business: { read: ["support"], write: ["support"] },
  stats: { read: EVERYONE, write: [] },
  // finds only in what the manager may read (server/admin/search.ts)
  search: { read: EVERYONE, write: [] },
  stat: { read: EVERYONE, write: [] },
  // an export is a read: starting one is a POST
  exporting: { read: ["support", "finance"], write: ["support", "finance"] },
  audit: ADMIN_ONLY,
  settings: ADMIN_ONLY,
  setting: ADMIN_ONLY,
  managers: ADMIN_ONLY,
  public: { read: EVERYONE, write: [] },
  // /api/manager/orders: the spec's invoice calls
  orders: { read: EVERYONE, write: ["finance"] },
};

export const allows = (access: Access, role: ManagerRole, op: "read" | "write", action?: string) =>
  role === "admin" || (op === "read" ? (access.read ?? EVERYONE) : ((action && access.actions?.[action]) ?? access.write)).includes(role);

/** The resource a path names (its page path under /manager or its API path under /api/manager). */
function resourceOf(segment: string, api: boolean): ResourceDef | undefined {
  return RESOURCES.find((d) => (api ? d.apiPath === `/${segment}` || (d.name === "projects" && segment === "project") : d.pagePath === segment));
}

export interface Request {
  method: string;
  path: string;
  /** a posted form's `_form` (and a bulk form's `action`) */
  form?: string;
  bulk?: string;
}

/** What the request needs: the area's access, read or write, and the action it runs (if any). */
export function needs(req: Request): { access: Access; op: "read" | "write"; action?: string } {
  const reading0 = req.method === "GET" || req.method === "HEAD";
  if (!req.path.startsWith("/manager") && !req.path.startsWith("/api/manager")) {
    // the manager's view of a person's report reads; the spec's POST /api/format writes a format
    if (reading0) return { access: { read: EVERYONE, write: [] }, op: "read" };
    return { access: req.path.startsWith("/api/format") ? access(resourceOf("formats", false)) : ADMIN_ONLY, op: "write" };
  }
  const api = req.path.startsWith("/api/manager");
  const rest = req.path.replace(/^\/api\/manager|^\/manager/, "").replace(/^\//, "");
  const [segment = "", id, sub] = rest.split("/");
  const def = resourceOf(segment, api);
  const reading = req.method === "GET" || req.method === "HEAD";
  // the main page's one form marks an invoice paid: an orders action
  if (!api && segment === "" && !reading) return { access: access(resourceOf("orders", false)), op: "write", action: "markPaid" };
  if (!def) return { access: SCREENS[segment] ?? ADMIN_ONLY, op: reading ? "read" : "write" };
  // the edit and create screens are for those who may save them
  if (reading) return { access: access(def), op: !api && (sub === "edit" || id === "create") ? "write" : "read" };
  // a list's Export button and a bulk export read; a bulk action or a form on a record's page writes
  if (!id && (req.form === "export" || (req.form === "bulk" && req.bulk === "export"))) return { access: SCREENS.exporting!, op: "write" };
  const action = api ? sub : req.form;
  return { access: access(def), op: "write", action: action && def.actions && Object.hasOwn(def.actions, action) ? action : undefined };
}

const access = (def: ResourceDef | undefined): Access => def?.access ?? { write: [] };

/** Whether this manager may make this request. */
export const mayRequest = (user: Pick<UserRow, "managerRole">, req: Request) => {
  const n = needs(req);
  return allows(n.access, roleOf(user), n.op, n.action);
};

/** Whether this manager may read the screen or resource at this /manager path (the side bar's entries). */
export const mayOpen = (user: Pick<UserRow, "managerRole">, href: string) => mayRequest(user, { method: "GET", path: href });

/** Whether this manager may run this action of the resource (its page offers only those). */
export const mayRun = (user: Pick<UserRow, "managerRole">, def: ResourceDef, action: string) => allows(access(def), roleOf(user), "write", action);
