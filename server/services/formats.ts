import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formats } from "../../db/schema";
import { notFound } from "../lib/errors";

export type FormatRow = typeof formats.$inferSelect;

export const toFormatDoc = (f: FormatRow) => ({
  _id: f.code,
  code: f.code,
  position: f.position,
  structure: f.structure,
  volume: f.volume,
  presentation: f.presentation,
  name: f.name,
  description: f.description,
});

export async function listFormats(db: Db) {
  return (await db.select().from(formats).orderBy(asc(formats.position))).map(toFormatDoc);
}

export async function getFormat(db: Db, code: string) {
  const [row] = await db.select().from(formats).where(eq(formats.code, code));
  if (!row) throw notFound();
  return toFormatDoc(row);
}
