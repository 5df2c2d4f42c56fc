// The job runner: does the work units of work queued in the `jobs` table (server/scope.ts,
// `enqueue`). Right after a commit the unit's own jobs start at once; the request waits for them
// at most INLINE_WAIT_MS (a healthy SMTP or the outbox folder is done well within it, so the mail
// is usually out before the reply; a silent SMTP costs the request no more than that). Whatever
// failed or was cut short by a crash runs again from the table: on every tick of `start()` (the
// server) or `runDue()` (tests, scripts), with backoff. A job is claimed with a lease before it
// runs, so two instances, or the inline run and a tick, never both do it; the claim (the attempt
// counted) is on disk before the work starts. Every handler is idempotent, so a crash after the
// work but before `done_at` repeats it harmlessly. A mail is the one thing a repeat shows: SMTP has
// no way to ask whether a message arrived, so a mail sent again after a crash mid-send carries the
// same Message-ID (from its job), which mail systems recognise as the same message.
import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { jobs, results } from "../db/schema";
import { runInTransaction } from "../db/client";
import { tFor } from "../locales";
import type { AppDeps } from "./context";
import type { JobKind, JobPayloads } from "./scope";
import { recomputeEfficiencies, recomputeForUser } from "./services/business/efficiency";
import { runFollowUps } from "./services/business/follow-up";
import { deliverWebhook } from "./services/business/webhook-send";
import { receiptMail } from "./services/payments/receipt";
import { managerReport, reportPdf } from "./services/reports";
import { findUserById } from "./services/users";

/** How long a claimed job is its runner's; after that another may take it. */
const LEASE_MS = 2 * 60_000;
/** How long a request waits for its own jobs after the commit; the rest finish in the background. */
export const INLINE_WAIT_MS = 500;
/** After this many failures a job stays in the table, undone, for a person to look at. */
export const MAX_ATTEMPTS = 20;
/** How often the runner looks for reminders and digests that are due (business/follow-up.ts). */
const FOLLOW_UP_EVERY_MS = 10 * 60_000;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** The Message-ID of the mail a job sends: the same on every attempt. */
export const messageIdOf = (deps: AppDeps, jobId: string) => `<${jobId}@${new URL(deps.config.PUBLIC_URL).hostname}>`;

type Handler<K extends JobKind> = (deps: AppDeps, payload: JobPayloads[K], jobId: string) => Promise<void>;
const handlers: { [K in JobKind]: Handler<K> } = {
  mail: async (deps, message, jobId) => deps.mailer.send({ ...message, messageId: messageIdOf(deps, jobId) }),
  "recompute-user": async (deps, { userId }) => {
    await recomputeForUser(deps.db, userId);
  },
  "recompute-project": async (deps, { projectId, employees, positions }) => {
    await recomputeEfficiencies(deps.db, projectId, employees, positions ? { positions } : {});
  },
  "report-pdf": async (deps, { userId, resultId }, jobId) => {
    const user = await findUserById(deps.db, userId);
    const [result] = await deps.db.select({ id: results.id }).from(results).where(eq(results.id, resultId));
    if (!user || !result) return; // deleted since: nothing to send
    const pdf = reportPdf(await managerReport(deps.db, resultId, "full", user.locale), user.locale, deps.config.TIME_ZONE);
    const t = tFor(user.locale);
    await deps.mailer.send({
      to: user.email,
      subject: t("manager.mail.pdfSubject"),
      text: t("manager.mail.pdfText"),
      attachments: [{ filename: "report.pdf", content: Buffer.from(pdf), contentType: "application/pdf" }],
      messageId: messageIdOf(deps, jobId),
    });
  },
  webhook: async (deps, { deliveryId }) => deliverWebhook(deps, deliveryId),
  receipt: async (deps, { orderId }, jobId) => {
    const mail = await receiptMail(deps, orderId);
    if (mail) await deps.mailer.send({ ...mail, messageId: messageIdOf(deps, jobId) });
  },
};

/** What a done job keeps: a sent mail's address and subject, never its links (they sign people in). */
function keptAfterDone(kind: string, payload: Record<string, unknown>) {
  return kind === "mail" ? { to: payload.to, subject: payload.subject } : payload;
}

