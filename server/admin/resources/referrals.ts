// Referral links in the back-office: /manager/referral (list, create, {id}, {id}/edit,
// {id}/ReferralChart) and /api/manager/referral (GET/POST, GET/PUT /{id}, GET /{id}/users,
// GET /{id}/stat). The chart page is routes/manager/referral-chart.tsx.
import { count, inArray } from "drizzle-orm";
import { z } from "zod";
import { referralSignups, referrals } from "../../../db/schema";
import { createReferral, referralSchema, referralStat } from "../../services/referrals";
import {
  checkReferral,
  deleteReferral,
  referralAliasesOf,
  referralEarnings,
  referralLink,
  referralSignupCount,
  referralUsers,
  retireReferral,
  saveReferral,
} from "../referrals";
import { defineResource, type FormField } from "../resource";

const FIELDS: FormField[] = [
  { name: "code", kind: "text", label: "manager.coupons.code", hint: "manager.referrals.codeHint" },
  { name: "name", kind: "text" },
];
/** the edit form asks before a rename: the old code stays as an alias */
const EDIT_FIELDS: FormField[] = [
  { name: "code", kind: "text", label: "manager.coupons.code", hint: "manager.referrals.renameHint" },
  { name: "name", kind: "text" },
  { name: "confirmRename", kind: "confirm", label: "manager.referrals.confirmRename" },
];

