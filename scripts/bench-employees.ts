// The business cabinet's employee list under load: a project with 5,000 employees (seeded here,
// straight into the database: a third with completed results, spread over departments and
// positions), then POST /api/business/employees at limit 500, by name and by harmony, timed
// one request at a time (the latency a user sees) and with 10 connections. Target: p99 ≤ 100 ms.
import autocannon from "autocannon";

const N = 5_000;

/** A new business owner (signed up and activated through the API) and their first project. Their
 * address is marked confirmed in the server's database, as following the confirmation mail would:
 * only a confirmed owner may invite or be provisioned. */
export async function benchOwner(base: string, dbUrl: string, company: string) {
  const email = `bench-owner-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await fetch(`${base}/api/passport/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, policy: true, terms: true, offer: true }),
  });
  if (!signup.ok) throw new Error(`bench sign-up: ${signup.status} ${await signup.text()}`);
  const { token } = (await signup.json()) as { token: string };
  const { openDatabase } = await import("../db/client");
  const { users } = await import("../db/schema");
  const { eq } = await import("drizzle-orm");
  const database = await openDatabase(dbUrl);
  await database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  await database.close();
  const activated = await fetch(`${base}/api/business`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: company }),
  });
  if (!activated.ok) throw new Error(`bench activation: ${activated.status} ${await activated.text()}`);
  return { token, project: ((await activated.json()) as { project: { _id: string } }).project._id };
}

/** The server's database opened beside it, with the 27 format codes and the test's id. */
export async function benchDatabase(dbUrl: string) {
  const { openDatabase } = await import("../db/client");
  const schema = await import("../db/schema");
  const { createId } = await import("../server/lib/ids");
  const database = await openDatabase(dbUrl);
  const db = database.db;
  const codes = (await db.select({ code: schema.formats.code }).from(schema.formats)).map((f) => f.code);
  const [test] = await db.select({ id: schema.tests.id }).from(schema.tests).limit(1);
  return { database, db, schema, createId, codes, testId: test?.id ?? null };
}

/** Runs one seeding step; a failure names it. */
async function stage(name: string, f: () => Promise<unknown>) {
  try {
    await f();
  } catch (e) {
    throw new Error(`bench seeding (${name}): ${(e as Error).message}`);
  }
}

type BenchDatabase = Awaited<ReturnType<typeof benchDatabase>>;
export interface BenchPerson {
  user: typeof import("../db/schema").users.$inferInsert;
  result: typeof import("../db/schema").results.$inferInsert | null;
  employee: typeof import("../db/schema").employees.$inferInsert;
}

/** `count` people made by `person(i, userId)`, inserted 500 at a time (users, results, employees); a failing stage is named. */
export async function insertPeople({ db, schema, createId }: BenchDatabase, count: number, person: (i: number, userId: string) => BenchPerson) {
  for (let start = 0; start < count; start += 500) {
    const chunk = Array.from({ length: Math.min(500, count - start) }, (_, k) => person(start + k, createId()));
    await stage("users", () => db.insert(schema.users).values(chunk.map((c) => c.user)));
    const rs = chunk.flatMap((c) => (c.result ? [c.result] : []));
    if (rs.length) await stage("results", () => db.insert(schema.results).values(rs));
    await stage("employees", () => db.insert(schema.employees).values(chunk.map((c) => c.employee)));
  }
}

/** A business owner with a 5,000-employee project (analytics computed), straight into the database. */
export async function seedProject(base: string, dbUrl: string) {
  const { token, project } = await benchOwner(base, dbUrl, "Bench Corp");
  const bench = await benchDatabase(dbUrl);
  const { database, db, schema, createId, codes, testId } = bench;
  const deps = Array.from({ length: 20 }, (_, i) => ({ id: createId(), projectId: project, name: `Department ${i + 1}` }));
  await stage("departments", () => db.insert(schema.departments).values(deps));
  const poss = Array.from({ length: 40 }, (_, i) => ({ id: createId(), projectId: project, departmentId: deps[i % 20]!.id, name: `Position ${i + 1}` }));
  await stage("positions", () => db.insert(schema.positions).values(poss));
  const t0 = performance.now();
  await insertPeople(bench, N, (i, userId) => {
    const tested = i % 3 === 0;
    return {
      user: {
        id: userId,
        email: `bench-emp-${i}-${Date.now()}@example.com`,
        name: `Employee ${String(i).padStart(5, "0")}`,
        formatCode: tested ? codes[i % codes.length]! : null,
        isCompleted: tested,
      },
      result:
        tested && testId
          ? {
              id: createId(),
              userId,
              testId,
              isCompleted: true,
              formatCode: codes[i % codes.length]!,
              indicators: { harmony: (i * 37) % 101, anxiety: ((i * 13) % 21) - 10 },
              completedAt: new Date(),
            }
          : null,
      employee: {
        id: createId(),
        projectId: project,
        userId,
        name: `Employee ${String(i).padStart(5, "0")}`,
        departmentId: deps[i % 20]!.id,
        positionId: poss[i % 40]!.id,
      },
    };
  });
  // as the app keeps them: every employee's stored analytics (harmony, anxiety, fit) computed
  const { recomputeEfficiencies } = await import("../server/services/business/efficiency");
  await stage("analytics", () => recomputeEfficiencies(db, project));
  await database.close();
  console.log(`\nEmployee list: seeded ${N} employees (analytics computed) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const headers = { Authorization: `Bearer ${token}`, Project: project, "Content-Type": "application/json" };
  return { headers, project, deps };
}

export async function run(base: string, dbUrl: string) {
  const { headers, project, deps } = await seedProject(base, dbUrl);
  // seeding can outlast the server's keep-alive: the pooled socket is closed under the next fetch
  await fetch(`${base}/api/health`).catch(() => undefined);
  const rows = [];
  for (const [label, body] of [
    ["by name, limit 500", { limit: 500 }],
    ["by harmony desc, limit 500", { limit: 500, sortType: "harmony", sortDirection: "desc" }],
    ["filter department + completed", { limit: 500, filter: { department: deps[3]!.id, status: "completed" } }],
  ] as const) {
    const payload = JSON.stringify(body);
    const check = await fetch(`${base}/api/business/employees`, { method: "POST", headers, body: payload });
    const json = (await check.json()) as { total: number; docs: unknown[] };
    for (const connections of [1, 10]) {
      const r = await autocannon({ url: `${base}/api/business/employees`, method: "POST", headers, body: payload, connections, duration: 5 });
      rows.push({
        query: label,
        total: json.total,
        docs: json.docs.length,
        connections,
        "req/s": Math.round(r.requests.average),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        non2xx: r.non2xx,
      });
    }
  }
  console.table(rows);
  const seq = rows.filter((r) => r.connections === 1).map((r) => r["p99 ms"]);
  console.log(`employee list p99 one request at a time: ${seq.join(" / ")} ms (target ≤ 100 ms at limit 500)`);
  // the seeded project, for later figures on the same 5,000 people (the stats call)
  return { headers, project, departments: deps.map((d) => d.id) };
}
