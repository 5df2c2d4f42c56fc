// /api/manager/setting: the operator's settings (server/services/operator-settings.ts) — the list,
// one by name (with its version as ETag), and a change to one (PUT /{key}, e.g. /seller with the
// invoice details; If-Match with that version refuses a change over another one, 409).
import { Hono } from "hono";
import { z } from "zod";
import { settingKey, settingList, settingListQuery, settingVersion, updateSetting } from "../../admin/settings";
import { etagOf } from "../../lib/versions";
import { ifMatch } from "./resources";
import { validate } from "../../lib/validate";
import { readSetting } from "../../services/operator-settings";
import type { ManagerEnv } from ".";

export const managerSettingsApi = new Hono<ManagerEnv>()
  .get("/", validate("query", settingListQuery), async (c) => c.json(await settingList(c.get("scope"), c.req.valid("query"))))
  // kept as the invoices' issue built it: {seller}
  .get("/seller", async (c) => c.json({ seller: await readSetting(c.get("deps").db, "seller") }))
  .get("/:key", async (c) => {
    const key = settingKey(c.req.param("key"));
    const value = await readSetting(c.get("deps").db, key);
    c.header("ETag", etagOf(settingVersion(value)));
    return c.json({ _id: key, value });
  })
  // the body is checked by the named setting's own schema (a malformed body is a 400 here)
  .put("/:key", validate("json", z.unknown()), async (c) => {
    const key = settingKey(c.req.param("key"));
    const saved = await updateSetting(c.get("scope"), key, c.req.valid("json"), { version: ifMatch(c) });
    c.header("ETag", etagOf(settingVersion(saved.value)));
    return c.json(key === "seller" ? { seller: saved.value } : saved);
  });
