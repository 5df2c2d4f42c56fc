// Business purchases: activating a business account, buying invites for a project by card or
// by invoice (a PDF in rubles, 100 % prepayment, due in 3 calendar days), which a manager marks
// paid; and notifying managers of business orders.
import { tFor, type Locale } from "../../../locales";
import { type Scope, transaction, type UserScope } from "../../scope";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { businessRequests, orders, projects, users } from "../../../db/schema";
import { AppError, notFound, validationFailed } from "../../lib/errors";
import { take } from "../rate-limits";
import { mailManagers } from "../manager-notice";
import { createId, idSchema } from "../../lib/ids";
import { formatRub, rubLabel } from "../../lib/money";
import { createPdfDocument } from "../../lib/pdf";
import { logActivity } from "../activity";
import { getSetting, setSetting } from "../setting-store";
import { isManager, type UserRow } from "../users";
import { startPayment } from "./checkout";
import { CORPORATE_MIN, getPlans, getPrices, requirePlan } from "./prices";
import { creditOrder } from "./settlement";
import { formatIn } from "../../lib/time-zone";
import { newInviteCode } from "../business/projects";

export const INVOICE_DUE_DAYS = 3;
export const FIRST_INVOICE_NUMBER = 1001;

/**
 * The seller's details printed on every invoice. They live in settings (key `seller`), set by a
 * manager (PUT /api/manager/setting/seller); until they are there and valid, no invoice is issued:
 * a bank-transfer document with made-up details would be worse than none.
 */
export const sellerSchema = z.object({
  name: z.string().trim().min(2).max(300),
  inn: z
    .string()
    .trim()
    .regex(/^\d{10}(\d{2})?$/, "payment.errors.inn"),
  kpp: z
    .string()
    .trim()
    .regex(/^\d{9}$/, "payment.errors.kpp"),
  ogrn: z
    .string()
    .trim()
    .regex(/^\d{13}(\d{2})?$/, "payment.errors.ogrn"),
  address: z.string().trim().min(5).max(500),
  bank: z.string().trim().min(2).max(300),
  bik: z
    .string()
    .trim()
    .regex(/^\d{9}$/, "payment.errors.bik"),
  account: z
    .string()
    .trim()
    .regex(/^\d{20}$/, "payment.errors.account"),
  corrAccount: z
    .string()
    .trim()
    .regex(/^\d{20}$/, "payment.errors.account"),
});
export type Seller = z.infer<typeof sellerSchema>;
const SELLER_SETTING = "seller";

export async function getSeller(db: Db): Promise<Seller | null> {
  const parsed = sellerSchema.safeParse(await getSetting<unknown>(db, SELLER_SETTING, null));
  return parsed.success ? parsed.data : null;
}

export async function saveSeller(db: Db, seller: Seller) {
  await setSetting(db, SELLER_SETTING, sellerSchema.parse(seller));
}

async function requireSeller(db: Db): Promise<Seller> {
  const seller = await getSeller(db);
  if (!seller) throw new AppError(409, "seller_missing", "payment.errors.sellerMissing");
  return seller;
}

/** The first POST /api/business turns a private user into a business user with a project and one free test. */
/** `locale`: the language of the page that asked (the default name is in it), else the person's own. */
export async function activateBusiness(db: Db, user: UserRow, name?: string, locale: Locale = user.locale) {
  if (!user.isBusiness) await db.update(users).set({ isBusiness: true, updatedAt: new Date() }).where(eq(users.id, user.id));
  const [existing] = await db.select().from(projects).where(eq(projects.ownerId, user.id)).limit(1);
  if (existing) return existing;
  const id = createId();
  await db
    .insert(projects)
    .values({ id, name: name?.trim() || tFor(locale)("business.defaultCompany"), ownerId: user.id, inviteCode: newInviteCode(), inviteBalance: 1 });
  await logActivity(db, user.id, "business.activated", { project: id });
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row!;
}

