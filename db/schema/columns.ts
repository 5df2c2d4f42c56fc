// What every section of the schema shares: the localized text type and the column helpers.
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

export type Localized = { ru: string; en: string; ch?: string };

export const id = () => text().primaryKey();
export const createdAt = () => integer({ mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
export const bool = () => integer({ mode: "boolean" }).notNull().default(false);
