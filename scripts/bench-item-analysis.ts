// `tsx scripts/bench-item-analysis.ts [file]`: the item analysis on a large database (made by
// `npm run seed:large`, default data/large.db): the first computation, a cached read, and one
// after a new completed result (the stamp changes, so it is computed again).
import { eq } from "drizzle-orm";
import { loadConfig } from "../server/config";
import { bootstrap } from "../server/bootstrap";
import { answers, questions, results, tests } from "../db/schema";
import { createId } from "../server/lib/ids";
import { itemAnalysis } from "../server/services/item-analysis";

const file = process.argv[2] ?? "data/large.db";
const config = loadConfig({ ...process.env, DATABASE_URL: `file:${file}`, DATABASE_DRIVER: "auto", SEED_DEMO: "false" });
const deps = await bootstrap(config);
const db = deps.db;
const [test] = await db.select().from(tests).where(eq(tests.isDefault, true));
const time = async (label: string) => {
  const t0 = performance.now();
  const a = await itemAnalysis(db, test!.id);
  const ms = performance.now() - t0;
  const flagged = a.items.filter((i) => i.flags.length).map((i) => i.code);
  const flaggedEn = (a.byLocale.en?.items ?? []).filter((i) => i.flags.length).map((i) => `${i.position}:${i.code}`);
  console.log(
    `${label}: ${ms.toFixed(0)} ms (respondents ${a.n}, cached ${a.cached}; flagged overall ${flagged.length ? flagged.join(" ") : "none"}; in English ${flaggedEn.join(" ") || "none"})`,
  );
};
await time("first computation");
await time("cached");
await time("cached");
// a new completed test: a result with its 110 answers (the running sums take just these)
const [someone] = await db.select({ id: results.userId }).from(results).limit(1);
const resultId = createId();
await db.insert(results).values({ id: resultId, userId: someone!.id, testId: test!.id, isCompleted: true, completedAt: new Date(Date.now() + 86_400_000) });
const qs = await db.select({ id: questions.id, position: questions.position }).from(questions).where(eq(questions.testId, test!.id));
await db.insert(answers).values(qs.map((q) => ({ id: createId(), resultId, questionId: q.id, value: (q.position % 5) - 2, elapsedMs: 4000 })));
await time("after a new completion");
await db.delete(results).where(eq(results.id, resultId));
await deps.database.close();
