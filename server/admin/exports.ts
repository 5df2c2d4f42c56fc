// Back-office exports (/manager/exporting): users, results (with indicators and format) and
// payments, as CSV (UTF-8 with a BOM, for Excel) or XLSX (server/lib/spreadsheet.ts), with the
// same filters as the lists. What an export holds is its resource's declaration: `exportColumns`
// (key, heading, value kind), checked with the rest of it by server/admin/checks.ts. Rows are read
// in keyset batches and written as they come, so a large export never holds the whole file in
// memory. Each export is recorded with who made it.
import { and, asc, count, desc, eq, gt, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { exportsLog, users } from "../../db/schema";
import { createId } from "../lib/ids";
import { spreadsheetResponse, type Cell } from "../lib/spreadsheet";
import { wallClockIn } from "../lib/time-zone";
import { paged, parsePaging, parseMatch } from "../lib/listing";
import { transaction, type ManagerScope } from "../scope";
import { auditBy } from "./audit";
import { matchShape } from "./match";
import { badRequest } from "../lib/errors";
import { parseBulkIds } from "./bulk";
import { orderOf, populateDocs, whereOf, type Doc, type ExportColumn, type ResourceDef } from "./resource";
import { RESOURCES } from "./resources";

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

interface Source {
  /** the columns' headings (locale keys) */
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

/** The resource an export kind reads: the one declaring it, with its columns. */
export function exportedResource(kind: ExportKind): ResourceDef & { exportColumns: ExportColumn[] } {
  const def = RESOURCES.find((r) => r.exportKind === kind);
  if (!def?.exportColumns?.length) throw new Error(`no resource declares the export columns of "${kind}"`);
  return def as ResourceDef & { exportColumns: ExportColumn[] };
}

/** How a reader's export says values: their language (names, yes/no) and the operator's clock (TIME_ZONE). */
export interface ExportReader {
  locale: string;
  t(key: string): string;
  zone: string;
}

/** A column's value in a document, as a cell of its kind, in the words and on the clock of the reader. */
export function exportCell(col: ExportColumn, doc: Doc, reader: ExportReader): Cell {
  let v: unknown = doc;
  for (const part of col.key.split(".")) v = v != null && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
  if (v == null) return null;
  switch (col.kind) {
    case "date":
      return wallClockIn(v instanceof Date ? v : new Date(v as string | number), reader.zone);
    case "money":
      return (v as number) / 100;
    case "bool":
      return reader.t(v ? "manager.list.yes" : "manager.list.no");
    case "localized": {
      const names = v as Record<string, string | undefined>;
      return names[reader.locale === "en" ? "en" : "ru"] ?? names.ru ?? null;
    }
    default: {
      if (col.valueLabels && typeof v === "string") {
        // a stored value the list names in words ("paid" → "Оплачен"); an unknown one stays as stored
        const key = `${col.valueLabels}.${v}`;
        const said = reader.t(key);
        return said === key ? v : said;
      }
      return typeof v === "object" ? JSON.stringify(v) : (v as Cell);
    }
  }
}

function sourceOf(kind: ExportKind, req: ExportRequest, reader: ExportReader): { source: Source; filters: Record<string, unknown> } {
  const def = exportedResource(kind);
  const match = parseMatch(req.match, matchShape(def.filters)) as Record<string, unknown>;
  const where = and(whereOf(def, { match, q: req.q }), selected(def, req.ids));
  const order = sortOf(def, req.sort);
  const columns = def.exportColumns;
  return {
    filters: { match, q: req.q, sort: req.sort, ids: req.ids },
    source: {
      header: columns.map((c) => c.label),
      batch: async (db, after, offset) => {
        const rows = await db
          .select()
          .from(def.table)
          .where(and(where, !order && after ? gt(def.id, after) : undefined))
          .orderBy(...(order ?? [asc(def.id)]))
          .limit(BATCH)
          .offset(order ? offset : 0);
        const docs = rows.map((r) => def.toDoc(r));
        await populateDocs(db, def, docs, def.exportPopulate ?? []);
        return docs.map((d) => ({ id: d._id as string, cells: columns.map((c) => exportCell(c, d, reader)) }));
      },
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
  const { source, filters } = sourceOf(req.kind, req, { locale: scope.locale, t: (k) => scope.t(k), zone: scope.deps.config.TIME_ZONE }); // a bad filter fails here, before any byte
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
    header: source.header.map((key) => scope.t(key)),
    rows,
    headers: { "X-Export-Id": id },
    // Excel in the Russian locale splits a CSV on ";" and reads "990,5" as a number (as the cabinet's export)
    csv: scope.locale === "ru" ? { separator: ";", decimalComma: true } : undefined,
    // times on the operator's clock (the cells hold it already), as each language writes a date
    dateFormat: scope.locale === "ru" ? "dd.mm.yyyy hh:mm" : "yyyy-mm-dd hh:mm",
  });
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
