// db/inline-limit.ts writes an integer LIMIT into the SQL text (SQLite recompiles a statement whose
// bound LIMIT changes the plan: every `.limit(1)` paid a second compile). If a drizzle upgrade
// renames what it patches, this fails instead of the app silently getting slower.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { users } from "../../db/schema";

describe("integer limits in SQL text", () => {
  it("writes a number limit into the statement and still binds a placeholder limit", async () => {
    const { db, close } = await openDatabase(":memory:");
    try {
      const literal = db.select({ id: users.id }).from(users).limit(25).offset(50).toSQL();
      expect(literal.sql).toMatch(/ limit 25 offset \?$/);
      expect(literal.params).toEqual([50]);
      const bound = db.select({ id: users.id }).from(users).limit(sql.placeholder("n")).toSQL();
      expect(bound.sql).toMatch(/ limit \?$/);
      // a limit that is not a safe integer is never written into SQL text
      expect(db.select({ id: users.id }).from(users).limit(2.5).toSQL().sql).toMatch(/ limit \?$/);
    } finally {
      await close();
    }
  });
});
