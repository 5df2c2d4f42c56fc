// Coupons in the back-office: /manager/coupon (list, create, {id}, {id}/edit) and
// /api/manager/coupon (GET/POST, GET/PUT /{id}, GET /{id}/users). The rules are in
// server/admin/coupons.ts; this file is the declaration.
import { count, inArray } from "drizzle-orm";
import { couponUses, coupons } from "../../../db/schema";
import {
  addCouponUses,
  addUsesSchema,
  checkCoupon,
  couponColumns,
  couponCreateSchema,
  couponUpdateSchema,
  couponAliasesOf,
  couponStatus,
  couponUsers,
  deleteCoupon,
  insertCoupon,
  isCouponUsed,
  saveCoupon,
  setCouponDisabled,
} from "../coupons";
import { defineResource, type FormField } from "../resource";

const FIELDS: FormField[] = [
  { name: "code", kind: "text", label: "manager.coupons.code" },
  { name: "type", kind: "select", options: ["percent", "absolute"], optionLabels: "manager.coupons.type" },
  // rubles on the pages for a fixed discount (the API keeps kopecks, as the spec's clients send them)
  { name: "amount", kind: "money", hint: "manager.coupons.amountHint", when: { field: "type", value: "absolute" } },
  { name: "count", kind: "number", hint: "manager.coupons.countHint" },
  { name: "content", kind: "select", options: ["full", "all", "invite"], optionLabels: "manager.coupons.content" },
  { name: "expiredAt", kind: "date" },
];
/** the edit form asks before a used code is renamed: the old code stays as an alias */
const EDIT_FIELDS: FormField[] = [
  ...FIELDS.filter((f) => f.name !== "count").map((f) => (f.name === "code" ? { ...f, hint: "manager.coupons.renameHint" } : f)),
  { name: "confirmRename", kind: "confirm", label: "manager.coupons.confirmRename" },
];

