// A database at scale, in seconds: 100,000 users with a completed result each, one business
// project with 5,000 employees and invites, and a year of orders. The employees are placed as a
// company would be: six departments, the twelve jobs of the fit-validity bench (model/fit-validity.ts)
// as positions with their activities, unevenly staffed, and each employee's result carries the
// indicators the real scoring gives to simulated answers (the realistic scenario of model:eval), so
// fit, "who fits" and the statistics read real-looking numbers at 5,000 people. Raw prepared inserts in one
// transaction per table (drizzle's builder per row would take minutes). Used by `npm run
// seed:large`, by `npm run bench` with BENCH_LARGE=1 and (scaled down) by the query-plan test.
import type { Database as BetterSqlite } from "better-sqlite3";
import { fitFor, type IndicatorValues } from "../../model/fit";
import { ARCHETYPES } from "../../model/fit-validity";
import { N_ITEMS } from "../../model/items";
import { STRESS_GRID } from "../../model/scenarios";
import { type AnswerValue, scoreAnswers } from "../../model/scoring";
import { simulate } from "../../model/simulate";
import { createId } from "../../server/lib/ids";

export interface LargeScale {
  users: number;
  employees: number;
  orderDays: number;
  /** how many of the results get their 110 answers (the item analysis reads them); default none */
  answered?: number;
}
export const FULL_SCALE: LargeScale = { users: 100_000, employees: 5_000, orderDays: 365, answered: 20_000 };

/** The item whose English wording is seeded to work against its scale (the item analysis shows it). */
export const MISTRANSLATED_POSITION = 7;

const DAY = 86_400_000;

/** The departments and, per bench job (in ARCHETYPES' order), its department and how many it employs relative to the others. */
const DEPARTMENTS = ["Sales", "Warehouse and logistics", "Finance", "Customer support", "Management", "People"] as const;
const STAFFING: readonly [department: number, weight: number][] = [
  [0, 20], // sales manager
  [1, 10], // storekeeper
  [2, 3], // data analyst
  [1, 6], // dispatcher
  [4, 1], // head of strategy
  [4, 2], // operations chief
  [2, 5], // accountant
  [3, 15], // technical support
  [0, 8], // consultant
  [4, 3], // project coordinator
  [4, 1], // head of product
  [5, 2], // mentor
];

/** The position of the i-th employee: the jobs in turn, each as often as its weight. */
function positionOf(i: number) {
  const total = STAFFING.reduce((a, [, w]) => a + w, 0);
  let k = i % total;
  for (const [j, [, w]] of STAFFING.entries()) {
    if (k < w) return j;
    k -= w;
  }
  return 0;
}

/** Indicators and format of `n` attentive respondents of the realistic scenario, scored by the rules. */
function simulatedResults(n: number) {
  if (n <= 0) return [];
  const scenario = { ...STRESS_GRID.find((g) => g.key === "realistic")!.scenario, careless: false };
  const d = simulate(n, 5000, { scenario });
  return Array.from({ length: n }, (_, i) => scoreAnswers(Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[]));
}

