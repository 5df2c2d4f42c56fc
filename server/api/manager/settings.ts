// /api/manager/setting: the operator's settings (server/services/operator-settings.ts) — the list,
// one by name (with its version as ETag), and a change to one (PUT /{key}, e.g. /seller with the
// invoice details; If-Match with that version refuses a change over another one, 409).
import * as M from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import { settingKey, settingList, settingListQuery, settingVersion, updateSetting } from "../../admin/settings";
import { etagOf } from "../../lib/versions";
import { ifMatch } from "./resources";
import { answers, validate } from "../../lib/validate";
import { readSetting } from "../../services/operator-settings";
import type { ManagerEnv } from ".";

export const managerSettingsApi = new Hono<ManagerEnv>()
  .get("/", validate("query", settingListQuery), answers(M.list), async (c) => c.json(await settingList(c.get("scope"), c.req.valid("query"))))
  // kept as the invoices' issue built it: {seller}
  .get("/seller", answers(M.seller), async (c) => c.json({ seller: await readSetting(c.get("scope").db, "seller") }))
  .get("/:key", answers(M.setting), async (c) => {
    const key = settingKey(c.req.param("key"));
    const value = await readSetting(c.get("scope").db, key);
    c.header("ETag", etagOf(settingVersion(value)));
    return c.json({ _id: key, value });
  })
  // the body is checked by the named setting's own schema (a malformed body is a 400 here)
  .put("/:key", validate("json", z.unknown()), answers(M.settingSaved), async (c) => {
    const key = settingKey(c.req.param("key"));
    const saved = await updateSetting(c.get("scope"), key, c.req.valid("json"), { version: ifMatch(c) });
    c.header("ETag", etagOf(settingVersion(saved.value)));
    return c.json(key === "seller" ? { seller: saved.value } : saved);
  });
