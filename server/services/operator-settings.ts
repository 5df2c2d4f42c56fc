// The operator's settings (the back-office's /manager/settings and GET /api/manager/setting): one
// list of named values, each with its schema and default. They live in the `settings` table and
// are read where they are used on every request (prices at checkout, the notice on each page),
// so a change applies without a restart.
import { inArray } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import { z } from "zod";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";
import { PHONE_PATTERN } from "../lib/validate";
import { CORPORATE_MIN, DEFAULT_PLANS, DEFAULT_PRICES } from "./payments/prices";
import { sellerSchema } from "./payments/business";
import { getSetting, setSetting } from "./setting-store";

const msg = (k: string) => `manager.settings.errors.${k}`;
const kopecks = z.number(msg("price")).int(msg("price")).min(100, msg("price")).max(100_000_000, msg("price"));
const planSize = z
  .number(msg("plan"))
  .int(msg("plan"))
  .min(1, msg("plan"))
  .max(CORPORATE_MIN - 1, msg("plan"));
const notice = z.string().trim().max(500);

export const SETTINGS = {
  /** added to the counted completed tests on the landing's counter */
  counterBase: { schema: z.number(msg("counter")).int(msg("counter")).min(0, msg("counter")).max(100_000_000, msg("counter")), fallback: 0 },
  maintenance: {
    schema: z
      .object({ enabled: z.boolean(), ru: notice, en: notice })
      .strict()
      .refine((v) => !v.enabled || v.ru || v.en, { path: ["ru"], message: msg("noticeText") }),
    fallback: { enabled: false, ru: "", en: "" },
  },
  prices: {
    schema: z.object({ fullReport: kopecks, perInvite: z.object({ base: kopecks, norma: kopecks, full: kopecks }).strict() }).strict(),
    fallback: DEFAULT_PRICES,
  },
  plans: {
    schema: z
      .object({ base: planSize, norma: planSize, full: planSize })
      .strict()
      .refine((p) => p.base < p.norma && p.norma < p.full, { path: ["norma"], message: msg("planOrder") }),
    fallback: DEFAULT_PLANS,
  },
  contacts: {
    schema: z
      .object({
        email: z.union([z.literal(""), z.email("common.validation.email")]),
        phone: z.union([z.literal(""), z.string().trim().regex(PHONE_PATTERN, "common.validation.phone")]),
      })
      .strict(),
    fallback: { email: "", phone: "" },
  },
  /** what a referral partner is paid: a share of the money their link brought (the referral page's commission) */
  referrals: {
    schema: z.object({ commission: z.number(msg("commission")).min(0, msg("commission")).max(100, msg("commission")) }).strict(),
    fallback: { commission: 0 },
  },
  /** the seller's details on invoices (null until a manager fills them) */
  seller: { schema: sellerSchema.strict(), fallback: null },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]["schema"]> | (typeof SETTINGS)[K]["fallback"];

// own keys only: `in` would also take Object.prototype's "constructor" or "toString"
export const isSettingKey = (k: string): k is SettingKey => Object.hasOwn(SETTINGS, k);

export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  return getSetting(db, key, SETTINGS[key].fallback as SettingValue<K>);
}

/** Every setting with its value (the default where none is stored) and when it was last changed. */
export async function listSettings(db: Db) {
  const rows = await db.select().from(settings).where(inArray(settings.key, SETTING_KEYS));
  return SETTING_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    return { _id: key, value: row ? row.value : SETTINGS[key].fallback, updatedAt: row?.updatedAt ?? null, isDefault: !row };
  });
}

export async function saveSetting(db: Db, key: SettingKey, value: unknown) {
  await setSetting(db, key, value);
}

// every page reads it
const siteSettingRows = prepared((db) =>
  db
    .select()
    .from(settings)
    .where(inArray(settings.key, ["maintenance", "contacts"]))
    .prepare(),
);

/** What every page shows: the maintenance notice and the contact details (one query). */
export async function siteSettings(db: Db) {
  const rows = await siteSettingRows(db).all();
  const of = <K extends "maintenance" | "contacts">(k: K) => (rows.find((r) => r.key === k)?.value ?? SETTINGS[k].fallback) as SettingValue<K>;
  return { maintenance: of("maintenance"), contacts: of("contacts") };
}
export type SiteSettings = Awaited<ReturnType<typeof siteSettings>>;
