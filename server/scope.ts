// The caller scope: what a service or back-office function needs to know about who calls it, with
// no HTTP in it. The guards make one per surface (server/middleware/guards.ts): a user scope behind
// `auth`, a project scope behind `project`, a manager scope behind `admin`; a script or a job makes
// one with `systemScope`. Every service is `(scope, input)`, so it runs the same inside a request,
// inside a unit of work, in a job and in a test.
import type { Db } from "../db/client";
import { runInTransaction } from "../db/client";
import { jobs } from "../db/schema";
import { tFor, type Locale, type T } from "../locales";
import type { AppDeps, AuthState } from "./context";
import { createId } from "./lib/ids";
import type { UserRow } from "./services/users";

export interface Scope {
  deps: AppDeps;
  /** The database handle: inside a unit of work, its transaction. */
  db: Db;
  locale: Locale;
  t: T;
  /** Set inside a unit of work: the jobs it queued, run once it has committed. */
  queued?: string[];
}

/** Who acts, for the audit: the session's user and the real person behind a masquerade. */
export interface Actor {
  actorId: string;
  realActorId: string;
}

export interface UserScope extends Scope {
  user: UserRow;
  auth: AuthState;
  actor: Actor;
  /** A manager (isManager) signed in as themselves or masquerading. */
  manager: boolean;
}

/** Behind the admin guard: only a manager's scope is one. */
export interface ManagerScope extends UserScope {
  manager: true;
}

/** A scope for work no request asked for (start-up, jobs, scripts). */
export function systemScope(deps: AppDeps, locale: Locale = "ru"): Scope {
  return { deps, db: deps.db, locale, t: tFor(locale) };
}

export function actorOfAuth(auth: AuthState): Actor {
  return { actorId: auth.user.id, realActorId: auth.actorId ?? auth.user.id };
}

/**
 * The unit of work: `work` gets the scope on a transaction, and all it writes commits together or
 * not at all. Jobs it queues (mail, recomputes) are written in the same transaction and run right
 * after the commit; what does not finish then (SMTP down, a crash) the job runner retries, so a
 * committed change never loses the work that follows it. A nested call joins the open unit.
 *
 * The body must await only the database (see runInTransaction): compute, hash, classify before it.
 */
export async function transaction<S extends Scope, R>(scope: S, work: (tx: S) => Promise<R>): Promise<R> {
  if (scope.queued) return work(scope);
  const queued: string[] = [];
  const result = await runInTransaction(scope.db, (db) => work({ ...scope, db, queued }));
  if (queued.length) await scope.deps.jobs.runNow(queued);
  return result;
}

/** Kinds of jobs and what each carries (their handlers: server/jobs.ts). */
export interface JobPayloads {
  mail: { to: string; subject: string; text: string; html?: string };
  /** the companies a person works for see their new result or format */
  "recompute-user": { userId: string };
  /** a project's fits after a join, a consent or a position change (all of it when neither is named) */
  "recompute-project": { projectId: string; employees?: string[]; positions?: string[] };
  /** a manager sent a person their full report as a PDF (made when it is sent) */
  "report-pdf": { userId: string; resultId: string };
  /** a paid order's receipt to its buyer (made when it is sent, in their language) */
  receipt: { orderId: string };
  /** one attempt at a webhook delivery (services/business/webhook-send.ts) */
  webhook: { deliveryId: string };
}
export type JobKind = keyof JobPayloads;

/**
 * Queues work to follow the current change. Inside a unit of work it commits with it and runs after
 * the commit; outside one it is stored and run at once. `later`: only stored, for the runner's next
 * tick (a company's webhook: a person's request never waits for someone else's server).
 */
export async function enqueue<K extends JobKind>(scope: Scope, kind: K, payload: JobPayloads[K], opts: { later?: boolean } = {}): Promise<string> {
  const id = await insertJob(scope.db, kind, payload);
  if (opts.later) return id;
  if (scope.queued) scope.queued.push(id);
  else await scope.deps.jobs.runNow([id]);
  return id;
}

/** The job's row alone: private, so every job is queued through `enqueue`, in the caller's unit when there is one. */
async function insertJob<K extends JobKind>(db: Db, kind: K, payload: JobPayloads[K]): Promise<string> {
  const id = createId();
  await db.insert(jobs).values({ id, kind, payload: payload as unknown as Record<string, unknown>, runAt: new Date() });
  return id;
}

export const enqueueMail = (scope: Scope, message: JobPayloads["mail"]) => enqueue(scope, "mail", message);

/** A user's scope outside a request (tests, scripts, jobs acting for a person). */
export function userScopeOf(deps: AppDeps, user: UserRow, locale: Locale = user.locale): UserScope {
  const auth: AuthState = { user, sessionId: "", kind: "normal", actorId: null, via: "bearer" };
  return { ...systemScope(deps, locale), user, auth, actor: actorOfAuth(auth), manager: false };
}
