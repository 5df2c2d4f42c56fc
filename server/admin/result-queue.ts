// The rechecker's queue and the results' filter list: the lists of the results resource that its
// declaration (resources/results.ts) cannot express alone. Apart from results.ts, whose commands the
// declaration calls, so the declaration and the commands never import each other.
import { and, asc, count, desc, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { RECHECK_PREDICATE, results } from "../../db/schema";
import { badRequest } from "../lib/errors";
import { omit, paged, type Paged } from "../lib/listing";
import { populateFormats, populateUsers } from "./populate";
import { orderOf, parseListQuery, populateDocs, whereOf, type Doc, type ListQuery, type ResourceDef } from "./resource";
import { resultResource } from "./resources/results";
import { LOW_PROBABILITY, ruleFormatSql } from "./results";

/**
 * The rechecker's list: by default its queue only (the results the side bar counts: complete, not
 * confirmed, in doubt or of low probability); with `all`, every result. Disagreements first, then
 * low top probabilities, then in-progress, then the rest.
 */
export async function recheckQueue(db: Db, q: ListQuery, opts: { all?: boolean } = {}) {
  const rule = ruleFormatSql;
  const priority = sql<number>`case
    when ${results.isCorrect} = 1 then 4
    when ${results.indicators} is not null and ${rule} <> ${results.formatCode} then 0
    when ${results.probability} < ${LOW_PROBABILITY} then 1
    when ${results.isCompleted} = 0 then 2
    else 3 end`;
  // the queue's condition is the side bar's, so the two counts agree (and its partial index serves it)
  const where = whereOf(resultResource, q, opts.all ? [] : [sql.raw(RECHECK_PREDICATE)]);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: results, rule, priority })
      .from(results)
      .where(where)
      .orderBy(asc(priority), asc(results.probability), desc(results.createdAt))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(results).where(where),
  ]);
  const docs = rows.map(({ r, rule: ruleCode, priority: p }) => ({
    _id: r.id,
    user: r.userId as unknown,
    fm: r.formatCode as unknown,
    rule: ruleCode,
    probability: r.probability,
    runnerUp: r.runnerUpCode,
    grade: r.quality?.grade ?? null,
    flags: r.quality?.flags ?? [],
    isCompleted: r.isCompleted,
    isCorrect: r.isCorrect,
    isDoubt: r.isDoubt,
    reason: (["disagree", "lowProbability", "inProgress", "rest", "confirmed"] as const)[Number(p)] ?? "rest",
    createdAt: r.createdAt,
  }));
  await populateUsers(db, docs, "user");
  await populateFormats(db, docs, "fm");
  return paged(docs, total!.n, q.page, q.limit);
}

/** The first result of the rechecker's queue other than `after` that no manager has confirmed: where
 * a manager goes after deciding on one; null when the queue is done. */
export async function nextInQueue(db: Db, after: string): Promise<string | null> {
  const q = { page: 1, limit: 1, sort: "-createdAt", populate: new Set<string>(), exclude: new Set<string>(), match: { isCorrect: false } };
  const rule = ruleFormatSql;
  const priority = sql<number>`case
    when ${results.indicators} is not null and ${rule} <> ${results.formatCode} then 0
    when ${results.probability} < ${LOW_PROBABILITY} then 1
    when ${results.isCompleted} = 0 then 2
    else 3 end`;
  const [row] = await db
    .select({ id: results.id })
    .from(results)
    .where(and(whereOf(resultResource as never, q), ne(results.id, after)))
    .orderBy(asc(priority), asc(results.probability), desc(results.createdAt))
    .limit(1);
  return row?.id ?? null;
}

const MAX_FILTER_DEPTH = 16;

/** Whether `value` nests objects or arrays more than `limit` deep (iteratively: no recursion to overflow). */
function deeperThan(value: unknown, limit: number) {
  let level: unknown[] = [value];
  for (let depth = 0; level.length; depth++) {
    if (depth > limit) return true;
    level = level.flatMap((v) => (v !== null && typeof v === "object" ? Object.values(v as object) : []));
  }
  return false;
}

/** POST filter-list: the filter in the body (`match` or the filter keys themselves); adds newCount,
 * the matching complete results no manager has confirmed yet. */
export function filterListQuery(body: Record<string, unknown>): ListQuery {
  const { page, limit, sort, populate, exclude, q, match, ...rest } = body;
  // a filter is a few levels deep; a body nested thousands deep would overflow JSON.stringify (a 500)
  if (deeperThan(match ?? rest, MAX_FILTER_DEPTH)) throw badRequest("errors.badParam", { match: "common.errors.badParam" });
  const str = (v: unknown) => (v == null ? undefined : Array.isArray(v) ? v.join(",") : String(v));
  return parseListQuery(resultResource, {
    page: str(page),
    limit: str(limit),
    sort: str(sort),
    populate: str(populate),
    exclude: str(exclude),
    q: str(q),
    match: JSON.stringify(match ?? rest),
  });
}

/** filter-list: the page, and in one counting pass over the same filter both the total and
 * newCount (the matching complete results no manager has confirmed yet). */
export async function filterList(db: Db, q: ListQuery): Promise<Paged<Partial<Doc>> & { newCount: number }> {
  const def = resultResource as unknown as ResourceDef;
  const where = whereOf(def, q);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(results)
      .where(where)
      .orderBy(...orderOf(def, q.sort))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: count(), fresh: sql<number>`coalesce(sum(case when ${results.isCompleted} = 1 and ${results.isCorrect} = 0 then 1 else 0 end), 0)` })
      .from(results)
      .where(where),
  ]);
  const docs: Doc[] = rows.map((r) => def.toDoc(r));
  await populateDocs(db, def, docs, q.populate);
  return {
    ...paged(
      docs.map((d) => omit(d, q.exclude)),
      counts!.n,
      q.page,
      q.limit,
    ),
    newCount: Number(counts!.fresh),
  };
}
