// Referral links in the back-office: /manager/referral (list, create, {id}, {id}/edit,
// {id}/ReferralChart) and /api/manager/referral (GET/POST, GET/PUT /{id}, GET /{id}/users,
// GET /{id}/stat). The chart page is routes/manager/referral-chart.tsx.
import { count, inArray } from "drizzle-orm";
import { z } from "zod";
import { referrals, users } from "../../../db/schema";
import { createReferral, referralSchema, referralStat } from "../../services/referrals";
import { checkReferral, referralLink, referralUsers } from "../referrals";
import { defineResource, type FormField } from "../resource";

const FIELDS: FormField[] = [
  { name: "code", kind: "text", label: "manager.coupons.code", hint: "manager.referrals.codeHint" },
  { name: "name", kind: "text" },
];

export const referralResource = defineResource({
  name: "referrals",
  pagePath: "referral",
  apiPath: "/referral",
  table: referrals,
  id: referrals.id,
  toDoc: (r) => ({
    _id: r.id,
    code: r.code,
    name: r.name,
    link: r.link,
    createdAt: r.createdAt,
    signups: undefined as unknown,
    completed: undefined as unknown,
    payments: undefined as unknown,
    users: undefined as unknown,
    stat: undefined as unknown,
  }),
  sortable: { createdAt: referrals.createdAt, code: referrals.code },
  defaultSort: "-createdAt",
  filters: { code: { kind: "text", column: referrals.code }, createdAt: { kind: "date", column: referrals.createdAt } },
  filterForm: ["createdAt"],
  search: [referrals.code, referrals.name],
  populate: {
    signups: async (db, docs) => {
      const list = docs.map((d) => d._id as string);
      if (!list.length) return;
      const rows = await db.select({ id: users.referralId, n: count() }).from(users).where(inArray(users.referralId, list)).groupBy(users.referralId);
      for (const d of docs) d.signups = rows.find((r) => r.id === d._id)?.n ?? 0;
    },
    users: async (db, docs) => {
      for (const d of docs) d.users = await referralUsers(db, d._id as string);
    },
    /** the stat object (API) and its three figures as fields of their own (the detail page) */
    stat: async (db, docs) => {
      for (const d of docs) {
        const { stat } = await referralStat(db, d._id as string);
        Object.assign(d, { stat, signups: stat.signups, completed: stat.completed, payments: stat.payments });
      }
    },
  },
  exclude: ["signups", "completed", "payments", "users", "stat", "link"],
  listPopulate: ["signups"],
  columns: [
    { key: "code", label: "manager.coupons.code", link: true },
    { key: "name" },
    { key: "link" },
    { key: "signups", kind: "number" },
    { key: "createdAt", kind: "date" },
  ],
  fields: [
    { key: "code", label: "manager.coupons.code" },
    { key: "name" },
    { key: "link" },
    { key: "signups", kind: "number", label: "manager.referrals.signups" },
    { key: "completed", kind: "number", label: "manager.referrals.completed" },
    { key: "payments", kind: "number", label: "manager.referrals.payments" },
    { key: "createdAt", kind: "date" },
  ],
  detailPopulate: ["stat"],
  form: {
    schema: referralSchema.partial().extend({ name: z.string().trim().max(120).optional() }),
    fields: FIELDS,
    // the link follows the code
    toColumns: (v, scope) => ({ ...v, ...(typeof v.code === "string" ? { link: referralLink(scope.deps.config.PUBLIC_URL, v.code) } : {}) }),
    check: checkReferral,
    editPage: true,
  },
  create: {
    schema: referralSchema,
    fields: FIELDS,
    run: async (scope, input) => (await createReferral(scope.db, scope.deps.config.PUBLIC_URL, input as z.infer<typeof referralSchema>))._id,
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
