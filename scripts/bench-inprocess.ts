// `npx tsx scripts/bench-inprocess.ts`: microseconds per request through app.request() (no
// sockets), for the shared middleware (/api/health), /api/total, an answer write and the
// signed-in report page (ONLY=<part of the name> picks one). Run with NODE_ENV=production and
// `node --cpu-prof --import tsx` to see where the time goes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { createApp } from "../app";
import { bootstrap } from "../server/bootstrap";
import { loadConfig } from "../server/config";

const N = Number(process.env.N ?? 5000);
const dir = mkdtempSync(join(tmpdir(), "tf-inproc-"));
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: `file:${join(dir, "app.db")}`,
  OUTBOX_DIR: join(dir, "outbox"),
  PAYMENT_SANDBOX: "true",
});
const deps = await bootstrap(config);
const app = createApp(deps);
const json = (path: string, body: unknown, h: Record<string, string> = {}) =>
  app.request(path, { method: "POST", headers: { "Content-Type": "application/json", ...h }, body: JSON.stringify(body) });

async function respondent(all: boolean) {
  const { token, _id } = (await (
    await json("/api/passport/signup", { email: `p${Math.random()}@example.com`, policy: true, terms: true, offer: true })
  ).json()) as { token: string; _id: string };
  // a reader who confirmed the mailbox (as its link would) sees the report, not the gate
  await deps.database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, _id));
  const h = { Authorization: `Bearer ${token}` };
  const testId = ((await (await app.request("/api/test")).json()) as { docs: { _id: string }[] }).docs[0]!._id;
  const result = ((await (await json(`/api/test/start/${testId}`, {}, h)).json()) as { _id: string })._id;
  const qs = ((await (await app.request(`/api/test/${testId}`)).json()) as { questions: { _id: string; position: number }[] }).questions;
  const body = (q: (typeof qs)[number]) => ({ result, question: q._id, value: (q.position % 5) - 2, elapsedMs: 4000 });
  for (const q of all ? qs : qs.slice(0, 1)) await json("/api/answer", body(q), h);
  return { token, h, answer: body(qs[0]!) };
}

async function time(name: string, fn: () => Response | Promise<Response>) {
  if (process.env.ONLY && !name.includes(process.env.ONLY)) return;
  for (let i = 0; i < 500; i++) await (await fn()).arrayBuffer();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const res = await fn();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: ${res.status}`);
  }
  // CPU time too: on a busy machine the wall clock counts other processes' turns, the CPU time less so
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${name.padEnd(32)} ${(((performance.now() - t0) * 1000) / N).toFixed(0).padStart(6)} µs/request, CPU ${((cpu.user + cpu.system) / N).toFixed(0)} µs`,
  );
}

try {
  const reader = await respondent(true);
  const writer = await respondent(false);
  await time("GET /api/health", () => app.request("/api/health"));
  await time("GET /api/total", () => app.request("/api/total"));
  await time("POST /api/answer", () => json("/api/answer", writer.answer, writer.h));
  await time("GET /report/base (signed in)", () => app.request("/report/base", { headers: { Cookie: `token=${reader.token}`, "Accept-Encoding": "gzip" } }));
} finally {
  await deps.database.close();
  rmSync(dir, { recursive: true, force: true });
}
