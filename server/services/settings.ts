import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";

export async function getSetting<V>(db: Db, key: string, fallback: V): Promise<V> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? (row.value as V) : fallback;
}

/** Adds `by` to a numeric setting in one statement, so concurrent completions never lose a count. */
export async function incrementSetting(db: Db, key: string, by = 1) {
  await db
    .insert(settings)
    .values({ key, value: by })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`coalesce(${settings.value}, 0) + ${by}`, updatedAt: new Date() } });
}