/**
 * Activating a business account from the site (the API and the /business page): in production an
 * owner must have confirmed their address first, since the company's invitations go out under it.
 */
export async function activateBusinessFor(scope: UserScope, input: { name?: string }) {
  const { deps, user } = scope;
  if (deps.config.NODE_ENV === "production" && !user.emailConfirmedAt) throw new AppError(403, "email_unconfirmed", "followup.errors.confirmToActivate");
  return activateBusiness(scope.db, user, input.name, scope.locale);
}

export const refillSchema = z.object({
  project: idSchema(),
  quantity: z
    .number({ error: "people.errors.inviteQuantity" })
    .int("people.errors.inviteQuantity")
    .min(1, "payment.errors.minInvites")
    .max(100_000, "people.errors.inviteQuantity"),
  method: z.enum(["card", "invoice"]).default("card"),
  company: z.string().trim().max(300).optional(),
  inn: z
    .string()
    .trim()
    .regex(/^\d{10}(\d{2})?$/, "payment.errors.inn")
    .optional(),
});

export async function refill(scope: UserScope, input: z.infer<typeof refillSchema>) {
  const { db, user } = scope;
  const [project] = await db.select().from(projects).where(eq(projects.id, input.project));
  if (!project || (project.ownerId !== user.id && !isManager(user))) throw notFound();
  if (input.quantity >= CORPORATE_MIN) {
    // Corporate is sold by request: record it for the managers instead of pricing it.
    await take(db, "corporate", user.id);
    const id = createId();
    await db.insert(businessRequests).values({
      id,
      kind: "corporate",
      userId: user.id,
      email: user.email,
      name: user.name,
      company: input.company ?? null,
      data: { project: project.id, quantity: input.quantity },
    });
    return { request: id, corporate: true as const };
  }
  if (input.method === "card") return startPayment(scope, { entityType: "invites", entityId: project.id, quantity: input.quantity });
  await requireSeller(db);
  // the buyer an invoice names: the company and INN of the form, else the project's saved details,
  // never the account's free-text name; they become the project's
  const saved = project.details ?? {};
  const buyer = { company: input.company || saved.company, inn: input.inn || saved.inn };
  const missing: Record<string, string> = {};
  if (!buyer.company) missing.company = "payment.errors.companyRequired";
  if (!buyer.inn) missing.inn = "payment.errors.innRequired";
  if (Object.keys(missing).length) throw validationFailed(missing);
  const plan = requirePlan(input.quantity, await getPlans(db));
  const amount = (await getPrices(db)).perInvite[plan] * input.quantity;
  await take(db, "invoice", user.id);
  const id = createId();
  // the invoice and the details it prints: together
  await transaction(scope, async (tx) => {
    await tx.db
      .update(projects)
      .set({ details: { ...saved, ...buyer } })
      .where(eq(projects.id, project.id));
    await tx.db.insert(orders).values({
      id,
      userId: user.id,
      projectId: project.id,
      entityType: "invites",
      entityId: project.id,
      quantity: input.quantity,
      amount,
      method: "invoice",
      // numbered inside the INSERT itself, so two invoices asked for at once never share a number
      invoiceNumber: sql`(SELECT coalesce(max(${orders.invoiceNumber}), ${FIRST_INVOICE_NUMBER - 1}) + 1 FROM ${orders})`,
    });
    await logActivity(tx.db, user.id, "invoice.issued", { order: id, amount });
  });
  return { order: id, invoice: `/api/order/${id}/invoice.pdf`, corporate: false as const };
}

/** A manager confirms the bank transfer: the invites are credited once. */
export async function markInvoicePaid(scope: Scope, orderId: string) {
  const [order] = await scope.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.method !== "invoice") throw notFound();
  return creditOrder(scope, order.id);
}

