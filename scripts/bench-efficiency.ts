// Fit recompute for a large project: 5,000 employees, all with a completed result (full sphere
// indicators), ten positions of three activities each, seeded straight into the database; then
// POST /api/business/projects/reset-efficiency (a full recompute: 50,000 fits and 5,000 analytics
// rows) timed three times, and the list sorted by efficiency afterwards.
import { benchDatabase, benchOwner, insertPeople } from "./bench-employees";

const N = 5_000;
const POSITIONS = 10;

export async function run(base: string, dbUrl: string) {
  const { token, project } = await benchOwner(base, dbUrl, "Fit Bench Corp");

  const bench = await benchDatabase(dbUrl);
  const { db, schema, createId, codes, testId } = bench;
  const levels = ["individual", "team", "global"] as const;
  const styles = ["balanced", "moderate", "improvisation"] as const;
  const poss = Array.from({ length: POSITIONS }, (_, i) => ({ id: createId(), projectId: project, name: `Position ${i + 1}` }));
  await db.insert(schema.positions).values(poss);
  await db.insert(schema.tasks).values(
    poss.flatMap((p, i) =>
      [0, 1, 2].map((k) => ({
        id: createId(),
        positionId: p.id,
        name: `Activity ${k + 1}`,
        communication: levels[(i + k) % 3]!,
        decision: styles[(i * 2 + k) % 3]!,
        priority: (k * 30 + i * 7) % 100,
        sort: k,
      })),
    ),
  );
  const v = (i: number, m: number) => (i * m) % 101;
  await insertPeople(bench, N, (i, userId) => {
    const indicators = {
      ME_SYSTEM: v(i, 37),
      ME_ANALYT: v(i, 53),
      WE_SYSTEM: v(i, 29),
      WE_ANALYT: v(i, 61),
      WR_SYSTEM: v(i, 17),
      WR_ANALYT: v(i, 71),
      system: v(i, 41),
      analytics: v(i, 43),
      volume: v(i, 13),
      presentation: v(i, 19) * 2 - 100,
      harmony: v(i, 7),
      anxiety: (i % 21) - 10,
    };
    return {
      user: { id: userId, email: `bench-fit-${i}-${Date.now()}@example.com`, name: `Employee ${i}`, formatCode: codes[i % codes.length]!, isCompleted: true },
      result: { id: createId(), userId, testId: testId!, isCompleted: true, formatCode: codes[i % codes.length]!, indicators, completedAt: new Date() },
      employee: { id: createId(), projectId: project, userId, name: `Employee ${String(i).padStart(5, "0")}`, positionId: poss[i % POSITIONS]!.id },
    };
  });
  const { database } = bench;
  await database.close();

  const headers = { Authorization: `Bearer ${token}`, Project: project, "Content-Type": "application/json" };
  const runs: { wall: number; service: number; fits: number }[] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/business/projects/reset-efficiency`, { method: "POST", headers, body: "{}" });
    const body = (await res.json()) as { ms: number; fits: number; employees: number };
    if (!res.ok) throw new Error(`reset-efficiency: ${res.status} ${JSON.stringify(body)}`);
    runs.push({ wall: Math.round(performance.now() - t0), service: body.ms, fits: body.fits });
  }
  // a position's activities edited: only its fits are computed, the others come from the stored rows
  const t2 = performance.now();
  const edit = await fetch(`${base}/api/business/positions/${poss[0]!.id}`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ tasks: [{ name: "New activity", communication: "global", decision: "improvisation", priority: 50 }] }),
  });
  const editMs = Math.round(performance.now() - t2);
  if (!edit.ok) throw new Error(`position edit: ${edit.status}`);
  const t1 = performance.now();
  const list = await fetch(`${base}/api/business/employees`, {
    method: "POST",
    headers,
    body: JSON.stringify({ limit: 500, sortType: "efficiency", sortDirection: "desc", filter: { manager: { type: "team" }, harmony: "norm" } }),
  });
  const listMs = Math.round(performance.now() - t1);
  console.log(`\nEfficiency recompute, ${N} employees × ${POSITIONS} positions (${runs[0]!.fits} fits):`);
  console.table(runs.map((r, i) => ({ run: i + 1, "request ms": r.wall, "recompute ms": r.service })));
  const sorted = runs.map((r) => r.wall).sort((a, b) => a - b);
  console.log(
    `efficiency recompute median ${sorted[1]} ms; one position edited (its 5,000 fits + every diff): ${editMs} ms; list by efficiency with filters after it: ${listMs} ms (${list.status})`,
  );
}
