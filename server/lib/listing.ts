// The shared list conventions: page/limit in, {docs, page, limit, total, pages} out, plus the
// `populate`, `exclude` and `match` query parameters. `match` is JSON whose keys must be on the
// resource's whitelist: it never reaches SQL as text.
import { z } from "zod";
import { badRequest } from "./errors";

export interface Paged<T> {
  docs: T[];
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export function pagingSchema(maxLimit: number, defaultLimit = Math.min(50, maxLimit)) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

/** page and limit from a query string; a 400 naming them, not a thrown ZodError (a 500), when they are not numbers in range. */
export function parsePaging(query: { page?: string; limit?: string }, maxLimit: number) {
  const paging = pagingSchema(maxLimit).safeParse({ page: query.page, limit: query.limit });
  if (!paging.success) throw badRequest("errors.badParam", { page: "page/limit" });
  return paging.data;
}

export function paged<T>(docs: T[], total: number, page: number, limit: number): Paged<T> {
  return { docs, page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

/** "a,b" or "a b" or ["a","b"] → set of names, each checked against `allowed`. */
export function parseNameList(value: string | undefined, allowed: readonly string[], param: string): Set<string> {
  const names = (value ?? "")
    .split(/[\s,]+/)
    .map((s) => s.replace(/^-/, ""))
    .filter(Boolean);
  for (const n of names) {
    if (!allowed.includes(n)) throw badRequest("errors.badParam", { [param]: n });
  }
  return new Set(names);
}

export function parseMatch<S extends z.ZodRawShape>(value: string | undefined, shape: S): Partial<z.infer<z.ZodObject<S>>> {
  if (!value) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw badRequest("errors.badParam", { match: "JSON" });
  }
  const parsed = z.object(shape).partial().strict().safeParse(json);
  if (!parsed.success) throw badRequest("errors.badParam", { match: parsed.error.issues.map((i) => i.path.join(".") || i.message).join(", ") });
  return parsed.data as Partial<z.infer<z.ZodObject<S>>>;
}

/** Drops excluded fields from an API document. */
export function omit<T extends Record<string, unknown>>(doc: T, exclude: Set<string>): Partial<T> {
  if (exclude.size === 0) return doc;
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !exclude.has(k))) as Partial<T>;
}
