// Orders and payments in the back-office: /manager/orders (filters by state, method,
// product, coupon, buyer and date; amounts in rubles), /manager/orders/{id} with "mark the invoice
// paid" (asks again; audited), and /api/manager/order. Read-only otherwise: an order is money.
import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { coupons, orders, referralAliases, referrals, users } from "../../../db/schema";
import { tFor } from "../../../locales";
import { rubLabel } from "../../lib/money";
import { cancelOrder, checkWithProvider, creditManually, creditSchema, refundable, refundOrder, refundSchema, refundsOf, shownState } from "../money";
import { creditedInvites, markInvoicePaidBy, unmarkableOrder, unmarkInvoicePaid } from "../orders";
import { populateEmails, populateUsers } from "../populate";
import { defineResource } from "../resource";
import { byUserEmail } from "./users";

export const ORDER_STATES = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
export const ORDER_METHODS = ["card", "invoice", "coupon"] as const;

export const orderResource = defineResource({
  name: "orders",
  access: { write: ["finance"] },
  pagePath: "orders",
  apiPath: "/order",
  exportKind: "payments",
  // the payments export (amounts in rubles)
  exportColumns: [
    { key: "_id", label: "manager.exports.columns._id", kind: "text" },
    { key: "user", label: "manager.fields.user", kind: "text" },
    { key: "email", label: "manager.fields.email", kind: "text" },
    { key: "entityType", label: "manager.orders.entityType", kind: "text", valueLabels: "manager.orders.entityTypes" },
    { key: "quantity", label: "manager.fields.quantity", kind: "number" },
    { key: "amount", label: "manager.orders.amount", kind: "money" },
    { key: "refundedAmount", label: "manager.orders.refundedAmount", kind: "money" },
    { key: "currency", label: "manager.exports.columns.currency", kind: "text" },
    { key: "method", label: "manager.orders.method", kind: "text", valueLabels: "manager.orders.methods" },
    { key: "state", label: "manager.orders.state", kind: "text", valueLabels: "manager.orders.states" },
    { key: "coupon", label: "manager.orders.coupon", kind: "text" },
    { key: "invoiceNumber", label: "manager.exports.columns.invoiceNumber", kind: "text" },
    { key: "createdAt", label: "manager.fields.createdAt", kind: "date" },
    { key: "paidAt", label: "manager.users.paidAt", kind: "date" },
  ],
  exportPopulate: ["email", "coupon"],
  bulkActions: { export: { label: "manager.bulk.export", confirm: "manager.bulk.exportConfirm", export: true } },
  menu: { label: "cabinet.nav.manager.orders", icon: "₽", order: 60 },
  listPopulate: ["user", "coupon"],
  table: orders,
  id: orders.id,
  // what a person recognises: the product (and how many), then the invoice's number or, for a card
  // order (no number of its own), the sum the buyer saw on their receipt
  recordRepresentation: (d, locale) => {
    const t = tFor(locale === "en" ? "en" : "ru");
    const product = `${t(`manager.orders.entityTypes.${String(d.entityType)}`)}${Number(d.quantity) > 1 ? ` × ${String(d.quantity)}` : ""}`;
    return `${product} · ${d.invoiceNumber ? `№ ${String(d.invoiceNumber)}` : rubLabel(Number(d.amount), { exact: Number(d.amount) % 100 !== 0 })}`;
  },
  toDoc: (o) => ({
    _id: o.id,
    user: o.userId as unknown,
    project: o.projectId,
    entityType: o.entityType,
    quantity: o.quantity,
    amount: o.amount,
    currency: o.currency,
    method: o.method,
    // a paid order with part of its money given back reads "partly refunded"
    state: shownState(o.state, o.refundedAmount),
    refundedAmount: o.refundedAmount,
    refundable: refundable(o),
    coupon: o.couponId as unknown,
    invoiceNumber: o.invoiceNumber,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    // populated for the export only
    email: undefined as unknown,
  }),
  sortable: { createdAt: orders.createdAt, amount: orders.amount, paidAt: orders.paidAt },
  defaultSort: "-createdAt",
  filters: {
    state: { kind: "enum", column: orders.state, values: ORDER_STATES },
    method: { kind: "enum", column: orders.method, values: ORDER_METHODS },
    entityType: { kind: "enum", column: orders.entityType, values: ["report", "invites"] },
    coupon: { kind: "id", column: orders.couponId },
    user: { kind: "id", column: orders.userId },
    project: { kind: "id", column: orders.projectId },
    createdAt: { kind: "date", column: orders.createdAt },
    amount: { kind: "number", column: orders.amount },
    /** the referral code the buyer came with (a "contains"), its former codes too: a link handed out
     * before a rename still finds the orders it brought */
    referral: {
      kind: "text",
      column: sql`(select ${referrals.code} || coalesce(' ' || (select group_concat(${referralAliases.code}, ' ') from ${referralAliases} where ${referralAliases.referralId} = ${referrals.id}), '') from ${referrals} where ${referrals.id} = (select ${users.referralId} from ${users} where ${users.id} = ${orders.userId}))`,
    },
  },
  filterForm: ["state", "method", "entityType", "referral", "createdAt"],
  search: [byUserEmail(orders.userId)],
  populate: {
    user: (db, docs) => populateUsers(db, docs, "user"),
    email: (db, docs) => populateEmails(db, docs, "user", "email"),
    /** the coupon's code in place of its id */
    coupon: async (db, docs) => {
      const ids = [...new Set(docs.map((d) => d.coupon).filter((v): v is string => typeof v === "string"))];
      if (!ids.length) return;
      const rows = await db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, ids));
      for (const d of docs) d.coupon = rows.find((r) => r.id === d.coupon)?.code ?? d.coupon;
    },
  },
  exclude: ["user", "coupon"],
  columns: [
    { key: "createdAt", kind: "date", link: true },
    { key: "user", kind: "user" },
    { key: "entityType", label: "manager.orders.entityType", valueLabels: "manager.orders.entityTypes" },
    { key: "quantity", kind: "number" },
    { key: "amount", label: "manager.orders.amount", kind: "money" },
    { key: "method", label: "manager.orders.method", valueLabels: "manager.orders.methods" },
    { key: "state", label: "manager.orders.state", valueLabels: "manager.orders.states" },
    { key: "coupon", label: "manager.orders.coupon" },
    { key: "paidAt", kind: "date" },
  ],
  fields: [
    { key: "user", kind: "user" },
    { key: "entityType", label: "manager.orders.entityType", valueLabels: "manager.orders.entityTypes" },
    { key: "quantity", kind: "number" },
    { key: "amount", label: "manager.orders.amount", kind: "money" },
    { key: "method", label: "manager.orders.method", valueLabels: "manager.orders.methods" },
    { key: "state", label: "manager.orders.state", valueLabels: "manager.orders.states" },
    { key: "refundedAmount", label: "manager.orders.refundedAmount", kind: "money" },
    { key: "coupon", label: "manager.orders.coupon" },
    { key: "invoiceNumber", label: "manager.orders.invoiceNumber" },
    { key: "createdAt", kind: "date" },
    { key: "paidAt", kind: "date" },
  ],
  detailPopulate: ["user", "coupon"],
  actions: {
    markPaid: {
      label: "manager.orders.markPaid",
      // credits invites: asked again before it runs
      danger: true,
      confirm: "manager.orders.markPaidConfirm",
      when: (d) => d.method === "invoice" && d.state === "pending",
      confirmVars: (db, id) => creditedInvites(db, id),
      run: async (scope, id) => {
        await markInvoicePaidBy(scope, id);
      },
    },
    // undo where the action allows it: 24 h, and only while the invites are unused
    unmarkPaid: {
      label: "manager.orders.unmarkPaid",
      danger: true,
      confirm: "manager.orders.unmarkConfirm",
      when: (d) => unmarkableOrder(d),
      confirmVars: (db, id) => creditedInvites(db, id),
      run: async (scope, id) => {
        await unmarkInvoicePaid(scope, id);
      },
    },
    // money actions (server/admin/money.ts): each asked first, each one unit with its audit entry
    refund: {
      label: "manager.money.refund",
      danger: true,
      confirm: "manager.money.refundConfirm",
      confirmVars: async (db, id) => {
        const [o] = await db.select().from(orders).where(eq(orders.id, id));
        return { left: o ? refundable(o) / 100 : 0 };
      },
      when: (d) => Number(d.refundable) > 0,
      input: {
        schema: refundSchema,
        fields: [
          { name: "reason", kind: "text", label: "manager.money.reason" },
          { name: "amount", kind: "money", label: "manager.money.amount", hint: "manager.money.amountHint" },
          { name: "manual", kind: "checkbox", label: "manager.money.manual" },
        ],
      },
      run: async (scope, id, input) => {
        await refundOrder(scope, id, input as z.infer<typeof refundSchema>);
      },
    },
    check: {
      label: "manager.money.check",
      when: (d) => d.state === "pending" && d.method === "card",
      run: async (scope, id) => {
        const { outcome } = await checkWithProvider(scope, id);
        return { notice: `check_${outcome}` };
      },
    },
    creditManually: {
      label: "manager.money.credit",
      danger: true,
      confirm: "manager.money.creditConfirm",
      when: (d) => d.state === "pending",
      input: { schema: creditSchema, fields: [{ name: "reason", kind: "text", label: "manager.money.reason" }] },
      run: async (scope, id, input) => {
        await creditManually(scope, id, input as z.infer<typeof creditSchema>);
      },
    },
    cancel: {
      label: "manager.money.cancel",
      danger: true,
      confirm: "manager.money.cancelConfirm",
      when: (d) => d.state === "pending" && d.method === "card",
      run: (scope, id) => cancelOrder(scope, id),
    },
  },
  sections: [
    {
      key: "refunds",
      title: "manager.money.refunds",
      load: (db, id) => refundsOf(db, id),
      columns: [
        { key: "createdAt", kind: "date" },
        { key: "amount", label: "manager.money.amount", kind: "money" },
        { key: "reason", label: "manager.money.reason" },
        { key: "provider", label: "manager.money.via", valueLabels: "manager.money.vias" },
        { key: "manager", label: "manager.money.manager" },
      ],
    },
  ],
  links: (doc) => (doc.project ? [{ label: "manager.orders.project", href: `/manager/projects/${doc.project as string}` }] : []),
  subjectOf: (o) => o.userId,
});
