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