export interface JobRunner {
  /** Runs these jobs now; waits for them at most INLINE_WAIT_MS. Never throws: a failure is retried later. */
  runNow(ids: string[]): Promise<void>;
  /** Runs the jobs that are due; resolves with how many were done. */
  runDue(limit?: number): Promise<number>;
  /** Runs due jobs every `intervalMs` (the server). */
  start(intervalMs?: number): void;
  /** Stops the ticks and waits for the jobs under way (before the database closes). */
  stop(): Promise<void>;
  /** Waits for the jobs under way, including any they lead to (tests read the outbox after it). */
  idle(): Promise<void>;
}

export function createJobRunner(deps: () => AppDeps): JobRunner {
  const underWay = new Set<Promise<boolean>>();
  let timer: NodeJS.Timeout | null = null;

  async function claim(id: string) {
    const now = Date.now();
    // the job's bookkeeping writes are units of work: on libSQL a bare write racing a commit fails
    // (SQLITE_BUSY_SNAPSHOT) and leaves its statement open on a pooled connection
    const [job] = await runInTransaction(deps().db, (db) =>
      db
        .update(jobs)
        .set({ lockedUntil: new Date(now + LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
        .where(and(eq(jobs.id, id), isNull(jobs.doneAt), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, new Date(now)))))
        .returning(),
    );
    return job;
  }

  async function runOne(id: string): Promise<boolean> {
    const d = deps();
    const job = await claim(id);
    if (!job) return false; // done already, or another runner has it
    try {
      const handler = handlers[job.kind as JobKind] as Handler<JobKind> | undefined;
      if (!handler) throw new Error(`unknown job kind ${job.kind}`);
      // the attempt is on disk before anything leaves: after a crash the job is known as tried
      await d.database.durable();
      await handler(d, job.payload as never, job.id);
      await runInTransaction(d.db, (db) =>
        db
          .update(jobs)
          .set({ doneAt: new Date(), lockedUntil: null, lastError: null, payload: keptAfterDone(job.kind, job.payload) })
          .where(eq(jobs.id, id)),
      );
      return true;
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 500);
      console.error(`[jobs] ${job.kind} ${id} failed (attempt ${job.attempts}): ${message}`);
      await runInTransaction(d.db, (db) =>
        db
          .update(jobs)
          .set({ lockedUntil: null, lastError: message, runAt: new Date(Date.now() + backoffMs(job.attempts)) })
          .where(eq(jobs.id, id)),
      ).catch(() => undefined); // the database itself failing: the lease runs out and it is tried again
      return false;
    }
  }

  function track(p: Promise<boolean>) {
    const safe = p.catch(() => false);
    underWay.add(safe);
    void safe.finally(() => underWay.delete(safe));
    return safe;
  }

  const runner: JobRunner = {
    async runNow(ids) {
      const all = Promise.all(ids.map((id) => track(runOne(id))));
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise<void>((r) => (wait = setTimeout(r, INLINE_WAIT_MS).unref()))]);
      clearTimeout(wait);
    },
    async runDue(limit = 50) {
      const now = new Date();
      const due = await deps()
        .db.select({ id: jobs.id })
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), lt(jobs.attempts, MAX_ATTEMPTS), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now))))
        .orderBy(asc(jobs.runAt))
        .limit(limit);
      let done = 0;
      for (const { id } of due) if (await track(runOne(id))) done++;
      return done;
    },
    start(intervalMs = 15_000) {
      if (timer) return;
      let followUpsAt = 0;
      const tick = () => {
        void runner.runDue().catch((e) => console.error("[jobs] tick failed:", e));
        // the clock's work (reminders, the owners' digests) every few minutes, not every tick
        if (Date.now() - followUpsAt >= FOLLOW_UP_EVERY_MS) {
          followUpsAt = Date.now();
          // tracked like a job, so a clean stop waits for it before the database closes
          void track(
            runFollowUps(deps()).then(
              () => true,
              (e) => {
                console.error("[jobs] follow-ups failed:", e);
                return false;
              },
            ),
          );
        }
      };
      tick(); // what a crash left undone goes out at start-up
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all([...underWay]);
    },
    async idle() {
      while (underWay.size) await Promise.all([...underWay]);
    },
  };
  return runner;
}
