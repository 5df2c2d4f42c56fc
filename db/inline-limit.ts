// SQLite re-prepares a statement whenever a bound LIMIT value changes what its planner may do (3.4x
// with STAT4, as better-sqlite3 and libSQL build it), and drizzle binds every `.limit(n)` as a
// parameter: so every `.limit(1)` paid a second compile on each run. The session lookup that every
// signed-in request makes took 103 µs instead of 10. Here an integer limit is written into the SQL
// text instead (a prepared statement keeps its plan); a placeholder limit is still bound.
// Imported once by db/client.ts, before any query is built.
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
