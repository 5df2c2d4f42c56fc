// Searching people by name: SQLite's lower() and LIKE fold ASCII only, so the names are folded
// into `employees.name_key` by a trigger (migration 0019) and the query is folded here the same
// way — lower case, Cyrillic included, ё as е — then matched with LIKE (ASCII case no longer matters).

/** A name or a query as the search key stores it. */
export const searchKey = (s: string) => s.toLowerCase().replace(/ё/g, "е");

/** `%query%` for LIKE, the query folded and its wildcards dropped (a search is a plain "contains"). */
export const containsPattern = (q: string) => `%${searchKey(q).replace(/[%_\\]/g, "")}%`;
