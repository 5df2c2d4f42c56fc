// Batch loaders for `populate`: one query per page of docs, never one per doc.
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formats, tests, users } from "../../db/schema";

const ids = (docs: Record<string, unknown>[], key: string) => [...new Set(docs.map((d) => d[key]).filter((v): v is string => typeof v === "string"))];

/** Replaces `doc[key]` (a format code) by {code, name}. */
export async function populateFormats(db: Db, docs: Record<string, unknown>[], key: string) {
  const codes = ids(docs, key);
  if (!codes.length) return;
  const rows = await db.select({ code: formats.code, name: formats.name }).from(formats).where(inArray(formats.code, codes));
  const by = new Map(rows.map((r) => [r.code, r]));
  for (const d of docs) if (typeof d[key] === "string") d[key] = by.get(d[key] as string) ?? d[key];
}

/** Replaces `doc[key]` (a user id) by {_id, email, name, confirmed}: the pages mark an address nobody confirmed. */
export async function populateUsers(db: Db, docs: Record<string, unknown>[], key: string) {
  const list = ids(docs, key);
  if (!list.length) return;
  const rows = await db
    .select({ _id: users.id, email: users.email, name: users.name, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(inArray(users.id, list));
  const by = new Map(rows.map(({ confirmedAt, ...r }) => [r._id, { ...r, confirmed: confirmedAt != null }]));
  for (const d of docs) if (typeof d[key] === "string") d[key] = by.get(d[key] as string) ?? d[key];
}

export async function populateTests(db: Db, docs: Record<string, unknown>[], key: string) {
  const list = ids(docs, key);
  if (!list.length) return;
  const rows = await db.select({ _id: tests.id, name: tests.name }).from(tests).where(inArray(tests.id, list));
  const by = new Map(rows.map((r) => [r._id, r]));
  for (const d of docs) if (typeof d[key] === "string") d[key] = by.get(d[key] as string) ?? d[key];
}

/** Every format's name by code, in the reader's language (what a format select shows beside each code). */
export async function formatNameMap(db: Db, locale: string): Promise<Map<string, string>> {
  const rows = await db.select({ code: formats.code, name: formats.name }).from(formats);
  return new Map(rows.map((r) => [r.code, (r.name as Record<string, string> | null)?.[locale] ?? (r.name as Record<string, string> | null)?.ru ?? ""]));
}
