// Online backup and restore, with the real server process taking answers from 30
// people the whole time: `npm run backup` finishes while they write (it never restarts), the restore
// refuses while the server holds the file, and the restored database holds every answer the server
// had acknowledged before the backup began. The server's own schedule (BACKUP_INTERVAL) keeps
// BACKUP_KEEP copies.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { answers, questions, users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { createSession } from "../../server/services/sessions";
import { startServer, type ServerProcess } from "../server-process";

const dir = mkdtempSync(join(tmpdir(), "tf-backup-"));
const dbFile = join(dir, "app.db");
const url = `file:${dbFile}`;
const PEOPLE = 30;
let server: ServerProcess | null = null;
afterAll(() => {
  server?.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, DATABASE_URL: url, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("online backup and restore", () => {
  it("backs up under write load and restores every acknowledged answer", async () => {
    server = await startServer({
      DATABASE_URL: url,
      OUTBOX_DIR: join(dir, "outbox"),
      BACKUP_INTERVAL: "1s",
      BACKUP_DIR: join(dir, "scheduled"),
      BACKUP_KEEP: "2",
    });
    const { base } = server;
    const database = await openDatabase(url);
    const tokens: string[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const id = createId();
      await database.db.insert(users).values({ id, email: `backup${i}@example.com`, name: `Person ${i}`, emailConfirmedAt: new Date() });
      tokens.push((await createSession(database.db, id)).token);
    }
    await database.close();
    const post = (path: string, token: string, body: unknown) =>
      fetch(base + path, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const testId = ((await (await fetch(`${base}/api/test`)).json()) as { docs: { _id: string }[] }).docs[0]!._id;
    const qs = ((await (await fetch(`${base}/api/test/${testId}`)).json()) as { questions: { _id: string; position: number }[] }).questions;
    const results = await Promise.all(tokens.map(async (t) => ((await (await post(`/api/test/start/${testId}`, t, {})).json()) as { _id: string })._id));

    // each person answers all statements but the last (which would complete the test) over and
    // over, re-answering, until told to stop
    const acked = results.map(() => new Set<number>());
    let writing = true;
    let acks = 0;
    const person = async (i: number) => {
      for (let round = 0; writing; round++) {
        for (const q of qs.slice(0, -1)) {
          if (!writing) return;
          const res = await post("/api/answer", tokens[i]!, { result: results[i], question: q._id, value: ((q.position + round) % 5) - 2, elapsedMs: 3000 });
          expect(res.status).toBe(200);
          acked[i]!.add(q.position);
          acks++;
        }
      }
    };
    const writers = results.map((_, i) => person(i));
    while (acks < 300) await new Promise((r) => setTimeout(r, 20));

    const before = acked.map((s) => new Set(s));
    const acksBefore = acks;
    const backup = await run("scripts/backup.ts", [join(dir, "manual")]);
    const acksDuring = acks - acksBefore;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/backup: .*app-\d{8}T\d{6}Z\.db\.gz .*checked/);
    expect(acksDuring).toBeGreaterThan(0); // the server kept taking writes meanwhile

    writing = false;
    await Promise.all(writers);
    // the schedule (every second) has been running meanwhile; once it has pruned, two are kept
    for (let i = 0; i < 600 && !server.output().includes("(BACKUP_KEEP=2)"); i++) await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toContain("(BACKUP_KEEP=2)");
    const scheduled = readdirSync(join(dir, "scheduled")).filter((f) => f.endsWith(".db.gz"));
    expect(scheduled.length).toBe(2);

    const file = join(dir, "manual", readdirSync(join(dir, "manual")).find((f) => f.endsWith(".db.gz"))!);
    const refused = await run("scripts/restore.ts", [file]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("stop the server first");

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    server = null;
    expect(existsSync(`${dbFile}.pid`)).toBe(false); // a clean stop gives up its claim

    const restored = await run("scripts/restore.ts", [file]);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain("integrity_check ok");
    const check = await openDatabase(url);
    try {
      for (let i = 0; i < PEOPLE; i++) {
        const stored = await check.db
          .select({ position: questions.position })
          .from(answers)
          .innerJoin(questions, eq(questions.id, answers.questionId))
          .where(eq(answers.resultId, results[i]!));
        const positions = new Set(stored.map((r) => r.position));
        expect([...before[i]!].filter((p) => !positions.has(p))).toEqual([]);
      }
    } finally {
      await check.close();
    }
    // and the restored file serves
    server = await startServer({ DATABASE_URL: url, OUTBOX_DIR: join(dir, "outbox") });
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  }, 180_000);
});
