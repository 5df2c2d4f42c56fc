// `npm run lighthouse`: Lighthouse (mobile, the default form factor) on the landing, the test, the
// base and full reports, the business cabinet and the manager main page, printing the four category scores.
// It starts the production server on a temporary database, signs up two people through the API
// (one mid-test, one with a completed result) and signs in the admin from ADMIN_EMAIL/PASSWORD,
// and passes their session cookies to Lighthouse. Debian's Chromium: CHROME_PATH=/usr/bin/chromium.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { outbox } from "../test/mail";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3920);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "lighthouse-admin@example.com", password: "a long lighthouse pass phrase" };
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const dir = mkdtempSync(join(tmpdir(), "tf-lighthouse-"));

const server = spawn(process.execPath, ["--import", "tsx", "main.ts"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    PAYMENT_SANDBOX: "true",
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    OUTBOX_DIR: join(dir, "outbox"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitUp() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

const postJson = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

/** A signed-up person who answered `answered` statements (all of them completes the test). */
async function respondent(name: string, answered: number) {
  const { token } = (await postJson("/api/passport/signup", { email: `${name}-${Date.now()}@example.com`, policy: true, terms: true, offer: true })) as {
    token: string;
  };
  const testId = ((await (await fetch(`${BASE}/api/test`)).json()) as { docs: { _id: string }[] }).docs[0]!._id;
  const { _id } = (await postJson(`/api/test/start/${testId}`, {}, token)) as { _id: string };
  const { questions } = (await (await fetch(`${BASE}/api/test/${testId}`)).json()) as { questions: { _id: string; position: number }[] };
  for (const q of questions.slice(0, answered))
    await postJson("/api/answer", { result: _id, question: q._id, value: (q.position % 5) - 2, elapsedMs: 5000 }, token);
  return token;
}

/** Opens the confirmation link from the mail the server wrote to its outbox: a reader who confirmed sees the report, not the gate. */
async function confirmMailbox(token: string) {
  const me = (await (await fetch(`${BASE}/api/passport`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { email: string };
  const link = outbox(dir)
    .find((m) => m.to === me.email)
    ?.text.match(/\/confirm\/[a-z2-7]+/)?.[0];
  if (!link) throw new Error("no confirmation mail in the outbox");
  await fetch(BASE + link, { redirect: "manual" });
}

/** Buys the full report as a reader would, through the checkout and the sandbox's Pay button. */
async function buyFullReport(token: string) {
  const post = async (path: string, body: Record<string, string>) => {
    const res = await fetch(BASE + path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `token=${token}`, Origin: BASE },
      body: new URLSearchParams(body),
      redirect: "manual",
    });
    const to = res.headers.get("location");
    if (res.status !== 303 || !to) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return to;
  };
  const sandbox = await post("/payment/report", {});
  const outcome = await post(new URL(sandbox, BASE).pathname, { decision: "pay" });
  if (!outcome.includes("/payment/success")) throw new Error(`the sandbox payment ended at ${outcome}`);
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// LIGHTHOUSE_LANG=en measures the English pages
const LANG = process.env.LIGHTHOUSE_LANG === "en" ? "en" : "ru";

try {
  await waitUp();
  const taking = await respondent("lighthouse-taking", 10);
  const done = await respondent("lighthouse-done", 110);
  await confirmMailbox(done);
  const paid = await respondent("lighthouse-paid", 110);
  await confirmMailbox(paid);
  await buyFullReport(paid);
  const { token: admin } = (await postJson("/api/passport/auth", ADMIN)) as { token: string };
  // LIGHTHOUSE_PAGES=/,/testing runs only those
  const only = process.env.LIGHTHOUSE_PAGES?.split(",");
  const pages = [
    { path: "/", token: null },
    { path: "/testing", token: taking },
    { path: "/report/base", token: done },
    { path: "/report/full", token: paid },
    { path: "/business", token: admin },
    { path: "/manager", token: admin },
  ].filter((p) => !only || only.includes(p.path));
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const rows = [];
  const metrics = [];
  try {
    // Performance varies from run to run (Lighthouse's own advice: take the median of several);
    // the run shown is the one with the median performance score. The first load warms Chromium.
    await lighthouse(BASE + "/about", { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance"] });
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(BASE + page.path, {
          port: chrome.port,
          logLevel: "error",
          output: "json",
          onlyCategories: [...CATEGORIES],
          // the language cookie too: a signed-in browser without one is given the account's, and once
          // Chromium holds a cookie of its own it sends its jar instead of this header
          extraHeaders: { Cookie: page.token ? `token=${page.token}; i18n_locale=${LANG}` : `i18n_locale=${LANG}` },
        });
        const lhr = result!.lhr;
        if (lhr.finalDisplayedUrl !== BASE + page.path) throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}`);
        runs.push(lhr);
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[runs.length >> 1]!;
      const row: Record<string, string | number> = { page: page.path };
      for (const c of CATEGORIES) row[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
      // what keeps a score under 100: the failing audits of each category, by id
      row.failing = CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? []).filter((a) => a.weight > 0 && (lhr.audits[a.id]?.score ?? 1) < 0.9).map((a) => a.id),
      ).join(", ");
      rows.push(row);
      // where an accessibility or SEO audit fails, the elements it names
      for (const c of ["accessibility", "seo"] as const) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight === 0 || (audit?.score ?? 1) >= 0.9) continue;
          const items = ((audit?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []).slice(0, 3);
          for (const item of items) console.log(`${page.path} ${ref.id}: ${item.node?.snippet ?? JSON.stringify(item).slice(0, 200)}`);
        }
      }
      // where the main thread's time went (the blocking time's cause on a page without script)
      const work = (
        (lhr.audits["mainthread-work-breakdown"]?.details as { items?: { groupLabel?: string; group?: string; duration: number }[] } | undefined)?.items ?? []
      )
        .slice(0, 3)
        .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)}`)
        .join(", ");
      const longTasks = ((lhr.audits["long-tasks"]?.details as { items?: { url: string; duration: number }[] } | undefined)?.items ?? [])
        .slice(0, 3)
        .map((i) => `${i.url.replace(BASE, "")} ${Math.round(i.duration)}`)
        .join(", ");
      const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
      metrics.push({
        page: page.path,
        "performance (each run)": runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(" "),
        "FCP ms": ms("first-contentful-paint"),
        "LCP ms": ms("largest-contentful-paint"),
        "TBT ms": ms("total-blocking-time"),
        "SI ms": ms("speed-index"),
        CLS: +(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
      });
      console.log(`${page.path}: main thread ${work}; long tasks ${longTasks || "none"}`);
    }
  } finally {
    chrome.kill();
  }
  console.table(rows);
  console.log(`Performance metrics of the median run (simulated mobile: slow 4G, 4× CPU slowdown), ${RUNS} runs per page`);
  console.table(metrics);
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
