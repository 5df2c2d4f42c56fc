// What a resource's `match` accepts: each key is declared with a kind, and each kind allows a
// fixed set of operators. The zod shape built here goes to listing.ts's `parseMatch`, which
// refuses unknown keys and (objects being strict) unknown operators; values reach SQL only as
// parameters through drizzle's operators.
import { eq, getTableName, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { idSchema } from "../lib/ids";

export type FilterDef =
  /** exact value, or {$regex: "part"} (a case-insensitive "contains", no pattern syntax) */
  | { kind: "text"; column: SQLWrapper }
  | { kind: "bool"; column: SQLWrapper }
  /** one value or {$in: [...]} */
  | { kind: "enum"; column: SQLWrapper; values: readonly [string, ...string[]] }
  /** {$gte, $lte}: ISO dates or date-times (a date alone is the whole day for $lte) */
  | { kind: "date"; column: SQLWrapper }
  /** a number or {$gte, $lte} */
  | { kind: "number"; column: SQLWrapper }
  /** a 24-hex id */
  | { kind: "id"; column: SQLWrapper };

export type Filters = Record<string, FilterDef>;

const day = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const text = z.string().max(200);

function schemaOf(f: FilterDef): z.ZodType {
  switch (f.kind) {
    case "text":
      return z.union([text, z.object({ $regex: text }).strict()]);
    case "bool":
      return z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
    case "enum":
      return z.union([z.enum(f.values), z.object({ $in: z.array(z.enum(f.values)).min(1).max(50) }).strict()]);
    case "date":
      return z.object({ $gte: day.optional(), $lte: day.optional() }).strict();
    case "number":
      return z.union([z.number(), z.object({ $gte: z.number().optional(), $lte: z.number().optional() }).strict()]);
    case "id":
      return idSchema();
  }
}

/** The zod shape of a resource's `match` (for `parseMatch`). */
export function matchShape(filters: Filters): z.ZodRawShape {
  return Object.fromEntries(Object.entries(filters).map(([k, f]) => [k, schemaOf(f)]));
}

/**
 * An FTS5 trigram table over some text columns of a table (same column names), kept in step by
 * triggers (see the users_search migration). A "contains" of three or more characters is then an
 * index lookup instead of a LIKE over every row (100,000 users: a scan costs tens of ms).
 */
export interface TrigramIndex {
  table: string;
  columns: readonly SQLiteColumn[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
const likeContains = (column: SQLWrapper, part: string) => sql`${column} like ${`%${escapeLike(part)}%`} escape '\\'`;
/** FTS5 query syntax: a phrase in double quotes (doubled inside), optionally limited to columns. */
const phrase = (part: string) => `"${part.replace(/"/g, '""')}"`;

function indexed(index: TrigramIndex | undefined, columns: readonly SQLWrapper[], part: string): SQL | undefined {
  // the trigram tokenizer cannot match fewer than three characters
  if (!index || [...part].length < 3 || !columns.every((c) => index.columns.includes(c as SQLiteColumn))) return undefined;
  const owner = sql.identifier(getTableName(index.columns[0]!.table));
  const names = (columns as SQLiteColumn[]).map((c) => c.name).join(" ");
  const query = columns.length === index.columns.length ? phrase(part) : `{${names}} : ${phrase(part)}`;
  return sql`${owner}.rowid in (select rowid from ${sql.identifier(index.table)} where ${sql.identifier(index.table)} match ${query})`;
}

/** A case-insensitive "contains" of `part` (no pattern syntax), through the trigram index when there is one. */
export const contains = (column: SQLWrapper, part: string, index?: TrigramIndex) => indexed(index, [column], part) ?? likeContains(column, part);
const endOfDay = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T23:59:59.999Z`) : new Date(v));

/** A parsed match object → SQL conditions. */
export function matchWhere(filters: Filters, match: Record<string, unknown>, index?: TrigramIndex): SQL[] {
  const out: SQL[] = [];
  for (const [key, value] of Object.entries(match)) {
    const f = filters[key];
    if (!f || value === undefined) continue;
    const col = f.column as never;
    switch (f.kind) {
      case "text": {
        if (typeof value === "string") out.push(eq(col, value));
        else out.push(contains(f.column, (value as { $regex: string }).$regex, index));
        break;
      }
      case "bool":
        out.push(eq(col, value as boolean));
        break;
      case "enum":
        if (typeof value === "string") out.push(eq(col, value));
        else out.push(inArray(col, (value as { $in: string[] }).$in));
        break;
      case "date": {
        const v = value as { $gte?: string; $lte?: string };
        if (v.$gte) out.push(gte(col, new Date(v.$gte)));
        if (v.$lte) out.push(lte(col, endOfDay(v.$lte)));
        break;
      }
      case "number": {
        if (typeof value === "number") out.push(eq(col, value));
        else {
          const v = value as { $gte?: number; $lte?: number };
          if (v.$gte !== undefined) out.push(gte(col, v.$gte));
          if (v.$lte !== undefined) out.push(lte(col, v.$lte));
        }
        break;
      }
      case "id":
        out.push(eq(col, value as string));
        break;
    }
  }
  return out;
}

/** `q`: a "contains" over the resource's searchable columns, or any of its own conditions (`{ match }`). */
export function searchWhere(
  search: readonly (SQLWrapper | { match(part: string): SQL })[] | undefined,
  q: string | undefined,
  index?: TrigramIndex,
): SQL | undefined {
  const part = q?.trim().slice(0, 200);
  if (!search?.length || !part) return undefined;
  const columns = search.filter((s): s is SQLWrapper => !("match" in s));
  const own = search.filter((s): s is { match(part: string): SQL } => "match" in s).map((s) => s.match(part));
  const byColumns = columns.length ? (indexed(index, columns, part) ?? or(...columns.map((c) => likeContains(c, part)))) : undefined;
  return or(...[byColumns, ...own].filter((c): c is SQL => c !== undefined));
}
