// Back-office exports (/manager/exporting): users, results (with indicators and format) and
// payments, as CSV (UTF-8 with a BOM, for Excel) or XLSX (server/lib/spreadsheet.ts), with the
// same filters as the lists. Rows are read in keyset batches and written as they come, so a large
// export never holds the whole file in memory. Each export is recorded with who made it.
import { and, asc, count, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { exportsLog, formats, orders, results, users } from "../../db/schema";
import { createId } from "../lib/ids";
import { spreadsheetResponse, type Cell } from "../lib/spreadsheet";
import { paged, parsePaging, parseMatch } from "../lib/listing";
import { transaction, type ManagerScope } from "../scope";
import { auditBy } from "./audit";
import { matchShape, matchWhere, type Filters } from "./match";
import { whereOf } from "./resource";
import { userResource } from "./resources/users";
import { resultResource } from "./resources/results";

export const EXPORT_KINDS = ["users", "results", "payments"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
const BATCH = 1000;

const paymentFilters: Filters = {
  state: { kind: "enum", column: orders.state, values: ["pending", "paid", "failed", "cancelled"] },
  method: { kind: "enum", column: orders.method, values: ["card", "invoice", "coupon"] },
  entityType: { kind: "enum", column: orders.entityType, values: ["report", "invites"] },
  createdAt: { kind: "date", column: orders.createdAt },
};

export const exportSchema = z.object({
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(["csv", "xlsx"]),
  match: z.string().max(4000).optional(),
  q: z.string().max(200).optional(),
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
const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Source {
  header: string[];
  /** the batch after `after` (an id), in id order */
  batch(db: Db, after: string | null): Promise<{ id: string; cells: Cell[] }[]>;
}

function sourceOf(kind: ExportKind, req: ExportRequest): { source: Source; filters: Record<string, unknown> } {
  if (kind === "users") {
    const match = parseMatch(req.match, matchShape(userResource.filters)) as Record<string, unknown>;
    const where = whereOf(userResource, { match, q: req.q });
    return {
      filters: { match, q: req.q },
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
        batch: async (db, after) =>
          (
            await db
              .select()
              .from(users)
              .where(and(where, after ? gt(users.id, after) : undefined))
              .orderBy(asc(users.id))
              .limit(BATCH)
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
    const conds = matchWhere(resultResource.filters, match);
    return {
      filters: { match },
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
        batch: async (db, after) =>
          (
            await db
              .select({ r: results, email: users.email, name: formats.name })
              .from(results)
              .innerJoin(users, eq(users.id, results.userId))
              .leftJoin(formats, eq(formats.code, results.formatCode))
              .where(and(...conds, after ? gt(results.id, after) : undefined))
              .orderBy(asc(results.id))
              .limit(BATCH)
          ).map(({ r, email, name }) => ({
            id: r.id,
            cells: [
              r.id,
              r.userId,
              email,
              r.isCompleted,
              r.formatCode,
              name?.ru ?? null,
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
  const match = parseMatch(req.match, matchShape(paymentFilters)) as Record<string, unknown>;
  const conds = matchWhere(paymentFilters, match);
  return {
    filters: { match },
    source: {
      header: ["_id", "user", "email", "entityType", "quantity", "amount", "currency", "method", "state", "invoiceNumber", "createdAt", "paidAt"],
      batch: async (db, after) =>
        (
          await db
            .select({ o: orders, email: users.email })
            .from(orders)
            .innerJoin(users, eq(users.id, orders.userId))
            .where(and(...conds, after ? gt(orders.id, after) : undefined))
            .orderBy(asc(orders.id))
            .limit(BATCH)
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
    const batch = await source.batch(db, after);
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
  const { source, filters } = sourceOf(req.kind, req); // a bad filter fails here, before any byte
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
    header: source.header,
    rows,
    headers: { "X-Export-Id": id },
  });
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
