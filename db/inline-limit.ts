// drizzle binds every `.limit(n)` as a parameter, and with SQLite as better-sqlite3 builds it
// (3.53, STAT4) a statement with a bound LIMIT costs about a fresh compile on every run: the
// session lookup that every signed-in request makes took 103 µs with `limit ?` and 10 µs with
// `limit 1` (an OFFSET parameter costs nothing). So an integer limit is written into the SQL text;
// a placeholder limit is still bound. Imported once by db/client.ts, before any query is built.
import { sql } from "drizzle-orm";
import { SQLiteDialect } from "drizzle-orm/sqlite-core";

type WithBuildLimit = { buildLimit(limit: unknown): unknown };
const proto = SQLiteDialect.prototype as unknown as WithBuildLimit;
const bindLimit = proto.buildLimit;
proto.buildLimit = function (limit: unknown) {
  // only a safe integer is written into SQL text; anything else keeps drizzle's binding
  if (typeof limit === "number" && Number.isSafeInteger(limit) && limit >= 0) return sql` limit ${sql.raw(String(limit))}`;
  return bindLimit.call(this, limit);
};
