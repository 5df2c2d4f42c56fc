// What the audit's entries are about, as the back-office names them: each record's kind and name
// ("Coupon AUTUMN25", not "coupons 6b07…") and its current document, by which a change's values are
// shown in the record's own terms (a coupon's amount in percent or rubles). A record deleted since
// is absent: its entries keep only the id.
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AuditDoc } from "./audit";
import { type Doc, populateDocs } from "./resource";
import { RESOURCES } from "./resources";

export interface AuditRecord {
  name: string | null;
  doc: Doc;
}

export const recordKey = (entity: string, id: string) => `${entity}:${id}`;

/** `locale`: the reader's, for a name held in both languages (a test's). */
export async function auditRecords(db: Db, entries: Pick<AuditDoc, "entity" | "entityId">[], locale: string): Promise<Map<string, AuditRecord>> {
  const out = new Map<string, AuditRecord>();
  const byEntity = new Map<string, Set<string>>();
  for (const e of entries) if (e.entityId) byEntity.set(e.entity, (byEntity.get(e.entity) ?? new Set()).add(e.entityId));
  for (const [entity, ids] of byEntity) {
    const def = RESOURCES.find((d) => d.name === entity);
    if (!def) continue;
    const rows = await db
      .select()
      .from(def.table)
      .where(inArray(def.id, [...ids]));
    const docs = rows.map((r) => def.toDoc(r));
    await populateDocs(db, def, docs, def.detailPopulate ?? []);
    for (const doc of docs) out.set(recordKey(entity, String(doc._id)), { name: def.recordRepresentation?.(doc, locale) ?? null, doc });
  }
  return out;
}

/** A record named in another's data (an activity's order or project): `{ ref: <resource>, id }`. */
interface Reference {
  ref: string;
  id: string;
}
const isReference = (v: unknown): v is Reference =>
  v != null && typeof v === "object" && typeof (v as Reference).ref === "string" && typeof (v as Reference).id === "string";

/**
 * The references in a list's rows (one level into each value) named as their records are and linked
 * to their pages: `{ name, href }`. A record deleted since keeps its id, unlinked.
 */
export async function nameReferences(db: Db, rows: Doc[], locale: string): Promise<void> {
  const holders = rows.flatMap((row) => [row, ...Object.values(row).filter((v): v is Doc => v != null && typeof v === "object" && !Array.isArray(v))]);
  const refs = holders.flatMap((h) => Object.values(h).filter(isReference));
  if (!refs.length) return;
  const records = await auditRecords(
    db,
    refs.map((r) => ({ entity: r.ref, entityId: r.id })),
    locale,
  );
  for (const h of holders)
    for (const [k, v] of Object.entries(h)) {
      if (!isReference(v)) continue;
      const record = records.get(recordKey(v.ref, v.id));
      const def = RESOURCES.find((d) => d.name === v.ref);
      h[k] = record && def ? { name: record.name ?? v.id, href: `/manager/${def.pagePath}/${v.id}` } : v.id;
    }
}