/** Fills an already migrated and seeded SQLite database (formats and the default test present). */
export function seedLarge(sqlite: BetterSqlite, scale: LargeScale = FULL_SCALE) {
  const now = Date.now();
  const test = sqlite.prepare("select id from tests order by is_default desc limit 1").get() as { id: string };
  const formatCodes = (sqlite.prepare("select code from formats").all() as { code: string }[]).map((f) => f.code);
  const userIds: string[] = [];
  const answeredResults: { id: string; en: boolean }[] = [];
  const insertUser = sqlite.prepare(
    "insert into users (id, email, name, is_completed, is_full, format_code, locale, email_confirmed_at, created_at) values (?, ?, ?, 1, ?, ?, ?, ?, ?)",
  );
  const insertResult = sqlite.prepare(
    "insert into results (id, user_id, test_id, is_completed, format_code, probability, is_doubt, created_at, last_answer_at, completed_at) values (?, ?, ?, 1, ?, 0.8, ?, ?, ?, ?)",
  );
  sqlite.transaction(() => {
    for (let i = 0; i < scale.users; i++) {
      const id = createId();
      const created = now - Math.floor((i / scale.users) * scale.orderDays * DAY);
      const format = formatCodes[i % formatCodes.length] ?? null;
      insertUser.run(id, `large${i}@example.com`, `Person ${i}`, i % 7 === 0 ? 1 : 0, format, i % 3 ? "ru" : "en", created, created);
      const resultId = createId();
      insertResult.run(resultId, id, test.id, format, i % 11 === 0 ? 1 : 0, created, created + 900_000, created + 900_000);
      if (i < (scale.answered ?? 0)) answeredResults.push({ id: resultId, en: i % 3 === 0 });
      userIds.push(id);
    }
  })();

  seedAnswers(sqlite, test.id, answeredResults);

  const owner = userIds[0]!;
  const projectId = createId();
  sqlite
    .prepare("insert into projects (id, name, owner_id, invite_code, invite_balance) values (?, 'Large company', ?, ?, 10000)")
    .run(projectId, owner, `large-${projectId}`);
  sqlite.prepare("update users set is_business = 1 where id = ?").run(owner);
  const depIds = DEPARTMENTS.map((name) => {
    const id = createId();
    sqlite.prepare("insert into departments (id, project_id, name) values (?, ?, ?)").run(id, projectId, name);
    return id;
  });
  const insertTask = sqlite.prepare(
    "insert into tasks (id, position_id, name, communication, decision, client, breadth, method, sort, priority) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const posIds = ARCHETYPES.map((a, j) => {
    const id = createId();
    sqlite.prepare("insert into positions (id, project_id, department_id, name) values (?, ?, ?, ?)").run(id, projectId, depIds[STAFFING[j]![0]]!, a.name);
    for (const [sort, t] of a.activities.entries())
      insertTask.run(createId(), id, t.name, t.communication, t.decision, t.client ? 1 : 0, t.breadth ?? null, t.method ?? null, sort, t.priority ?? 0);
    return id;
  });
  const employed = Math.min(scale.employees, userIds.length - 1);
  const measured = simulatedResults(employed);
  const setResult = sqlite.prepare("update results set indicators = ?, format_code = ? where user_id = ?");
  const setFormat = sqlite.prepare("update users set format_code = ? where id = ?");
  const insertEmployee = sqlite.prepare(
    "insert into employees (id, project_id, user_id, name, department_id, position_id, efficiency, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertInvite = sqlite.prepare(
    "insert into invites (id, project_id, email, user_id, link, status, created_at) values (?, ?, ?, ?, ?, 'completed test', ?)",
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= scale.employees && i < userIds.length; i++) {
      const created = now - (i % scale.orderDays) * DAY;
      const job = positionOf(i - 1);
      const result = measured[i - 1]!;
      setResult.run(JSON.stringify(result.indicators), result.formatCode, userIds[i]);
      setFormat.run(result.formatCode, userIds[i]);
      // the fit of the position they hold, by the real formula (the script then recomputes every position's)
      const fit = fitFor(result.indicators as unknown as IndicatorValues, ARCHETYPES[job]!.activities).efficiency;
      insertEmployee.run(createId(), projectId, userIds[i], `Employee ${i}`, depIds[STAFFING[job]![0]]!, posIds[job]!, fit, created);
      insertInvite.run(createId(), projectId, `large${i}@example.com`, userIds[i], createId(), created);
    }
  })();

  // a year of orders: a report bought by every seventh user, a few invite packs and invoices
  const insertOrder = sqlite.prepare(
    "insert into orders (id, user_id, project_id, entity_type, quantity, amount, method, state, created_at, paid_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  let orders = 0;
  sqlite.transaction(() => {
    for (let i = 0; i < userIds.length; i += 7) {
      const created = now - ((i * 37) % scale.orderDays) * DAY;
      const paid = i % 5 !== 0;
      insertOrder.run(createId(), userIds[i], null, "report", 1, 99_000, "card", paid ? "paid" : "failed", created, paid ? created + 60_000 : null);
      orders++;
    }
    for (let d = 0; d < scale.orderDays; d += 3) {
      const created = now - d * DAY;
      insertOrder.run(createId(), owner, projectId, "invites", 50, 500_000, "invoice", d % 2 ? "paid" : "pending", created, d % 2 ? created + DAY : null);
      orders++;
    }
  })();
  return {
    users: userIds.length,
    results: userIds.length,
    employees: employed,
    departments: depIds.length,
    positions: posIds.length,
    orders,
    projectId,
    ownerId: owner,
  };
}

/**
 * 110 answers for each given result: one trait per scale and person, each answer the keyed trait
 * plus noise cut into −2..2, a few "don't know" at random, 2–9 s per answer. In English the item at
 * MISTRANSLATED_POSITION is answered the other way round, as a mistranslation would make it.
 */
export function seedAnswers(sqlite: BetterSqlite, testId: string, list: { id: string; en: boolean }[]) {
  if (!list.length) return;
  const items = sqlite.prepare("select id, position, keys from questions where test_id = ? order by position").all(testId) as {
    id: string;
    position: number;
    keys: string;
  }[];
  const keyed = items.map((q) => ({ id: q.id, position: q.position, key: (JSON.parse(q.keys) as { scale: string; sign: number }[])[0]! }));
  const scales = [...new Set(keyed.map((k) => k.key.scale))];
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const normal = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const insert = sqlite.prepare("insert into answers (id, result_id, question_id, value, elapsed_ms, answered_at) values (?, ?, ?, ?, ?, ?)");
  const now = Date.now();
  sqlite.transaction(() => {
    for (const r of list) {
      const theta = new Map(scales.map((s) => [s, normal()]));
      for (const q of keyed) {
        const flip = r.en && q.position === MISTRANSLATED_POSITION ? -1 : 1;
        const y = flip * q.key.sign * theta.get(q.key.scale)! + 0.9 * normal();
        const value = rand() < 0.04 ? 0 : y < -1.5 ? -2 : y < -0.5 ? -1 : y < 0.5 ? 0 : y < 1.5 ? 1 : 2;
        insert.run(createId(), r.id, q.id, value, Math.round(2000 + 7000 * rand()), now);
      }
    }
  })();
}
