// The named guards of the spec (§6), one Hono middleware each, shared by pages and the API.
// On a page a failed guard redirects (spec §4); on /api it answers 401/403.
//
// A guard also narrows the handler's types: after `guard("auth")` the handler reads a non-null
// `c.get("user")` and `c.get("auth")`; after `guard("project")` also `c.get("project")`. So no handler
// checks for null again, and forgetting the guard is a compile error, not a runtime 500.
import type { Context, MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { AppError, forbidden, unauthorized } from "../lib/errors";
import { dropSessionCookie, setTrackingCookie } from "../lib/http";
import { fallbackOf } from "../lib/redirect";
import { TRACKING_VALUE_MAX, UTM_KEYS } from "../lib/tracking";
import type { AppEnv, AuthState } from "../context";
import { actorOfAuth, type ManagerScope, type UserScope } from "../scope";
import { projectScope, type ProjectScope } from "../services/business/access";
import { admitTokenCall } from "../services/business/api-tokens";
import { COOKIE } from "./auth";
import type { ProjectRole, ProjectRow } from "../services/projects";
import { isManager, isProfileComplete, type UserRow } from "../services/users";
import { mayRequest } from "../admin/roles";

type Handler = MiddlewareHandler<AppEnv>;
const isApi = (c: Context) => c.req.path.startsWith("/api/");
const wanted = (c: Context) => {
  const u = new URL(c.req.url);
  return u.pathname + u.search;
};
export { TRACKING_MAX_AGE, UTM_KEYS } from "../lib/tracking";

/** Each sign-in guard also makes the caller scope of its surface (server/scope.ts): the services
 * take `c.get("scope")`, never the context. */
type SignedIn = { auth: AuthState; user: UserRow; scope: UserScope };
/** What each guard guarantees to the handlers after it. */
interface GuardVariables {
  auth: SignedIn;
  /** A manager (spec: role admin); see `isManager`. Its scope names the actor for the audit. */
  admin: SignedIn & { scope: ManagerScope };
  /** A business user, a manager, or the read-only demo company. */
  business: SignedIn;
  /** Signed in with name and birthday filled in. */
  profile: SignedIn;
  /** A business user working in one project they may see (spec §4 current project). */
  project: SignedIn & { project: ProjectRow; projectRole: ProjectRole; scope: ProjectScope };
  /** Signed in through the Authorization header, not a cookie alone: for the spec's GET calls
   * that write, so a link on another site cannot trigger them with the victim's cookies. */
  bearer: SignedIn;
  /** Visitor-only pages (login, sign-up). */
  guest: {};
  /** The spec's `demo` guard: outside the business area the read-only demo session is dropped. */
  dropDemo: {};
  coupon: {};
  ref: {};
  utm: {};
}
export type GuardName = keyof GuardVariables;
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** The request environment after the named guards ran. */
export type GuardedEnv<G extends readonly GuardName[]> = AppEnv & { Variables: Intersect<GuardVariables[G[number]]> & {} };

/** The context of a handler or page loader behind a sign-in guard. */
export type SignedInContext = Context<GuardedEnv<["auth"]>>;

/** The demo business account looks at everything and changes nothing: pages and API alike. */
/** POST calls that only read (the spec's employee list takes its filter as a body), and
 * entering the demo again from inside it. */
const READING_POSTS = new Set(["/api/business/employees", "/api/business/masq"]);
/** Leaving a read-only masquerade (or signing out of it) is not a write to the person's account. */
const MASQ_EXITS = new Set(["/masq/cancel", "/logout", "/api/passport/logout"]);
export const demoReadOnly: Handler = async (c, next) => {
  const auth = c.get("auth");
  const writes = c.req.method !== "GET" && c.req.method !== "HEAD";
  const path = c.req.path.replace(/\/$/, "");
  if (auth?.kind === "demo" && writes && !(c.req.method === "POST" && READING_POSTS.has(path))) {
    throw new AppError(403, "demo_read_only", "auth.errors.demoReadOnly");
  }
  // a read-only masquerade looks and changes nothing
  if (auth?.masq?.mode === "read" && writes && !MASQ_EXITS.has(path) && !(c.req.method === "POST" && READING_POSTS.has(path))) {
    throw new AppError(403, "masq_read_only", "auth.errors.masqReadOnly");
  }
  await next();
};

/** Copies the named query parameters into 30-day cookies so a later sign-up can attach them. */
const remember =
  (...names: string[]): Handler =>
  async (c, next) => {
    for (const name of names) {
      const value = c.req.query(name);
      if (value && value.length <= TRACKING_VALUE_MAX) setTrackingCookie(c, name, value);
    }
    await next();
  };

const toLogin = (c: Context) => c.redirect(`/login?fallback=${encodeURIComponent(wanted(c))}`);

/** Lets the request through as `auth` when `allowed` holds; otherwise 401/403 or a redirect. */
const signedIn =
  (allowed: (a: AuthState) => boolean, onRefused: (c: Context, a: AuthState) => Response | Promise<Response> = (c) => c.redirect("/")): Handler =>
  async (c, next) => {
    const a = c.get("auth");
    if (!a) {
      if (isApi(c)) throw unauthorized();
      return toLogin(c);
    }
    if (!allowed(a)) {
      if (isApi(c)) throw forbidden();
      return onRefused(c, a);
    }
    const signed = c as unknown as Context<GuardedEnv<["admin"]>>;
    signed.set("user", a.user);
    // the request's scope (server/middleware/locale.ts) with the person in it; typed as a manager's
    // scope only after the admin guard, which let only managers through
    const scope = { ...c.get("scope"), user: a.user, auth: a, actor: actorOfAuth(a), manager: isManager(a.user) };
    signed.set("scope", scope as ManagerScope);
    await next();
  };

/** The cabinet section a path belongs to, as the Begin page names it ("activate … to see employees"). */
const SECTIONS: Record<string, string> = { invites: "invite", project: "settings", support: "settings", report: "reports" };
const neededFor = (path: string) => {
  const part = path.split("/")[2] ?? "";
  const known = ["employees", "departments", "positions", "statistics", "invite", "settings", "reports"];
  const key = SECTIONS[part] ?? part;
  return known.includes(key) ? key : "dashboard";
};

const managerOnly = signedIn((a) => isManager(a.user));

async function requireManagerRole(c: Context, next: () => Promise<void>) {
  const user = c.get("auth")!.user;
  const method = c.req.method;
  let form: string | undefined;
  let bulk: string | undefined;
  if (method === "POST" && /form/.test(c.req.header("content-type") ?? "")) {
    const body = await c.req.parseBody({ all: true });
    const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    form = typeof first(body._form) === "string" ? (first(body._form) as string) : undefined;
    bulk = typeof first(body.action) === "string" ? (first(body.action) as string) : undefined;
  }
  if (!mayRequest(user, { method, path: c.req.path, form, bulk })) throw new AppError(403, "manager_role", "manager.team.forbidden");
  await next();
}

const canUseBusiness = (a: AuthState) => a.user.isBusiness || isManager(a.user) || a.kind === "demo";

const guards: Record<GuardName, Handler> = {
  auth: signedIn(() => true),
  // a manager, and one whose back-office role allows this page, form, action or API call (roles.ts)
  admin: (c, next) => managerOnly(c, () => requireManagerRole(c, next)),
  business: signedIn(canUseBusiness),
  bearer: async (c, next) => {
    const auth = c.get("auth");
    if (auth && auth.via !== "bearer") throw new AppError(401, "bearer_required", "errors.bearerOnly");
    // these are the spec's GET calls that write; the demo token is public and read-only
    if (auth?.kind === "demo") throw new AppError(403, "demo_read_only", "auth.errors.demoReadOnly");
    if (auth?.masq?.mode === "read") throw new AppError(403, "masq_read_only", "auth.errors.masqReadOnly");
    return signedIn(() => true)(c, next);
  },
  profile: signedIn(
    (a) => isProfileComplete(a.user),
    (c) => c.redirect(`/profile/edit?fallback=${encodeURIComponent(wanted(c))}`),
  ),
  // business users and managers, and also the people an owner appointed (project managers,
  // supervisors) whose own account is private: resolveProject decides, 403 for anyone else
  project: every(
    signedIn(() => true),
    async (c, next) => {
      const named = c.req.query("project") ?? c.req.header("project");
      const token = c.get("auth")?.apiToken;
      if (token) await admitTokenCall(c.get("scope"), token, named, c.req.method, c.req.path);
      try {
        const inProject = c as unknown as Context<GuardedEnv<["project"]>>;
        const scope = await projectScope(inProject.get("scope"), token ? token.projectId : named);
        inProject.set("project", scope.project);
        inProject.set("projectRole", scope.role);
        inProject.set("scope", scope);
      } catch (e) {
        if (e instanceof AppError && e.code === "project_required" && !canUseBusiness(c.get("auth")!)) {
          if (isApi(c)) throw forbidden();
          // not silently home: the Begin page says what this section needs, beside the activation
          return c.redirect(`/business?need=${neededFor(c.req.path)}`);
        }
        if (isApi(c) || !(e instanceof AppError) || e.status >= 500) throw e;
        return c.redirect("/business"); // spec §4: a failed project load goes to the business index
      }
      await next();
    },
  ) as Handler,
  guest: async (c, next) => {
    if (!c.get("auth")) return next();
    if (isApi(c)) return next();
    return c.redirect(fallbackOf(c) ?? "/test/start");
  },
  dropDemo: async (c, next) => {
    if (c.get("auth")?.kind === "demo" && !isApi(c)) {
      dropSessionCookie(c, COOKIE.demo);
      c.set("auth", null);
    }
    await next();
  },
  coupon: remember("coupon"),
  ref: remember("ref", "referral"),
  utm: remember(...UTM_KEYS),
};

/** A company API token works only behind the project guard, which pins it to its project and scopes. */
const noApiToken: Handler = async (c, next) => {
  if (c.get("auth")?.apiToken) throw new AppError(403, "token_route", "integrations.errors.tokenRoute");
  await next();
};

const SIGNED_IN = new Set<string>(["auth", "admin", "business", "profile", "bearer"]);

const unknownGuard: Handler = async () => {
  throw new AppError(500, "unknown_middleware", "errors.unknownMiddleware");
};

/** The guard names a middleware made by `guard()` runs: read by `npm run routes`. */
export const GUARD_NAMES = Symbol("guards");
export const guardNamesOf = (h: unknown): readonly string[] => (h as { [GUARD_NAMES]?: string[] })?.[GUARD_NAMES] ?? [];

/**
 * `guard("auth", "business")`: one middleware running the named guards in order, typed so the
 * handler after it sees what they guarantee. A name that is not a guard fails every request
 * with 500 "Unknown middleware" (the spec's behaviour; TypeScript refuses it before that).
 */
export function guard<const G extends readonly GuardName[]>(...names: G): MiddlewareHandler<GuardedEnv<G>> {
  const list = names.map((name): Handler => guards[name] ?? unknownGuard);
  if (names.some((n) => SIGNED_IN.has(n)) && !names.includes("project" as G[number])) list.unshift(noApiToken);
  const run = (list.length === 1 ? list[0]! : every(...list)) as Handler;
  const named: Handler = (c, next) => run(c, next);
  Object.assign(named, { [GUARD_NAMES]: [...names] });
  return named as unknown as MiddlewareHandler<GuardedEnv<G>>;
}