export const referralResource = defineResource({
  name: "referrals",
  access: { write: ["finance"] },
  pagePath: "referral",
  apiPath: "/referral",
  menu: { label: "cabinet.nav.manager.referral", icon: "⇄", order: 100 },
  table: referrals,
  id: referrals.id,
  recordRepresentation: (d) => d.code as string,
  toDoc: (r) => ({
    _id: r.id,
    code: r.code,
    name: r.name,
    link: r.link,
    status: r.retiredAt ? "retired" : "active",
    retiredAt: r.retiredAt,
    aliases: undefined as unknown,
    createdAt: r.createdAt,
    signups: undefined as unknown,
    completed: undefined as unknown,
    payments: undefined as unknown,
    users: undefined as unknown,
    stat: undefined as unknown,
    earnedTotal: undefined as unknown,
    earnedPeriod: undefined as unknown,
    commissionRate: undefined as unknown,
    commissionTotal: undefined as unknown,
    commissionPeriod: undefined as unknown,
  }),
  sortable: { createdAt: referrals.createdAt, code: referrals.code },
  defaultSort: "-createdAt",
  filters: { code: { kind: "text", column: referrals.code }, createdAt: { kind: "date", column: referrals.createdAt } },
  filterForm: ["createdAt"],
  search: [referrals.code, referrals.name],
  populate: {
    /** every sign-up it credited, deleted accounts included */
    signups: async (db, docs) => {
      const list = docs.map((d) => d._id as string);
      if (!list.length) return;
      const rows = await db
        .select({ id: referralSignups.referralId, n: count() })
        .from(referralSignups)
        .where(inArray(referralSignups.referralId, list))
        .groupBy(referralSignups.referralId);
      for (const d of docs) d.signups = rows.find((r) => r.id === d._id)?.n ?? 0;
    },
    aliases: async (db, docs) => {
      for (const d of docs) d.aliases = (await referralAliasesOf(db, d._id as string)).join(", ") || null;
    },
    users: async (db, docs) => {
      for (const d of docs) d.users = await referralUsers(db, d._id as string);
    },
    /** the money its link brought (all time, last 30 days) and the partner's commission on it */
    earnings: async (db, docs) => {
      for (const d of docs) Object.assign(d, await referralEarnings(db, d._id as string));
    },
    /** the stat object (API) and its three figures as fields of their own (the detail page) */
    stat: async (db, docs) => {
      for (const d of docs) {
        const { stat } = await referralStat(db, d._id as string);
        Object.assign(d, { stat, signups: stat.signups, completed: stat.completed, payments: stat.payments });
      }
    },
  },
  exclude: [
    "signups",
    "completed",
    "payments",
    "users",
    "stat",
    "link",
    "aliases",
    "earnedTotal",
    "earnedPeriod",
    "commissionRate",
    "commissionTotal",
    "commissionPeriod",
  ],
  listPopulate: ["signups"],
  columns: [
    { key: "code", label: "manager.coupons.code", link: true },
    { key: "name" },
    { key: "link" },
    { key: "signups", kind: "number" },
    { key: "status", label: "manager.referrals.status", valueLabels: "manager.referrals.statuses" },
    { key: "createdAt", kind: "date" },
  ],
  fields: [
    { key: "code", label: "manager.coupons.code" },
    { key: "name" },
    { key: "link" },
    { key: "status", label: "manager.referrals.status", valueLabels: "manager.referrals.statuses" },
    { key: "aliases", label: "manager.referrals.aliases" },
    { key: "signups", kind: "number", label: "manager.referrals.signups" },
    { key: "completed", kind: "number", label: "manager.referrals.completed" },
    { key: "payments", kind: "number", label: "manager.referrals.payments" },
    { key: "earnedTotal", kind: "money", label: "manager.referrals.earnedTotal" },
    { key: "earnedPeriod", kind: "money", label: "manager.referrals.earnedPeriod" },
    { key: "commissionRate", kind: "number", label: "manager.referrals.commissionRate" },
    { key: "commissionTotal", kind: "money", label: "manager.referrals.commissionTotal" },
    { key: "commissionPeriod", kind: "money", label: "manager.referrals.commissionPeriod" },
    { key: "createdAt", kind: "date" },
  ],
  detailPopulate: ["stat", "aliases", "earnings"],
  form: {
    schema: referralSchema.partial().extend({ name: z.string().trim().max(120).optional(), confirmRename: z.boolean().optional() }),
    fields: EDIT_FIELDS,
    // the link follows the code
    toColumns: ({ confirmRename: _, ...v }, scope) => ({
      ...v,
      ...(typeof v.code === "string" ? { link: referralLink(scope.deps.config.PUBLIC_URL, v.code) } : {}),
    }),
    check: checkReferral,
    // a rename keeps the old code as an alias, asked first on the page
    save: (scope, id, input) => saveReferral(scope, id, input),
    editPage: true,
  },
  create: {
    schema: referralSchema,
    fields: FIELDS,
    run: async (scope, input) => (await createReferral(scope.db, scope.deps.config.PUBLIC_URL, input as z.infer<typeof referralSchema>))._id,
  },
  actions: {
    retire: {
      label: "manager.referrals.retire",
      danger: true,
      confirm: "manager.referrals.retireConfirm",
      when: (d) => d.status === "active",
      run: (scope, id) => retireReferral(scope, id, true),
    },
    reactivate: { label: "manager.referrals.reactivate", when: (d) => d.status === "retired", run: (scope, id) => retireReferral(scope, id, false) },
    delete: {
      label: "manager.referrals.delete",
      danger: true,
      // only one that never credited anybody: the history of one that did stays (retire it instead)
      when: async (d, db) => (await referralSignupCount(db, d._id as string)) === 0,
      run: async (scope, id) => {
        await deleteReferral(scope, id);
        return { redirect: "/manager/referral?done=deleted" };
      },
    },
  },
  sections: [
    {
      key: "users",
      title: "manager.referrals.users",
      load: (db, id) => referralUsers(db, id),
      columns: [
        { key: "email", label: "manager.fields.user", link: true },
        { key: "name" },
        { key: "isCompleted", kind: "bool" },
        { key: "isFull", kind: "bool" },
        { key: "createdAt", kind: "date" },
      ],
      href: (row) => `/manager/users/${row._id as string}`,
    },
  ],
  links: (d) => [{ label: "manager.referrals.chart", href: `/manager/referral/${String(d._id)}/ReferralChart` }],
});
