// `npm run bench`: starts the server on a temporary database, and a bare Hono route answering the
// same JSON as /api/total (the reference, scripts/bench-reference.ts), and prints with autocannon
// on loopback requests/s and p99 for the hot request paths, each as a ratio to the
// reference measured in the same run (BENCH_RUNS runs, medians). Then, unless BENCH_ONLY=throughput,
// the static asset, the gzipped JavaScript each public page ships, the PDF, the model, the
// renderer, the statistics page's JavaScript (BENCH_ONLY=statsjs alone) and the stats call on a
// 5,000-employee project. Figures, not pass/fail: the targets are printed next to them.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { statsJs, statsLatency } from "./bench-stats";

/** A port nobody listens on now (other checkouts on this machine bench too). */
async function freePort() {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}
const PORT = Number(process.env.BENCH_PORT ?? (await freePort()));
const REF_PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY_THROUGHPUT = process.env.BENCH_ONLY === "throughput";
const dir = mkdtempSync(join(tmpdir(), "tf-bench-"));

/** The server runs compiled, as production does (`npm run bench` builds dist/ first). */
function start(script: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, script.endsWith(".js") ? [script] : ["--import", "tsx", script], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
}
const serverEnv = (db: string) => ({ DATABASE_URL: `file:${join(dir, db)}`, OUTBOX_DIR: join(dir, "outbox"), PAYMENT_SANDBOX: "true" });
/** The server's database, which the figures that seed a large project write to directly. */
const BENCH_DB = `file:${join(dir, "bench.db")}`;
const server = start("dist/server.js", PORT, serverEnv("bench.db"));
const reference = start("scripts/bench-reference.ts", REF_PORT);
// a figure from a dead server would be someone else's, or nothing
for (const child of [server, reference]) {
  child.on("exit", (code) => {
    if (code !== null && code !== 0) {
      console.error(`bench: a server exited with ${code}`);
      process.exit(1);
    }
  });
}

