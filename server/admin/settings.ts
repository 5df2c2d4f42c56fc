// Changing an operator setting from the back-office: checked against its schema (field messages
// in the manager's language), stored, and recorded in the audit log with the old and new value.
import { z } from "zod";
import { notFound } from "../lib/errors";
import { paged, pagingSchema, parseNameList, omit } from "../lib/listing";
import { parseInput } from "../lib/validate";
import { isSettingKey, listSettings, readSetting, saveSetting, SETTINGS, type SettingKey } from "../services/operator-settings";
import { actorOf, audit } from "./audit";
import type { ManagerContext } from "./resource";

export const settingListQuery = pagingSchema(200).extend({ exclude: z.string().optional(), populate: z.string().optional() });

/** GET /api/manager/setting: the list, paged like every list. */
export async function settingList(c: ManagerContext, q: z.infer<typeof settingListQuery>) {
  parseNameList(q.populate, [], "populate");
  const exclude = parseNameList(q.exclude, ["value", "updatedAt", "isDefault"], "exclude");
  const all = await listSettings(c.get("deps").db);
  const docs = all.slice((q.page - 1) * q.limit, q.page * q.limit).map((d) => omit(d, exclude));
  return paged(docs, all.length, q.page, q.limit);
}

export function settingKey(key: string): SettingKey {
  if (!isSettingKey(key)) throw notFound();
  return key;
}

export async function updateSetting(c: ManagerContext, key: SettingKey, input: unknown) {
  const db = c.get("deps").db;
  const value = parseInput(c.get("t"), SETTINGS[key].schema, input);
  const before = await readSetting(db, key);
  await saveSetting(db, key, value);
  await audit(db, actorOf(c), { action: "settings.update", entity: "settings", entityId: key, changes: { [key]: { from: before, to: value } } });
  return { _id: key, value };
}
