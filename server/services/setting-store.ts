import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { settings } from "../../db/schema";

// read on every landing and /api/total
const settingByKey = prepared((db) =>
  db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder("key")))
    .prepare(),
);

/** Writes made through this process, per database: a reader that keeps a value compares it. */
const localWrites = new WeakMap<Db, number>();
export const settingsWritesHere = (db: Db) => localWrites.get(db) ?? 0;
const wrote = (db: Db) => localWrites.set(db, settingsWritesHere(db) + 1);

export async function getSetting<V>(db: Db, key: string, fallback: V): Promise<V> {
  const row = await settingByKey(db).get({ key });
  return row ? (row.value as V) : fallback;
}

export async function setSetting(db: Db, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  wrote(db);
}

/** Adds `by` to a numeric setting in one statement, so concurrent completions never lose a count. */
export async function incrementSetting(db: Db, key: string, by = 1) {
  await db
    .insert(settings)
    .values({ key, value: by })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`coalesce(${settings.value}, 0) + ${by}`, updatedAt: new Date() } });
  wrote(db);
}
