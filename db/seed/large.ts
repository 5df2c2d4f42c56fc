// A database at scale, in seconds: 100,000 users with a completed result each, one business
// project with 5,000 employees and invites, and a year of orders. Raw prepared inserts in one
// transaction per table (drizzle's builder per row would take minutes). Used by `npm run
// seed:large`, by `npm run bench` with BENCH_LARGE=1 and (scaled down) by the query-plan test.
import type { Database as BetterSqlite } from "better-sqlite3";
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
  const insertEmployee = sqlite.prepare("insert into employees (id, project_id, user_id, name, efficiency, created_at) values (?, ?, ?, ?, ?, ?)");
  const insertInvite = sqlite.prepare(
    "insert into invites (id, project_id, email, user_id, link, status, created_at) values (?, ?, ?, ?, ?, 'completed test', ?)",
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= scale.employees && i < userIds.length; i++) {
      const created = now - (i % scale.orderDays) * DAY;
      insertEmployee.run(createId(), projectId, userIds[i], `Employee ${i}`, (i % 100) / 100, created);
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
  return { users: userIds.length, results: userIds.length, employees: Math.min(scale.employees, userIds.length - 1), orders, projectId, ownerId: owner };
}

/**
 * 110 answers for each given result: one trait per scale and person, each answer the keyed trait
 * plus noise cut into −2..2, a few "don't know" at random, 2–9 s per answer. In English the item at
 * MISTRANSLATED_POSITION is answered the other way round, as a mistranslation would make it.
 */
function seedAnswers(sqlite: BetterSqlite, testId: string, list: { id: string; en: boolean }[]) {
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
