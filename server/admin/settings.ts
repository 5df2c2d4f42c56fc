// Changing an operator setting from the back-office: checked against its schema (field messages
// in the manager's language), stored, and recorded in the audit log with the old and new value.
import { z } from "zod";
import { notFound } from "../lib/errors";
import { paged, pagingSchema, parseNameList, omit } from "../lib/listing";
import { parseInput } from "../lib/validate";
import { isSettingKey, listSettings, readSetting, saveSetting, SETTINGS, type SettingKey } from "../services/operator-settings";
import { transaction, type ManagerScope } from "../scope";
import { auditBy } from "./audit";
import { recordVersion, staleRecord, versionMatches } from "../lib/versions";

export const settingListQuery = pagingSchema(200).extend({ exclude: z.string().optional(), populate: z.string().optional() });

/** GET /api/manager/setting: the list, paged like every list. */
export async function settingList(scope: ManagerScope, q: z.infer<typeof settingListQuery>) {
  parseNameList(q.populate, [], "populate");
  const exclude = parseNameList(q.exclude, ["value", "updatedAt", "isDefault"], "exclude");
  const all = await listSettings(scope.db);
  const docs = all.slice((q.page - 1) * q.limit, q.page * q.limit).map((d) => omit(d, exclude));
  return paged(docs, all.length, q.page, q.limit);
}

export function settingKey(key: string): SettingKey {
  if (!isSettingKey(key)) throw notFound();
  return key;
}

/** A setting's version: a hash of its current value (what its form shows). */
export const settingVersion = (value: unknown) => recordVersion({ value });

/** Saves a setting with its audit entry in one unit of work; refused with 409 when `version` is
 * given and the value changed since; a save of the same value records nothing. */
export async function updateSetting(scope: ManagerScope, key: SettingKey, input: unknown, opts: { version?: string | null } = {}) {
  const value = parseInput(scope.t, SETTINGS[key].schema, input);
  return transaction(scope, async (tx) => {
    const before = await readSetting(tx.db, key);
    if (opts.version && !versionMatches(settingVersion(before), opts.version)) throw staleRecord();
    if (JSON.stringify(before) === JSON.stringify(value)) return { _id: key, value };
    await saveSetting(tx.db, key, value);
    await auditBy(tx, { action: "settings.update", entity: "settings", entityId: key, changes: { [key]: { from: before, to: value } } });
    return { _id: key, value };
  });
}
