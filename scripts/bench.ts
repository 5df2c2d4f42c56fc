// `npm run bench`: starts the server on a temporary database and prints, with autocannon on
// loopback, requests/s and p99 latency for the landing page, /api/total and a static asset, and
// the gzipped JavaScript each public page ships. Figures, not pass/fail: the targets are in the
// issues (landing ≥ 1,500 req/s on 2 cores; no JS on pages without islands; landing ≤ 70 KB).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const dir = mkdtempSync(join(tmpdir(), "tf-bench-"));

const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "bench.db")}`, OUTBOX_DIR: join(dir, "outbox"), NODE_ENV: "production" },
  stdio: ["ignore", "pipe", "inherit"],
});

async function waitUp() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

async function load(path: string) {
  const r = await autocannon({ url: BASE + path, connections: 50, duration: DURATION, pipelining: 1 });
  return { path, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const PUBLIC_PAGES = [
  "/", "/about", "/product", "/offer", "/policy", "/terms", "/theory", "/lab", "/tools", "/chart", "/demo", "/intro",
  "/campaign/ad", "/landing/1", "/salles", "/index2", "/index3", "/b2b-free-test", "/b2b2", "/business_demo", "/signup", "/login", "/restore",
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

try {
  await waitUp();
  const html = await (await fetch(BASE + "/")).text();
  const css = html.match(/href="(\/build\/app-[^"]+\.css)"/)?.[1] ?? "/logo.svg";
  for (const p of ["/", "/api/total", css]) await fetch(BASE + p); // warm up
  console.log(`\nThroughput (autocannon, 50 connections, ${DURATION} s each, loopback)`);
  const rows = [];
  for (const p of ["/", "/api/total", css]) rows.push(await load(p));
  console.table(rows);
  console.log("\nJavaScript shipped per public page (gzip -9)");
  const pages = [];
  for (const p of PUBLIC_PAGES) pages.push(await pageJs(p));
  console.table(pages.map((p) => ({ page: p.path, status: p.status, scripts: p.scripts, "raw KB": +(p.raw / 1024).toFixed(1), "gzip KB": +(p.gz / 1024).toFixed(1) })));
  const noIslands = pages.filter((p) => p.scripts === 0).length;
  console.log(`\nlanding: ${rows[0]!.rps} req/s (target ≥ 1500), p99 ${rows[0]!.p99} ms; landing JS ${(pages[0]!.gz / 1024).toFixed(1)} KB gzip (target ≤ 70); ${noIslands}/${pages.length} pages ship 0 bytes of JS`);
  await (await import("./bench-render")).run();
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
