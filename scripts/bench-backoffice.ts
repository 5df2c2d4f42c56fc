// Back-office figures for `npm run bench` (also `tsx scripts/bench-backoffice.ts` alone): a
// database seeded with 100,000 users, each with a result, then, in process through app.request,
// p99 of the users list with a `match` filter and of the results filter-list (target ≤ 50 ms
// each), the time to export every result as CSV (streamed), and `/manager/questions` (the item
// analysis over 20,000 answered results, as `npm run seed:large` makes): its first load after a
// start, what a public call waits meanwhile, and later loads.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";

const N = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

function hex(n: number, width: number) {
  return n.toString(16).padStart(width, "0");
}

export function seed(file: string, formatCodes: string[], testId: string) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const now = Date.now();
  const insertUser = db.prepare(
    "insert into users (id, email, name, phone, role, is_active, is_business, is_completed, is_full, format_code, locale, created_at) values (?, ?, ?, ?, 'user', 1, ?, ?, ?, ?, 'ru', ?)",
  );
  const insertResult = db.prepare(
    "insert into results (id, user_id, test_id, is_completed, format_code, probability, runner_up_code, runner_up_probability, indicators, quality, is_correct, is_doubt, model_version, scoring_version, created_at, completed_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'scoring-v1', ?, ?)",
  );
  let rnd = 42;
  const rand = () => (rnd = (rnd * 1103515245 + 12345) % 2147483648) / 2147483648;
  db.transaction(() => {
    for (let i = 0; i < N; i++) {
      const created = now - (N - i) * 60_000; // one a minute, oldest first
      const secs = Math.floor(created / 1000);
      const userId = hex(secs, 8) + hex(i, 16);
      const resultId = hex(secs, 8) + hex(N + i, 16);
      const completed = rand() < 0.85;
      const format = formatCodes[Math.floor(rand() * formatCodes.length)]!;
      const p = 0.3 + rand() * 0.7;
      const ind = JSON.stringify({
        system: Math.round(rand() * 100),
        analytics: Math.round(rand() * 100),
        volume: Math.round(rand() * 100),
        presentation: Math.round(rand() * 200 - 100),
        harmony: Math.round(rand() * 100),
        anxiety: Math.round(rand() * 20 - 10),
      });
      const grade = rand() < 0.8 ? "good" : rand() < 0.5 ? "fair" : "poor";
      insertUser.run(
        userId,
        `user${i}@bench.example`,
        `User ${i}`,
        `+7900${hex(i, 7)}`,
        rand() < 0.05 ? 1 : 0,
        completed ? 1 : 0,
        rand() < 0.1 ? 1 : 0,
        completed ? format : null,
        created,
      );
      insertResult.run(
        resultId,
        userId,
        testId,
        completed ? 1 : 0,
        completed ? format : null,
        completed ? p : null,
        completed ? formatCodes[(formatCodes.indexOf(format) + 1) % formatCodes.length] : null,
        completed ? (1 - p) / 2 : null,
        completed ? ind : null,
        completed ? JSON.stringify({ grade, flags: grade === "good" ? [] : ["tooFast"] }) : null,
        rand() < 0.02 ? 1 : 0,
        rand() < 0.1 ? 1 : 0,
        "mlp-bench",
        created,
        completed ? created + 600_000 : null,
      );
    }
  })();
  db.pragma("optimize");
  db.close();
}

const ANSWERED = Number(process.env.BENCH_ANSWERED ?? 20_000);

