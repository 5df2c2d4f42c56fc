// What the crash tests of units of work share (test/process/crash-units*.test.ts): one database file
// the real servers take turns on, a server armed to kill itself at a named crash point
// (CRASH_AT, server/lib/crash-points.ts), requests as a client sends them, and the outbox's mail.
// The servers are chained: each restart checks and retries the operation the previous one died in,
// then performs the next (its own crash point), so a case costs one server start.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { count, isNull } from "drizzle-orm";
import { jobs, users } from "../db/schema";
import { createId } from "../server/lib/ids";
import { createSession } from "../server/services/sessions";
import { freePort, spawnServer, startServer, type ServerProcess } from "./server-process";

export interface CallInit {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `extra`: settings every server of the chain starts with (e.g. webhooks to a local receiver). */
export function crashHarness(prefix: string, extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const url = `file:${join(dir, "app.db")}`;
  const env = (crashAt?: string) => ({
    DATABASE_URL: url,
    OUTBOX_DIR: join(dir, "outbox"),
    PAGE_CACHE_SECONDS: "0",
    ...extra,
    ...(crashAt ? { CRASH_AT: crashAt } : {}),
  });
  let server: ServerProcess | undefined;
  let database: Database | undefined;

  const h = {
    dir,
    get server(): ServerProcess {
      if (!server) throw new Error("no server started");
      return server;
    },
    db: () => {
      if (!database) throw new Error("no database opened");
      return database.db;
    },

    /** The next server, armed with the next case's crash point (none: unarmed). The first one migrates the file. */
    async start(crashAt?: string) {
      server = await startServer(env(crashAt));
      database ??= await openDatabase(url);
    },

    /**
     * A server that is to die while it starts (work its start-up does, as the job runner's first
     * sweep): it is killed at the crash point, by a signal, before or just after it listens.
     */
    async startDying(crashAt: string) {
      const dying = spawnServer(env(crashAt), undefined, await freePort());
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([dying.exited, new Promise<"alive">((r) => (timer = setTimeout(() => r("alive"), 60_000)))]);
      clearTimeout(timer);
      if (code === "alive") dying.child.kill("SIGKILL");
      expect(code, dying.output()).toBe(null); // killed by a signal, not exited
      expect(dying.child.signalCode).toBe("SIGKILL");
    },

    /** Waits until the outbox has no job left undone (a sent mail is marked done just after it leaves). */
    async settled() {
      for (let i = 0; i < 100; i++) {
        const [left] = await h.db().select({ n: count() }).from(jobs).where(isNull(jobs.doneAt));
        if (!left?.n) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("jobs left undone");
    },

    /** Kills the running server (as a crash would) and waits for it to be gone. */
    async kill() {
      if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
      server.child.kill("SIGKILL");
      await server.exited;
    },

    call(path: string, init: CallInit = {}) {
      return fetch(h.server.base + path, {
        method: init.method ?? "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: "manual",
      });
    },

    /** A page's form posted from our own origin (as the browser sends it). */
    form(path: string, token: string, fields: Record<string, string>) {
      return fetch(h.server.base + path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: h.server.base, Authorization: `Bearer ${token}` },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    },

    /** The request dies with the server (no answer), and the server is gone. */
    async diesAt(request: () => Promise<Response>) {
      const outcome = await request().then(
        (res) => `answered ${res.status}`,
        () => "no answer",
      );
      expect(outcome).toBe("no answer");
      expect(await h.server.exited).toBe(null); // killed by a signal, not exited
    },

    /** A confirmed account with a session. */
    async person(email: string, extra: Partial<typeof users.$inferInsert> = {}) {
      const id = createId();
      await h
        .db()
        .insert(users)
        .values({ id, email, name: email.split("@")[0], emailConfirmedAt: new Date(), ...extra });
      return { id, email, token: (await createSession(h.db(), id)).token };
    },

    /** How many mails the outbox holds for this address. */
    mailsTo(email: string) {
      let files: string[] = [];
      try {
        files = readdirSync(join(dir, "outbox"));
      } catch {
        return 0;
      }
      return files.filter((f) => readFileSync(join(dir, "outbox", f), "utf8").includes(`To: ${email}`)).length;
    },

    async close() {
      server?.child.kill("SIGKILL");
      await database?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}

export type CrashHarness = ReturnType<typeof crashHarness>;