async function waitUp(base: string, path: string, everyMs = 200) {
  for (let i = 0; i < 30_000 / everyMs; i++) {
    try {
      if ((await fetch(base + path)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error("server did not start");
}

interface Load {
  url: string;
  connections?: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}
async function load({ url, connections = 50, method = "GET", headers = {}, body }: Load) {
  const r = await autocannon({ url, connections, duration: DURATION, pipelining: 1, method, headers, body });
  await new Promise((r) => setTimeout(r, 300)); // let a backlog drain before the next figure
  return { rps: r.requests.total / r.duration, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/product",
  "/offer",
  "/policy",
  "/terms",
  "/theory",
  "/lab",
  "/tools",
  "/chart",
  "/demo",
  "/intro",
  "/campaign/ad",
  "/landing/1",
  "/salles",
  "/index2",
  "/index3",
  "/b2b-free-test",
  "/b2b2",
  "/business_demo",
  "/signup",
  "/login",
  "/restore",
];

/** Scripts a page loads: module scripts, their preloads, then the static imports of each. */
async function pageJs(path: string) {
  const res = await fetch(BASE + path);
  const html = await res.text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*src="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/data-src="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const u of urls) {
    const body = Buffer.from(await (await fetch(BASE + u)).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { path, status: res.status, scripts: urls.size, raw, gz };
}

/** A signed-up user with a started test; `answerAll` also answers every question (so it completes). */
async function respondent(answerAll: boolean, base = BASE) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await fetch(`${base}/api/passport/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, policy: true, terms: true, offer: true }),
  });
  const { token, _id } = (await signup.json()) as { token: string; _id: string };
  const h = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const tests = (await (await fetch(`${base}/api/test`)).json()) as { docs: { _id: string }[] };
  const testId = tests.docs[0]!._id;
  const result = (await (await fetch(`${base}/api/test/start/${testId}`, { method: "POST", headers: h, body: "{}" })).json()) as { _id: string };
  const test = (await (await fetch(`${base}/api/test/${testId}`)).json()) as { questions: { _id: string; position: number }[] };
  const answer = (q: { _id: string; position: number }) =>
    JSON.stringify({ result: result._id, question: q._id, value: ((q.position * 7) % 5) - 2, elapsedMs: 5000 });
  for (const q of answerAll ? test.questions : test.questions.slice(0, 1)) {
    await fetch(`${base}/api/answer`, { method: "POST", headers: h, body: answer(q) });
  }
  return { _id, token, h, resultId: result._id, firstAnswer: answer(test.questions[0]!) };
}

/** Confirms a respondent's mailbox (as its link would) and sets other fields, in the server's database. */
async function markUser(id: string, fields: { isFull?: boolean; name?: string } = {}) {
  const { openDatabase } = await import("../db/client");
  const { users } = await import("../db/schema");
  const { eq } = await import("drizzle-orm");
  const database = await openDatabase(BENCH_DB);
  await database.db
    .update(users)
    .set({ emailConfirmedAt: new Date(), ...fields })
    .where(eq(users.id, id));
  await database.close();
}

/**
 * A buyer's report: take the test through the API, then (as the payment would) mark the user
 * confirmed and full in the database, and time the PDF download and the report page's JS.
 */
async function reportFigures() {
  const runnerUser = await respondent(false);
  const runnerJs = await jsOf("/testing", { Cookie: `token=${runnerUser.token}` });
  const { _id, token } = await respondent(true);
  await markUser(_id, { isFull: true, name: "Bench Reader" });
  const cookie = { Cookie: `token=${token}` };
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    const res = await fetch(`${BASE}/report/pdf/full`, { headers: cookie });
    const body = await res.arrayBuffer();
    if (res.headers.get("content-type") !== "application/pdf") throw new Error(`no PDF: ${res.status}`);
    if (i >= 5) times.push(performance.now() - t0); // the first few load fonts and warm up
    if (i === 0) console.log(`\nPDF of the full report: ${(body.byteLength / 1024).toFixed(0)} KB`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `PDF generation (GET /report/pdf/full, ${times.length} runs): median ${times[times.length >> 1]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target median ≤ 300 ms)`,
  );
  console.log(runnerJs);
  console.log(await jsOf("/report/full", cookie));
}

async function jsOf(path: string, headers: Record<string, string>) {
  const html = await (await fetch(BASE + path, { headers })).text();
  const scripts = [...new Set([...html.matchAll(/<script[^>]*src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]!))];
  let gz = 0;
  for (const u of scripts) gz += gzipSync(Buffer.from(await (await fetch(BASE + u)).arrayBuffer()), { level: 9 }).length;
  return `${path}: ${scripts.length} scripts, ${(gz / 1024).toFixed(1)} KB gzip JavaScript`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** The hot request paths, each with its target as a share of the reference. */
async function throughput() {
  const reader = await respondent(true); // a completed result: the signed-in report page
  await markUser(reader._id); // a reader who confirmed the mailbox sees the report, not the gate
  const writer = await respondent(false); // re-answers its first question
  const answer: Load = { url: `${BASE}/api/answer`, method: "POST", headers: { ...writer.h }, body: writer.firstAnswer };
  const cases: { name: string; load: Load; target: string }[] = [
    { name: "GET /api/total", load: { url: `${BASE}/api/total` }, target: "≥ 25 % of ref" },
    { name: "GET /api/health (shared middleware)", load: { url: `${BASE}/api/health` }, target: "" },
    { name: "GET / (landing, micro-cache)", load: { url: `${BASE}/`, headers: { "Accept-Encoding": "gzip, deflate, br" } }, target: "" },
    { name: "POST /api/answer, 10 conn.", load: { ...answer, connections: 10 }, target: "" },
    { name: "POST /api/answer, 200 conn.", load: { ...answer, connections: 200 }, target: "≥ 4,000 req/s, p99 ≤ 25 ms" },
    // the same 200 connections on the shared middleware alone: the p99 no request can go below here
    { name: "GET /api/health, 200 conn. (floor)", load: { url: `${BASE}/api/health`, connections: 200 }, target: "" },
    {
      name: "GET /report/base, signed in",
      load: { url: `${BASE}/report/base`, headers: { Cookie: `token=${reader.token}`, "Accept-Encoding": "gzip, deflate, br" } },
      target: "≥ 2,000 req/s",
    },
  ];
  for (const k of cases) {
    const res = await fetch(k.load.url, { method: k.load.method, headers: k.load.headers, body: k.load.body });
    if (!res.ok) throw new Error(`${k.name}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  for (const k of cases) await load(k.load); // warm up (JIT, caches)
  const runs: { ref: number; rows: Awaited<ReturnType<typeof load>>[] }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const ref = (await load({ url: `http://127.0.0.1:${REF_PORT}/api/total` })).rps;
    const rows = [];
    for (const k of cases) rows.push(await load(k.load));
    runs.push({ ref, rows });
    console.log(`run ${run}/${RUNS}: reference ${Math.round(ref)} req/s`);
  }
  const refMedian = median(runs.map((r) => r.ref));
  console.log(`\nThroughput (autocannon on loopback, ${DURATION} s each, 50 connections unless noted; medians of ${RUNS} runs)`);
  console.table([
    { request: "bare Hono route, same JSON (reference)", "req/s": Math.round(refMedian), "p99 ms": "", "% of ref": 100, "non-2xx": 0, target: "" },
    ...cases.map((k, i) => ({
      request: k.name,
      "req/s": Math.round(median(runs.map((r) => r.rows[i]!.rps))),
      "p99 ms": median(runs.map((r) => r.rows[i]!.p99)),
      "% of ref": +(100 * median(runs.map((r) => r.rows[i]!.rps / r.ref))).toFixed(1),
      "non-2xx": runs.reduce((n, r) => n + r.rows[i]!.bad, 0),
      target: k.target,
    })),
  ]);
}

/**
 * Start-up to the first 200 of /api/health, as production starts (node dist/server.js): on a new
 * database (migrations and seed) and again on the same one (a restart or a deploy). fly.toml's
 * health-check grace must cover it with margin.
 */
async function startupFigures() {
  const port = await freePort();
  const times: number[] = [];
  for (const _ of [1, 2]) {
    const t0 = performance.now();
    const child = start("dist/server.js", port, serverEnv("startup.db"));
    await waitUp(`http://127.0.0.1:${port}`, "/api/health", 10);
    times.push(performance.now() - t0);
    child.kill("SIGTERM");
    await once(child, "exit");
  }
  console.log(
    `\nstart-up to the first 200 (node dist/server.js): new database ${(times[0]! / 1000).toFixed(2)} s, existing ${(times[1]! / 1000).toFixed(2)} s (fly.toml grace_period 30 s)`,
  );
}

/**
 * The answer write on the libSQL driver (DATABASE_DRIVER=libsql on a local file: the scale-out
 * driver's own cost) beside the same figure on better-sqlite3 from the table above.
 */
async function libsqlAnswers() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = start("dist/server.js", port, { ...serverEnv("libsql.db"), DATABASE_DRIVER: "libsql" });
  try {
    await waitUp(base, "/api/health");
    const writer = await respondent(false, base);
    const rows = [];
    for (const connections of [10, 200]) {
      const load1 = { url: `${base}/api/answer`, method: "POST" as const, headers: writer.h, body: writer.firstAnswer, connections };
      await load(load1); // warm-up
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await load(load1));
      rows.push({
        request: `POST /api/answer, ${connections} conn. (libSQL)`,
        "req/s": Math.round(median(runs.map((r) => r.rps))),
        "p99 ms": median(runs.map((r) => r.p99)),
        "non-2xx": runs.reduce((n, r) => n + r.bad, 0),
      });
    }
    console.log("\nThe libSQL driver (DATABASE_DRIVER=libsql, local file), medians of the same runs");
    console.table(rows);
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
}

try {
  await Promise.all([waitUp(BASE, "/api/health"), waitUp(`http://127.0.0.1:${REF_PORT}`, "/api/total")]);
  // BENCH_ONLY=employees runs the employee-list figures alone (and the stats call on the same
  // 5,000 people); BENCH_ONLY=statsjs the statistics page's JavaScript alone; BENCH_ONLY=efficiency
  // the fit recompute of a 5,000-employee project alone; BENCH_ONLY=backoffice the back-office figures alone
  if (process.env.BENCH_ONLY === "employees") await statsLatency(BASE, await (await import("./bench-employees")).run(BASE, BENCH_DB));
  else if (process.env.BENCH_ONLY === "statsjs") await statsJs(BASE, BENCH_DB);
  else if (process.env.BENCH_ONLY === "efficiency") await (await import("./bench-efficiency")).run(BASE, BENCH_DB);
  else if (process.env.BENCH_ONLY === "startup") await startupFigures();
  else if (process.env.BENCH_ONLY === "libsql") await libsqlAnswers();
  else if (process.env.BENCH_ONLY === "backoffice") await (await import("./bench-backoffice")).run();
  else {
    await startupFigures();
    await throughput();
    await libsqlAnswers();
    if (!ONLY_THROUGHPUT) await otherFigures();
  }
} finally {
  server.kill("SIGTERM");
  reference.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}

async function otherFigures() {
  const html = await (await fetch(BASE + "/")).text();
  const css = html.match(/href="(\/build\/app-[^"]+\.css)"/)?.[1] ?? "/logo.svg";
  // as a browser asks: hashed assets then come precompressed (brotli) from the build
  const asset = await load({ url: BASE + css, headers: { "Accept-Encoding": "gzip, deflate, br" } });
  console.log(`\nstatic asset ${css}: ${Math.round(asset.rps)} req/s, p99 ${asset.p99} ms`);
  console.log("\nJavaScript shipped per public page (gzip -9)");
  const pages = [];
  for (const p of PUBLIC_PAGES) pages.push(await pageJs(p));
  console.table(
    pages.map((p) => ({ page: p.path, status: p.status, scripts: p.scripts, "raw KB": +(p.raw / 1024).toFixed(1), "gzip KB": +(p.gz / 1024).toFixed(1) })),
  );
  const noIslands = pages.filter((p) => p.scripts === 0).length;
  console.log(`\nlanding JS ${(pages[0]!.gz / 1024).toFixed(1)} KB gzip (target ≤ 70); ${noIslands}/${pages.length} pages ship 0 bytes of JS`);
  await reportFigures();
  await (await import("./bench-model")).run();
  await (await import("./bench-render")).run();
  await statsJs(BASE, BENCH_DB);
  await statsLatency(BASE, await (await import("./bench-employees")).run(BASE, BENCH_DB));
  await (await import("./bench-efficiency")).run(BASE, BENCH_DB);
  await (await import("./bench-backoffice")).run();
}