export const couponResource = defineResource({
  name: "coupons",
  access: { write: ["finance"] },
  pagePath: "coupon",
  apiPath: "/coupon",
  menu: { label: "cabinet.nav.manager.coupon", icon: "%", order: 90 },
  table: coupons,
  id: coupons.id,
  recordRepresentation: (d) => d.code as string,
  toDoc: (r) => ({
    _id: r.id,
    code: r.code,
    type: r.type,
    amount: r.amount,
    count: r.count,
    content: r.content,
    expiredAt: r.expiredAt,
    status: couponStatus(r),
    disabledAt: r.disabledAt,
    createdAt: r.createdAt,
    aliases: undefined as unknown,
    used: undefined as unknown,
    users: undefined as unknown,
  }),
  sortable: { createdAt: coupons.createdAt, code: coupons.code, count: coupons.count, expiredAt: coupons.expiredAt },
  defaultSort: "-createdAt",
  filters: {
    code: { kind: "text", column: coupons.code },
    type: { kind: "enum", column: coupons.type, values: ["absolute", "percent"] },
    content: { kind: "enum", column: coupons.content, values: ["full", "all", "invite"] },
    expiredAt: { kind: "date", column: coupons.expiredAt },
  },
  filterForm: ["type", "content", "expiredAt"],
  search: [coupons.code],
  populate: {
    /** how many times it was used (the list's column) */
    used: async (db, docs) => {
      const list = docs.map((d) => d._id as string);
      if (!list.length) return;
      const rows = await db
        .select({ id: couponUses.couponId, n: count() })
        .from(couponUses)
        .where(inArray(couponUses.couponId, list))
        .groupBy(couponUses.couponId);
      for (const d of docs) d.used = rows.find((r) => r.id === d._id)?.n ?? 0;
    },
    aliases: async (db, docs) => {
      for (const d of docs) d.aliases = (await couponAliasesOf(db, d._id as string)).join(", ") || null;
    },
    users: async (db, docs) => {
      for (const d of docs) d.users = await couponUsers(db, d._id as string);
    },
  },
  exclude: ["users", "used", "aliases"],
  listPopulate: ["used"],
  columns: [
    { key: "code", label: "manager.coupons.code", link: true },
    { key: "type", valueLabels: "manager.coupons.type" },
    { key: "amount", kind: "number", kindOf: (d) => (d.type === "absolute" ? "money" : "points") },
    { key: "content", valueLabels: "manager.coupons.content" },
    { key: "count", label: "manager.fields.usesLeft", kind: "number" },
    { key: "used", kind: "number" },
    { key: "status", label: "manager.coupons.status", valueLabels: "manager.coupons.statuses" },
    { key: "expiredAt", kind: "date" },
    { key: "createdAt", kind: "date" },
  ],
  fields: [
    { key: "code", label: "manager.coupons.code" },
    { key: "status", label: "manager.coupons.status", valueLabels: "manager.coupons.statuses" },
    { key: "disabledAt", label: "manager.coupons.disabledAt", kind: "date" },
    { key: "aliases", label: "manager.coupons.aliases" },
    { key: "type", valueLabels: "manager.coupons.type" },
    { key: "amount", kind: "number", kindOf: (d) => (d.type === "absolute" ? "money" : "points") },
    { key: "content", valueLabels: "manager.coupons.content" },
    { key: "count", label: "manager.fields.usesLeft", kind: "number" },
    { key: "used", kind: "number" },
    { key: "expiredAt", kind: "date" },
    { key: "createdAt", kind: "date" },
  ],
  detailPopulate: ["used", "aliases"],
  // "uses left" is not on the edit form: checkout spends uses while the form is open, and saving it
  // would give them back. The "add uses" action adds to it; PUT still takes `count` (spec).
  form: {
    schema: couponUpdateSchema,
    fields: EDIT_FIELDS,
    toColumns: ({ confirmRename: _, ...v }, scope) => couponColumns(v, scope.deps.config.TIME_ZONE),
    check: checkCoupon,
    // a rename keeps the old code as an alias, asked first on the page when the coupon was used
    save: (scope, id, input) => saveCoupon(scope, id, input),
    editPage: true,
  },
  create: { schema: couponCreateSchema, fields: FIELDS, run: (scope, input) => insertCoupon(scope.db, couponColumns(input, scope.deps.config.TIME_ZONE)) },
  actions: {
    disable: {
      label: "manager.coupons.disable",
      danger: true,
      confirm: "manager.coupons.disableConfirm",
      when: (d) => !d.disabledAt,
      run: async (scope, id) => void (await setCouponDisabled(scope, id, true)),
    },
    enable: {
      label: "manager.coupons.enable",
      confirm: "manager.coupons.enableConfirm",
      danger: true,
      when: (d) => Boolean(d.disabledAt),
      run: async (scope, id) => void (await setCouponDisabled(scope, id, false)),
    },
    delete: {
      label: "manager.coupons.delete",
      danger: true,
      when: async (d, db) => !(await isCouponUsed(db, d._id as string)),
      run: async (scope, id) => {
        await deleteCoupon(scope, id);
        return { redirect: "/manager/coupon?done=deleted" };
      },
    },
    addUses: {
      label: "manager.coupons.addUses",
      input: { schema: addUsesSchema, fields: [{ name: "count", kind: "number", label: "manager.coupons.addUsesCount" }] },
      run: async (scope, id, input) => void (await addCouponUses(scope, id, input.count as number)),
    },
  },
  sections: [
    {
      key: "users",
      title: "manager.coupons.users",
      load: (db, id) => couponUsers(db, id),
      columns: [
        { key: "email", label: "manager.fields.user", link: true },
        { key: "name" },
        { key: "usedAt", kind: "date" },
        { key: "state", label: "manager.orders.state", valueLabels: "manager.orders.states" },
        { key: "paid", kind: "money" },
      ],
      href: (row) => `/manager/users/${row._id as string}`,
    },
  ],
});
