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

/** Adds `doc[to]`: the e-mail of the user whose id is `doc[from]` (an export's column beside the id). */
export async function populateEmails(db: Db, docs: Record<string, unknown>[], from: string, to: string) {
  const list = ids(docs, from);
  const rows = list.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, list)) : [];
  const by = new Map(rows.map((r) => [r.id, r.email]));
  for (const d of docs) d[to] = by.get(d[from] as string) ?? null;
}

/** Adds `doc[to]`: the names ({ru, en}) of the format whose code is `doc[from]`. */
export async function populateFormatNames(db: Db, docs: Record<string, unknown>[], from: string, to: string) {
  const codes = ids(docs, from);
  const rows = codes.length ? await db.select({ code: formats.code, name: formats.name }).from(formats).where(inArray(formats.code, codes)) : [];
  const by = new Map(rows.map((r) => [r.code, r.name]));
  for (const d of docs) d[to] = by.get(d[from] as string) ?? null;
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
