import type { Config } from "./config";
import type { Database, Db } from "../db/client";
import type { Locale, T } from "../locales";
import type { Mailer } from "./services/mail";
import type { Scope } from "./scope";

/** Everything a request handler may need, built once at start-up (or per test). */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Runs the work units of work leave for after their commit (mail, recomputes): server/jobs.ts */
  jobs: import("./jobs").JobRunner;
  pageCache: import("./render/cache").PageCache;
  /** Replaces OAuth providers' endpoints (tests point them at a local fake provider). */
  oauthEndpoints?: Partial<Record<import("./services/oauth").Provider, import("./services/oauth").ProviderEndpoints>>;
}

export interface AuthState {
  user: import("./services/users").UserRow;
  sessionId: string;
  /** normal, masq (a manager acting as the user) or demo (the read-only demo business account). */
  kind: "normal" | "masq" | "demo";
  actorId: string | null;
  /** A manager's masquerade: why, whether writes are allowed, where Exit returns to and when it ends. */
  masq?: { reason: string | null; mode: "read" | "full"; returnTo: string | null; expiresAt: Date };
  /** Where the token came from: the Authorization header (only our own script or an API client
   * can send it) or a cookie (which any site's link makes the browser send). */
  via: "bearer" | "cookie";
  /** A company API token (services/business/api-tokens.ts): it acts for its creator in its one project, within its scopes. */
  apiToken?: { id: string; projectId: string; scopes: string[] };
}

/** What every request carries (set by the shared middleware). Declared on Hono's
 * ContextVariableMap so any handler's context has them, whatever its guards added: a helper
 * taking `Context` then accepts a guarded handler's narrower context too.
 * Read them with `c.get("deps")`, never `c.var.deps`: Hono's `c.var` builds a new object from all
 * the variables on every read, which a request did dozens of times. */
export interface RequestVariables {
  deps: AppDeps;
  locale: Locale;
  t: T;
  auth: AuthState | null;
  projectId: string | null;
  /** The caller scope (server/scope.ts): a visitor's, or the one a sign-in guard made. */
  scope: Scope;
}

declare module "hono" {
  interface ContextVariableMap extends RequestVariables {}
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type AppEnv = { Variables: {} };
