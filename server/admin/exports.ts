// Back-office exports (/manager/exporting): users, results (with indicators and format) and
// payments, as CSV (UTF-8 with a BOM, for Excel) or XLSX (server/lib/spreadsheet.ts), with the
// same filters as the lists. Rows are read in keyset batches and written as they come, so a large
// export never holds the whole file in memory. Each export is recorded with who made it.
import { and, asc, count, desc, eq, gt, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { exportsLog, formats, orders, results, users } from "../../db/schema";
import { createId } from "../lib/ids";
import { spreadsheetResponse, type Cell } from "../lib/spreadsheet";
import { paged, parsePaging, parseMatch } from "../lib/listing";
import { transaction, type ManagerScope } from "../scope";
import { auditBy } from "./audit";
import { matchShape } from "./match";
import { badRequest } from "../lib/errors";
import { parseBulkIds } from "./bulk";
import { orderOf, whereOf, type ResourceDef } from "./resource";
import { orderResource } from "./resources/orders";
import { userResource } from "./resources/users";
import { resultResource } from "./resources/results";

export const EXPORT_KINDS = ["users", "results", "payments"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
const BATCH = 1000;

export const exportSchema = z.object({
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(["csv", "xlsx"]),
  match: z.string().max(4000).optional(),
  q: z.string().max(200).optional(),
  /** the list's sort (`email`, `-createdAt`), one of its declaration's sortable keys */
  sort: z.string().max(40).optional(),
  /** the ticked records only (a list's "export the selection"), comma-separated */
  ids: z.string().max(6000).optional(),
});
export type ExportRequest = z.infer<typeof exportSchema>;

const IND = [
  "system",
  "analytics",
  "volume",
  "presentation",
  "harmony",
  "anxiety",
  "ME_SYSTEM",
  "ME_ANALYT",
  "WE_SYSTEM",
  "WE_ANALYT",
  "WR_SYSTEM",
  "WR_ANALYT",
];
/** Dates go out as dates: Excel date cells in XLSX, ISO 8601 in CSV. */
const iso = (d: Date | null) => d;

interface Source {
  /** the columns' keys; their headings are translated (manager.fields.<key>, else manager.exports.columns.<key>) */
  header: string[];
  /** the batch after `after` (an id, in id order) or, sorted as the list was, the batch at that offset */
  batch(db: Db, after: string | null, offset: number): Promise<{ id: string; cells: Cell[] }[]>;
}

/** The order of the list the export came from, or id order (keyset batches) without one. */
function sortOf(def: ResourceDef, sort: string | undefined): SQL[] | null {
  if (!sort) return null;
  if (!Object.hasOwn(def.sortable, sort.replace(/^-/, ""))) throw badRequest("errors.badParam", { sort });
  return orderOf(def, sort);
}

/** Where the selection narrows the export to the ticked records. */
const selected = (def: ResourceDef, ids: string | undefined) => (ids ? inArray(def.id, parseBulkIds(ids)) : undefined);

function sourceOf(kind: ExportKind, req: ExportRequest, locale: string): { source: Source; filters: Record<string, unknown> } {
  if (kind === "users") {
    const match = parseMatch(req.match, matchShape(userResource.filters)) as Record<string, unknown>;
    const where = and(whereOf(userResource, { match, q: req.q }), selected(userResource, req.ids));
    const order = sortOf(userResource, req.sort);
    return {
      filters: { match, q: req.q, sort: req.sort, ids: req.ids },
      source: {
        header: [
          "_id",
          "email",
          "name",
          "phone",
          "birthday",
          "city",
          "gender",
          "role",
          "format",
          "isActive",
          "isBusiness",
          "isCompleted",
          "isFull",
          "balance",
          "createdAt",
        ],
        batch: async (db, after, offset) =>
          (
            await db
              .select()
              .from(users)
              .where(and(where, !order && after ? gt(users.id, after) : undefined))
              .orderBy(...(order ?? [asc(users.id)]))
              .limit(BATCH)
              .offset(order ? offset : 0)
          ).map((u) => ({
            id: u.id,
            cells: [
              u.id,
              u.email,
              u.name,
              u.phone,
              u.birthday,
              u.city,
              u.gender,
              u.role,
              u.formatCode,
              u.isActive,
              u.isBusiness,
              u.isCompleted,
              u.isFull,
              u.balance,
              iso(u.createdAt),
            ],
          })),
      },
    };
  }
  if (kind === "results") {
    const match = parseMatch(req.match, matchShape(resultResource.filters)) as Record<string, unknown>;
    const where = and(whereOf(resultResource, { match, q: req.q }), selected(resultResource, req.ids));
    const order = sortOf(resultResource, req.sort);
    return {
      filters: { match, q: req.q, sort: req.sort, ids: req.ids },
      source: {
        header: [
          "_id",
          "user",
          "email",
          "isCompleted",
          "format",
          "formatName",
          "probability",
          "runnerUp",
          "isCorrect",
          "isDoubt",
          "grade",
          "modelVersion",
          ...IND,
          "createdAt",
          "completedAt",
        ],
        batch: async (db, after, offset) =>
          (
            await db
              .select({ r: results, email: users.email, name: formats.name })
              .from(results)
              .innerJoin(users, eq(users.id, results.userId))
              .leftJoin(formats, eq(formats.code, results.formatCode))
              .where(and(where, !order && after ? gt(results.id, after) : undefined))
              .orderBy(...(order ?? [asc(results.id)]))
              .limit(BATCH)
              .offset(order ? offset : 0)
          ).map(({ r, email, name }) => ({
            id: r.id,
            cells: [
              r.id,
              r.userId,
              email,
              r.isCompleted,
              r.formatCode,
              name?.[locale === "en" ? "en" : "ru"] ?? name?.ru ?? null,
              r.probability,
              r.runnerUpCode,
              r.isCorrect,
              r.isDoubt,
              r.quality?.grade ?? null,
              r.modelVersion,
              ...IND.map((k) => (r.indicators as Record<string, number> | null)?.[k] ?? null),
              iso(r.createdAt),
              iso(r.completedAt),
            ],
          })),
      },
    };
  }
  // the orders list's filters and search (state, method, coupon, referral, dates, e-mail…)
  const match = parseMatch(req.match, matchShape(orderResource.filters)) as Record<string, unknown>;
  const conds = [whereOf(orderResource, { match, q: req.q })];
  const ids = selected(orderResource, req.ids);
  const order = sortOf(orderResource, req.sort);
  return {
    filters: { match, q: req.q, sort: req.sort, ids: req.ids },
    source: {
      header: ["_id", "user", "email", "entityType", "quantity", "amount", "currency", "method", "state", "invoiceNumber", "createdAt", "paidAt"],
      batch: async (db, after, offset) =>
        (
          await db
            .select({ o: orders, email: users.email })
            .from(orders)
            .innerJoin(users, eq(users.id, orders.userId))
            .where(and(...conds, ids, !order && after ? gt(orders.id, after) : undefined))
            .orderBy(...(order ?? [asc(orders.id)]))
            .limit(BATCH)
            .offset(order ? offset : 0)
        ).map(({ o, email }) => ({
          id: o.id,
          cells: [
            o.id,
            o.userId,
            email,
            o.entityType,
            o.quantity,
            o.amount / 100,
            o.currency,
            o.method,
            o.state,
            o.invoiceNumber,
            iso(o.createdAt),
            iso(o.paidAt),
          ],
        })),
    },
  };
}

async function* rowsOf(db: Db, source: Source, onCount: (n: number) => void) {
  let after: string | null = null;
  let n = 0;
  for (;;) {
    const batch = await source.batch(db, after, n);
    for (const row of batch) yield row.cells;
    n += batch.length;
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  onCount(n);
}

/** Starts an export: records it and answers with the file as a stream. */
export async function streamExport(scope: ManagerScope, req: ExportRequest): Promise<Response> {
  const db = scope.db;
  const { source, filters } = sourceOf(req.kind, req, scope.locale); // a bad filter fails here, before any byte
  const id = createId();
  await transaction(scope, async (tx) => {
    await tx.db.insert(exportsLog).values({ id, managerId: tx.user.id, kind: req.kind, format: req.format, filters });
    await auditBy(tx, { action: "exports.create", entity: "exports", entityId: id, changes: { kind: req.kind, format: req.format, filters } });
  });
  const finish = (rows: number) => db.update(exportsLog).set({ rows, finishedAt: new Date() }).where(eq(exportsLog.id, id));
  const rows = rowsOf(db, source, (n) => void finish(n).catch(() => {}));
  return spreadsheetResponse({
    format: req.format,
    name: `${req.kind}-${new Date().toISOString().slice(0, 10)}`,
    sheet: req.kind,
    header: source.header.map((key) => exportHeading(scope.t, key)),
    rows,
    headers: { "X-Export-Id": id },
  });
}

/** A column's heading in the manager's language. */
export function exportHeading(t: (key: string) => string, key: string) {
  const field = `manager.fields.${key}`;
  const own = t(field);
  return own !== field ? own : t(`manager.exports.columns.${key}`);
}

/** A past export made again: the same kind, format, filters, search, sort and selection, over the data as it is now. */
export async function repeatExport(scope: ManagerScope, id: string): Promise<Response> {
  const [row] = await scope.db.select().from(exportsLog).where(eq(exportsLog.id, id)).limit(1);
  if (!row) throw badRequest("errors.badRequest");
  const f = (row.filters ?? {}) as { match?: unknown; q?: string; sort?: string; ids?: string };
  const match = f.match && Object.keys(f.match as object).length ? JSON.stringify(f.match) : undefined;
  return streamExport(
    scope,
    exportSchema.parse({ kind: row.kind, format: row.format, match, q: f.q || undefined, sort: f.sort || undefined, ids: f.ids || undefined }),
  );
}

/** Past exports, newest first, with who made them. */
export async function listExports(db: Db, query: Record<string, string | undefined>) {
  const { page, limit } = parsePaging(query, 200);
  const [rows, [total]] = await Promise.all([
    db
      .select({ e: exportsLog, email: users.email, name: users.name })
      .from(exportsLog)
      .leftJoin(users, eq(users.id, exportsLog.managerId))
      .orderBy(desc(exportsLog.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(exportsLog),
  ]);
  return paged(
    rows.map(({ e, email, name }) => ({
      _id: e.id,
      kind: e.kind,
      format: e.format,
      filters: e.filters,
      rows: e.rows,
      manager: { _id: e.managerId, email, name },
      createdAt: e.createdAt,
      finishedAt: e.finishedAt,
    })),
    total!.n,
    page,
    limit,
  );
}
