// A declaration's list as its page asks for it (routes/manager/resource/list.tsx): the URL's search
// box, filter fields, sort and paging → the same checked query as the list API (`parseListQuery`),
// and the page of documents with what the page needs to say about it (filtered or not, a page
// beyond the end, a filter the list does not accept). No HTTP here: a URL in, data out.
import { AppError } from "../lib/errors";
import { pagingSchema, type Paged } from "../lib/listing";
import type { ManagerScope } from "../scope";
import { listResource, parseListQuery, type Doc, type ListQuery, type ResourceDef } from "./resource";

/** The list page's filter fields (and a `match` JSON, for links made by other screens) → a `match` object. */
export function matchFromSearch(def: Pick<ResourceDef, "filters" | "filterForm">, url: URL): Record<string, unknown> {
  const raw = url.searchParams.get("match");
  const match: Record<string, unknown> = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  for (const key of def.filterForm ?? []) {
    const f = def.filters[key];
    if (!f) continue;
    if (f.kind === "date") {
      const from = url.searchParams.get(`${key}.from`);
      const to = url.searchParams.get(`${key}.to`);
      if (from || to) match[key] = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
      continue;
    }
    const v = url.searchParams.get(key);
    if (!v) continue;
    match[key] = f.kind === "bool" ? v === "true" : f.kind === "text" ? { $regex: v } : v;
  }
  return match;
}

export type ListRequest = { query: ListQuery; error: null; filtered: boolean } | { query: null; error: string; q: string; sort: string };

/** The URL of a list page → its checked query, or the message key of what is wrong with it. */
export function listQueryOf(def: ResourceDef, url: URL, fixed: Record<string, unknown> = {}): ListRequest {
  const q = url.searchParams.get("q") ?? "";
  const sort = url.searchParams.get("sort") || def.defaultSort;
  const page = url.searchParams.get("page") ?? undefined;
  const limit = url.searchParams.get("limit") ?? undefined;
  // a page size or page out of range is said as such, not blamed on the filter
  if (!pagingSchema(200).safeParse({ page, limit }).success) return { query: null, error: "manager.list.badPaging", q, sort: def.defaultSort };
  try {
    const asked = matchFromSearch(def, url);
    const match = { ...asked, ...fixed };
    const filtered = Boolean(q.trim()) || Object.keys(asked).length > 0;
    return { query: parseListQuery(def, { page, limit, sort, q, match: JSON.stringify(match) }), error: null, filtered };
  } catch (e) {
    if (e instanceof SyntaxError || (e instanceof AppError && e.status === 400))
      return { query: null, error: "manager.list.badFilter", q, sort: def.defaultSort };
    throw e;
  }
}

export interface ListPage {
  list: Paged<Doc> | null;
  /** a locale key */
  error: string | null;
  match: Record<string, unknown>;
  sort: string;
  q: string;
  /** a search or a filter narrows it: an empty list then says nothing matches, with a reset */
  filtered: boolean;
}

/** A page of the list for its page, populated as the declaration's list wants. */
export async function listPage(scope: ManagerScope, def: ResourceDef, req: ListRequest, populate: string[] = def.listPopulate ?? []): Promise<ListPage> {
  if (!req.query) return { list: null, error: req.error, match: {}, sort: req.sort, q: req.q, filtered: true };
  const query = { ...req.query, populate: new Set([...req.query.populate, ...populate]) };
  const list = (await listResource(scope.db, def, query)) as Paged<Doc>;
  return {
    list,
    error: null,
    match: query.match,
    sort: query.sort,
    q: query.q ?? "",
    filtered: req.filtered,
  };
}

/** The sorts a list offers, ascending and descending for each sortable key (the phone's sort select). */
export function sortOptions(def: ResourceDef) {
  return Object.keys(def.sortable).flatMap((key) => [
    { key, value: key, desc: false },
    { key, value: `-${key}`, desc: true },
  ]);
}
