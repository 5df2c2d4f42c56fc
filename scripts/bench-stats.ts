// The statistics page's figures for `npm run bench`: the JavaScript it ships (and that pages
// without a chart ship no chart code), and the team statistics calls' latency on a large project.
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { benchOwner } from "./bench-employees";

/** Every script a page loads, found as the browser would: the loader and the preloads in the HTML,
 * then each island's chunk and its static imports from the build manifest (an island that hydrates
 * on `visible` or `idle` is fetched later, but it is fetched). */
async function scriptsOf(base: string, html: string) {
  const { readFileSync } = await import("node:fs");
  const manifest = JSON.parse(readFileSync(new URL("../public/build/manifest.json", import.meta.url), "utf8")) as import("../server/render/assets").Manifest;
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1] ?? m[2]!);
  const islands = new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]!));
  if (islands.size && manifest.loader) for (const u of [manifest.loader.src, ...manifest.loader.imports]) urls.add(u);
  for (const name of islands) {
    const entry = manifest.islands[name as keyof typeof manifest.islands];
    if (entry) for (const u of [entry.src, ...entry.imports]) urls.add(u);
  }
  const files = [];
  for (const u of urls) files.push({ url: u, gz: gzipSync(Buffer.from(await (await fetch(base + u)).arrayBuffer()), { level: 9 }).length });
  return { islands: [...islands], files, gz: files.reduce((n, f) => n + f.gz, 0) };
}

/** A business owner with a small project that fills every chart of the statistics page: a
 * position with activities (through the API) and a few people with results (straight into the
 * database, as bench-employees does). */
async function statsProject(base: string, dbUrl: string) {
  const { token, project } = await benchOwner(base, dbUrl, "Bench Stats");
  const h = { Authorization: `Bearer ${token}`, Project: project, "Content-Type": "application/json" };
  const dep = (await (await fetch(`${base}/api/business/departments`, { method: "POST", headers: h, body: JSON.stringify({ name: "Sales" }) })).json()) as {
    _id: string;
  };
  const tasks = [
    { name: "Deals", communication: "team", decision: "balanced" },
    { name: "Market", communication: "global", decision: "improvisation" },
  ];
  const pos = (await (
    await fetch(`${base}/api/business/positions`, { method: "POST", headers: h, body: JSON.stringify({ name: "Seller", department: dep._id, tasks }) })
  ).json()) as { _id: string };
  const { openDatabase } = await import("../db/client");
  const schema = await import("../db/schema");
  const { createId } = await import("../server/lib/ids");
  const database = await openDatabase(dbUrl);
  const [test] = await database.db.select({ id: schema.tests.id }).from(schema.tests).limit(1);
  for (let i = 0; i < 6; i++) {
    const userId = createId();
    const code = ["SYS-MID-FAST", "ANL-HIGH-SLOW", "BAL-LOW-MID"][i % 3]!;
    const indicators = {
      system: 40 + i * 5,
      analytics: 60 - i * 5,
      volume: 50,
      presentation: 10,
      harmony: 30 + i * 10,
      anxiety: i - 2,
      ME_SYSTEM: 50,
      ME_ANALYT: 40,
      WE_SYSTEM: 60 + i,
      WE_ANALYT: 30,
      WR_SYSTEM: 40,
      WR_ANALYT: 70 - i,
    };
    await database.db
      .insert(schema.users)
      .values({ id: userId, email: `bench-stats-${i}-${userId}@example.com`, name: `Person ${i}`, formatCode: code, isCompleted: true });
    await database.db.insert(schema.results).values({
      id: createId(),
      userId,
      testId: test!.id,
      isCompleted: true,
      formatCode: code,
      indicators,
      completedAt: new Date(Date.now() - i * 86_400_000),
    });
    await database.db
      .insert(schema.employees)
      .values({ id: createId(), projectId: project, userId, name: `Person ${i}`, departmentId: dep._id, positionId: pos._id });
  }
  await database.close();
  return { token, project };
}

/** The statistics page's JavaScript in all (target ≤ 150 KB gzip), and proof that a page without
 * a chart loads no chart code. */
export async function statsJs(base: string, dbUrl: string) {
  const owner = await statsProject(base, dbUrl);
  const page = async (path: string) =>
    scriptsOf(base, await (await fetch(`${base}${path}?project=${owner.project}`, { headers: { Cookie: `token=${owner.token}` } })).text());
  const stats = await page("/business/statistics");
  console.log(`\nStatistics page JavaScript (/business/statistics): islands ${stats.islands.join(", ")}`);
  console.table(stats.files.map((f) => ({ script: f.url, "gzip KB": +(f.gz / 1024).toFixed(1) })));
  const charts = stats.islands.includes("stats-chart") ? "with its charts" : "WITHOUT ITS CHARTS (nothing to draw?)";
  console.log(`statistics page JS ${(stats.gz / 1024).toFixed(1)} KB gzip in all, ${charts} (target ≤ 150 KB)`);
  for (const path of ["/business/employees", "/dashboard/employees", "/business/dashboard"]) {
    const other = await page(path);
    const chart = other.islands.includes("stats-chart");
    console.log(`${path}: ${(other.gz / 1024).toFixed(1)} KB gzip, ${chart ? "LOADS CHART CODE" : "no chart code"}`);
  }
}

/** GET /api/business/stats and /communication on the 5,000-employee project, one request at a
 * time (the latency a user sees) and with 10 connections. Target: p99 ≤ 100 ms. */
export async function statsLatency(base: string, big: { headers: Record<string, string>; project: string; departments: string[] }) {
  const rows = [];
  for (const [label, path] of [
    ["GET /api/business/stats", "/api/business/stats"],
    ["GET /api/business/stats?department=", `/api/business/stats?department=${big.departments[3]}`],
    ["GET /api/business/communication", "/api/business/communication"],
  ] as const) {
    const check = await fetch(base + path, { headers: big.headers });
    if (!check.ok) throw new Error(`${label}: ${check.status} ${(await check.text()).slice(0, 200)}`);
    const body = (await check.json()) as { total?: number; measured?: number };
    for (const connections of [1, 10]) {
      const r = await autocannon({ url: base + path, headers: big.headers, connections, duration: 5 });
      rows.push({
        call: label,
        people: body.total ?? body.measured,
        connections,
        "req/s": Math.round(r.requests.average),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        non2xx: r.non2xx,
      });
    }
  }
  console.log("\nTeam statistics on the 5,000-employee project");
  console.table(rows);
  console.log(
    `stats call p99 one request at a time: ${rows
      .filter((r) => r.connections === 1)
      .map((r) => r["p99 ms"])
      .join(" / ")} ms (target ≤ 100 ms)`,
  );
}