/** 110 answers for each of the first `n` completed results (the item analysis reads them). */
async function answerSome(file: string, testId: string, n: number) {
  const { seedAnswers } = await import("../db/seed/large");
  const db = new Database(file);
  const ids = db.prepare("select id from results where is_completed = 1 order by id limit ?").all(n) as { id: string }[];
  seedAnswers(
    db,
    testId,
    ids.map((r, i) => ({ id: r.id, en: i % 3 === 0 })),
  );
  db.close();
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), "tf-bench-bo-"));
  const { loadConfig } = await import("../server/config");
  const { bootstrap } = await import("../server/bootstrap");
  const { createApp } = await import("../app");
  const { FORMATS } = await import("../model");
  const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-pass-phrase" };
  try {
    const file = join(dir, "bo.db");
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: `file:${file}`,
      OUTBOX_DIR: join(dir, "outbox"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      PAYMENT_SANDBOX: "true",
    });
    let deps = await bootstrap(config);
    const { tests } = await import("../db/schema");
    const [test] = await deps.db.select().from(tests).limit(1);
    await deps.database.close();
    const t0 = performance.now();
    seed(
      file,
      FORMATS.map((f) => f.code),
      test!.id,
    );
    await answerSome(file, test!.id, ANSWERED);
    console.log(`\nBack-office: seeded ${N.toLocaleString("en")} users with a result each in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    deps = await bootstrap(config);
    const app = createApp(deps);
    const login = await app.request("/api/passport/auth", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const h = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };

    const time = async (label: string, call: () => Response | Promise<Response>) => {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS + 10; i++) {
        const s = performance.now();
        const res = await call();
        const body = (await res.json()) as { total: number };
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
        total = body.total;
        if (i >= 10) times.push(performance.now() - s);
      }
      return { call: label, matched: total, "median ms": +median(times).toFixed(1), "p99 ms": +p99(times).toFixed(1) };
    };
    const match = encodeURIComponent(JSON.stringify({ isCompleted: true, role: "user", isBusiness: false }));
    const rows = [
      await time("GET /api/manager/user?match={isCompleted,role,isBusiness}", () => app.request(`/api/manager/user?match=${match}`, { headers: h })),
      await time("GET /api/manager/user?match={email:{$regex}}", () =>
        app.request(`/api/manager/user?match=${encodeURIComponent(JSON.stringify({ email: { $regex: "user9999" } }))}`, { headers: h }),
      ),
      await time("POST /api/manager/results/filter-list {isCompleted,isDoubt}", () =>
        app.request("/api/manager/results/filter-list", {
          method: "POST",
          headers: h,
          body: JSON.stringify({ isCompleted: true, isDoubt: true, populate: "fm,user" }),
        }),
      ),
      await time("POST /api/manager/results/filter-list {format,grade}", () =>
        app.request("/api/manager/results/filter-list", { method: "POST", headers: h, body: JSON.stringify({ format: FORMATS[0]!.code, grade: "good" }) }),
      ),
    ];
    console.log(`Back-office lists (${RUNS} sequential requests each, in process; target p99 ≤ 50 ms)`);
    console.table(rows);

    // every back-office page reads the work queues once for its side bar's counts (server/admin/nav.ts):
    // their cost alone, and a small page (settings) that pays little else
    const { workQueues } = await import("../server/admin/overview");
    const cookie = { Cookie: `token=${token}; i18n_locale=en` };

    const timed = async (label: string, call: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 10; i++) {
        const s = performance.now();
        await call();
        if (i >= 10) times.push(performance.now() - s);
      }
      return { call: label, "median ms": +median(times).toFixed(1), "p99 ms": +p99(times).toFixed(1) };
    };
    const page = (path: string) => async () => {
      const res = await app.request(path, { headers: cookie });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      await res.text();
    };

    // the first /manager/questions after a start computes the item analysis: how long it takes and
    // how long a public call made meanwhile waits (it must not wait for the whole computation)
    {
      const waits: number[] = [];
      let loading = true;
      const s0 = performance.now();
      const cold = Promise.resolve(app.request("/manager/questions", { headers: cookie })).then(async (r) => {
        if (r.status !== 200) throw new Error(`/manager/questions: ${r.status}`);
        await r.text();
        loading = false;
        return performance.now() - s0;
      });
      // a call due every 5 ms: how long after it was due it was answered (the turn it waited for
      // the event loop included, not only its own work)
      const publicCalls = (async () => {
        while (loading) {
          const due = performance.now() + 5;
          await new Promise((r) => setTimeout(r, 5));
          await (await app.request("/api/total")).text();
          waits.push(performance.now() - due);
        }
      })();
      const coldMs = await cold;
      await publicCalls;
      const warm: number[] = [];
      for (let i = 0; i < 30; i++) {
        const s2 = performance.now();
        await page("/manager/questions")();
        warm.push(performance.now() - s2);
      }
      console.log(`/manager/questions, item analysis over ${ANSWERED.toLocaleString("en")} answered results (in process)`);
      console.table([
        { call: "first load after a start", ms: +coldMs.toFixed(0) },
        { call: `GET /api/total meanwhile: ${waits.length} calls, median`, ms: +median(waits).toFixed(1) },
        { call: "GET /api/total meanwhile: longest wait", ms: +Math.max(...waits).toFixed(1) },
        { call: "later loads: median of 30", ms: +median(warm).toFixed(1) },
        { call: "later loads: p99 of 30", ms: +p99(warm).toFixed(1) },
      ]);
    }
    console.log(`Side-bar counts on every back-office page (${RUNS} sequential runs each, in process)`);
    console.table([
      await timed("workQueues (rechecker, reviews, requests)", () => workQueues(deps.db)),
      await timed("GET /manager/settings (page with the side bar)", page("/manager/settings")),
      await timed("GET /manager (main page: queues and figures)", page("/manager")),
    ]);

    const s = performance.now();
    const res = await app.request("/api/manager/exporting", { method: "POST", headers: h, body: JSON.stringify({ kind: "results", format: "csv" }) });
    const reader = res.body!.getReader();
    let bytes = 0;
    let peak = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    console.log(
      `Export of all ${N.toLocaleString("en")} results to CSV (streamed): ${((performance.now() - s) / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB, heap peak ${(peak / 1024 / 1024).toFixed(0)} MB`,
    );
    await deps.database.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
