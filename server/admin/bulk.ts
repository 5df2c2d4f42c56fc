// Bulk actions on a list: the ticked records of one list, one declared action
// (`ResourceDef.bulkActions`), all of them in one unit of work — every record or none — and one
// audit entry per record (each record's action audits itself, as it does from its own page).
import { z } from "zod";
import { badRequest } from "../lib/errors";
import { crashPoint } from "../lib/crash-points";
import { idSchema } from "../lib/ids";
import { transaction, type ManagerScope } from "../scope";
import type { ResourceDef } from "./resource";

/** At most a page of the largest size. */
export const MAX_BULK = 200;

export const bulkIdsSchema = z.array(idSchema()).min(1).max(MAX_BULK);

/** Posted ids (repeated fields or one comma-separated value) → a checked, de-duplicated list. */
export function parseBulkIds(raw: string | string[] | undefined): string[] {
  const list = (Array.isArray(raw) ? raw : raw ? [raw] : [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  const parsed = bulkIdsSchema.safeParse([...new Set(list)]);
  if (!parsed.success) throw badRequest(list.length ? "manager.bulk.badIds" : "manager.bulk.noneSelected");
  return parsed.data;
}

/** Runs the declaration's bulk action on every id in one unit of work; answers how many. */
export async function runBulk(scope: ManagerScope, def: ResourceDef, name: string, ids: string[], input: Record<string, unknown> = {}) {
  const action = def.bulkActions && Object.hasOwn(def.bulkActions, name) ? def.bulkActions[name]! : null;
  if (!action || action.export) throw badRequest("errors.badRequest");
  let values = input;
  if (action.input) {
    const parsed = z.object({ [action.input.name]: z.enum(action.input.options as [string, ...string[]]) }).safeParse(input);
    if (!parsed.success) throw badRequest("manager.bulk.badInput", { [action.input.name]: "manager.bulk.badInput" });
    values = parsed.data;
  }
  await transaction(scope, async (tx) => {
    for (const [i, id] of ids.entries()) {
      await action.run!(tx, id, values);
      if (i === 0) crashPoint("bulk.afterFirst");
    }
  });
  return ids.length;
}
