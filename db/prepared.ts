// Hot queries as prepared statements: drizzle builds the SQL once per database instead of on
// every request (building is most of a small query's cost). A statement belongs to the database
// it was prepared on, so each is cached per `Db`; both drivers support `.prepare()`.
// `get` answers undefined for no row, on both drivers.
import type { Db } from "./client";

export function prepared<S>(build: (db: Db) => S): (db: Db) => S {
  const cache = new WeakMap<Db, S>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) cache.set(db, (statement = build(db)));
    return statement;
  };
}
