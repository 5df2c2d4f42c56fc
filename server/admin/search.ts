// The back-office's one search box (/manager/search, "/" or Ctrl+K on any screen): the text looked
// up in every resource that declares a `search` and that this manager may read, a few records of
// each by name, with how many matched and a link to the whole list with the same text.
import type { Db } from "../../db/client";
import type { Locale } from "../../locales";
import type { UserRow } from "../services/users";
import { listResource, parseListQuery, type ResourceDef } from "./resource";
import { RESOURCES } from "./resources";
import { mayOpen } from "./roles";

/** Records shown per resource; the rest are one click away in its list. */
export const SEARCH_SHOWN = 5;

export interface SearchGroup {
  resource: ResourceDef;
  total: number;
  hits: { id: string; name: string }[];
}

export async function searchBackOffice(db: Db, user: Pick<UserRow, "managerRole">, text: string, locale: Locale): Promise<SearchGroup[]> {
  const q = text.trim().slice(0, 200);
  if (!q) return [];
  const searched = RESOURCES.filter((def) => def.search?.length && mayOpen(user, `/manager/${def.pagePath}`));
  const groups = await Promise.all(
    searched.map(async (def) => {
      // what names a record (a result by its person's e-mail) may need a populated field
      const query = parseListQuery(def, { limit: String(SEARCH_SHOWN), q, populate: (def.detailPopulate ?? []).join(",") || undefined });
      const list = await listResource(db, def, query);
      return {
        resource: def,
        total: list.total,
        hits: list.docs.map((d) => ({ id: String(d._id), name: def.recordRepresentation?.(d, locale) ?? String(d._id) })),
      };
    }),
  );
  return groups.filter((g) => g.total > 0);
}
