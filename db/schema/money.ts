// The schema's section: money.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";
import { users } from "./people";

export const referrals = sqliteTable(
  "referrals",
  {
    id: id(),
    code: text().notNull(),
    name: text(),
    link: text(),
    /** switched off: its links land normally and credit nobody */
    retiredAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("referrals_code_uq").on(t.code)],
);

/** A referral's former codes: links handed out before a rename keep crediting it. */
export const referralAliases = sqliteTable("referral_aliases", {
  code: text().primaryKey(),
  referralId: text()
    .notNull()
    .references(() => referrals.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** Each sign-up a referral credited, kept when the account is deleted: its historical count. */
export const referralSignups = sqliteTable(
  "referral_signups",
  {
    id: id(),
    referralId: text()
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    /** no foreign key: the row outlives the account */
    userId: text(),
    createdAt: createdAt(),
  },
  (t) => [index("referral_signups_ref_idx").on(t.referralId, t.createdAt)],
);

export const coupons = sqliteTable(
  "coupons",
  {
    id: id(),
    code: text().notNull(),
    type: text({ enum: ["absolute", "percent"] }).notNull(),
    amount: integer().notNull(), // kopecks for absolute, 1..100 for percent
    count: integer().notNull().default(1), // uses left
    content: text({ enum: ["full", "all", "invite"] })
      .notNull()
      .default("full"),
    expiredAt: integer({ mode: "timestamp_ms" }),
    /** switched off by a manager: checkout refuses it whatever its expiry; only "enable again" clears it */
    disabledAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coupons_code_uq").on(t.code)],
);

/** A coupon's former codes (kept at a rename of a used coupon): links handed out before still work. */
export const couponAliases = sqliteTable("coupon_aliases", {
  code: text().primaryKey(),
  couponId: text()
    .notNull()
    .references(() => coupons.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const couponUses = sqliteTable(
  "coupon_uses",
  {
    couponId: text()
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: text(),
    usedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    projectId: text(),
    entityType: text({ enum: ["report", "invites"] }).notNull(),
    entityId: text(),
    quantity: integer().notNull().default(1),
    amount: integer().notNull(), // kopecks, after coupon
    currency: text().notNull().default("RUB"),
    method: text({ enum: ["card", "invoice", "coupon"] })
      .notNull()
      .default("card"),
    /** refunded: all the money went back (a part refunded leaves it paid, with refundedAmount) */
    state: text({ enum: ["pending", "paid", "failed", "cancelled", "refunded"] })
      .notNull()
      .default("pending"),
    couponId: text(),
    invoiceNumber: integer(),
    createdAt: createdAt(),
    paidAt: integer({ mode: "timestamp_ms" }),
    /** When the managers were told about this (business) order: they are told once. */
    notifiedAt: integer({ mode: "timestamp_ms" }),
    /** kopecks given back so far (the refunds rows hold each one) */
    refundedAmount: integer().notNull().default(0),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_state_idx").on(t.state, t.createdAt),
    // one number per invoice; orders without an invoice keep NULL, which SQLite does not compare
    uniqueIndex("orders_invoice_number_idx").on(t.invoiceNumber),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text({ enum: ["sandbox", "yookassa", "invoice"] }).notNull(),
    providerPaymentId: text(),
    idempotenceKey: text().notNull(),
    amount: integer().notNull(),
    status: text().notNull().default("pending"),
    confirmationUrl: text(),
    raw: text({ mode: "json" }).$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("payments_provider_uq").on(t.provider, t.providerPaymentId), index("payments_order_idx").on(t.orderId)],
);

/** Money given back on an order: through the provider (its refund id and status) or recorded by hand. */
export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amount: integer().notNull(),
    reason: text().notNull(),
    /** manual: the money went back outside the site (a bank transfer), recorded here */
    provider: text({ enum: ["sandbox", "yookassa", "manual"] }).notNull(),
    providerRefundId: text(),
    status: text().notNull(),
    actorId: text(),
    createdAt: createdAt(),
  },
  (t) => [index("refunds_order_idx").on(t.orderId)],
);