export async function invoicePdf(db: Db, order: typeof orders.$inferSelect, buyer: UserRow, zone: string) {
  const seller = await requireSeller(db);
  const doc = createPdfDocument();
  const issued = order.createdAt;
  const due = new Date(issued.getTime() + INVOICE_DUE_DAYS * 86_400_000);
  // a Russian document: its dates in Russian, on the operator's calendar
  const d = (x: Date) => formatIn(x, zone, "ru-RU", { day: "2-digit", month: "2-digit", year: "numeric" });
  let y = 20;
  const line = (s: string, size = 10, bold = false, gap = 5.5) => {
    doc.setFont("Roboto", bold ? "bold" : "normal");
    doc.setFontSize(size);
    for (const l of doc.splitTextToSize(s, 174) as string[]) {
      doc.text(l, 18, y);
      y += gap;
    }
  };
  line(`Получатель: ${seller.name}, ИНН ${seller.inn}, КПП ${seller.kpp}, ОГРН ${seller.ogrn}`);
  line(`Банк получателя: ${seller.bank}, БИК ${seller.bik}, к/с ${seller.corrAccount}, р/с ${seller.account}`);
  line(`Адрес: ${seller.address}`);
  y += 4;
  line(`Счёт на оплату № ${order.invoiceNumber} от ${d(issued)}`, 16, true, 8);
  // the project's validated details (required when the invoice was issued), not the account's name
  const [project] = order.projectId ? await db.select({ details: projects.details }).from(projects).where(eq(projects.id, order.projectId)) : [];
  const d2 = project?.details ?? {};
  const company = [d2.company, d2.inn && `ИНН ${d2.inn}`, d2.kpp && `КПП ${d2.kpp}`, d2.address].filter(Boolean).join(", ");
  line(`Покупатель: ${company ? `${company} (${buyer.email})` : buyer.email}`);
  y += 2;
  doc.setDrawColor(148, 163, 184);
  doc.rect(18, y, 174, 16);
  line(`Приглашения на тест «Формат мышления», ${order.quantity} шт. (+1 для владельца)`, 10, false, 5);
  line(`Количество: ${order.quantity}    Сумма: ${rubLabel(order.amount, { exact: true })}    Без НДС`, 10, false, 8);
  y += 4;
  line(`Итого к оплате: ${rubLabel(order.amount, { exact: true })}`, 13, true, 7);
  line(`Оплата 100 % предоплатой. Счёт действителен до ${d(due)} (${INVOICE_DUE_DAYS} календарных дня).`);
  line("Заявка принимается в работу до 12:00 по московскому времени следующего рабочего дня после поступления оплаты.");
  line(`В назначении платежа укажите: «Оплата по счёту № ${order.invoiceNumber}».`);
  return new Uint8Array(doc.output("arraybuffer"));
}

/** GET /api/notify/order-business: tells the managers (ADMIN_EMAIL) about a business order. */
export async function notifyBusinessOrder(scope: UserScope, orderId: string) {
  const { deps, user } = scope;
  const [order] = await scope.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.userId !== user.id) throw notFound();
  if (!deps.config.ADMIN_EMAIL) return { notified: false };
  // the notice claimed and its mail queued together: of two concurrent calls only one sends, a repeat sends nothing
  return transaction(scope, async (tx) => {
    const claimed = await tx.db
      .update(orders)
      .set({ notifiedAt: new Date() })
      .where(and(eq(orders.id, order.id), isNull(orders.notifiedAt)))
      .returning({ id: orders.id });
    if (claimed.length === 0) return { notified: true, already: true };
    await mailManagers(tx, deps, (t) => ({
      subject: t("mail.managers.order", { number: order.invoiceNumber ?? order.id }),
      text: t("mail.managers.orderText", {
        email: user.email,
        quantity: order.quantity,
        sum: `${formatRub(order.amount, { exact: true })} ₽`,
        method: t(`manager.orders.methods.${order.method}`),
        state: t(`manager.orders.states.${order.state}`),
      }),
    }));
    return { notified: true };
  });
}
