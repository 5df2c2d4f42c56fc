// A paid order's receipt, mailed to the buyer in their language: what was bought, the amount,
// the date, the order's number and where its document is (the invoice's PDF, the full report).
// Queued as a `receipt` job in the unit of work that credits the order (settlement.ts), so a
// credited order always has its receipt and an uncredited one never does.
import { eq } from "drizzle-orm";
import { orders, projects } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { intlLocale, tFor, type Locale, type T } from "../../../locales";
import type { AppDeps } from "../../context";
import { escapeHtml } from "../../lib/html";
import { mailLink } from "../../lib/links";
import { rubLabel } from "../../lib/money";
import { formatIn, zoneName } from "../../lib/time-zone";
import type { MailMessage } from "../mail";
import { findUserById } from "../users";

/** What an order buys, in words (the receipt and the sandbox payment page). */
export async function orderTitle(db: Db, orderId: string, t: T) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return "";
  if (order.entityType === "report") return t("followup.receipt.report");
  const [project] = order.projectId ? await db.select({ name: projects.name }).from(projects).where(eq(projects.id, order.projectId)) : [];
  return t("followup.receipt.invites", { count: order.quantity, company: project?.name ?? "" });
}

export async function receiptMail(deps: AppDeps, orderId: string): Promise<MailMessage | null> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.state !== "paid") return null;
  const buyer = await findUserById(deps.db, order.userId);
  if (!buyer) return null;
  const locale = buyer.locale as Locale;
  const t = tFor(locale);
  const base = deps.config.PUBLIC_URL;
  const what = await orderTitle(deps.db, order.id, t);
  const number = order.invoiceNumber ? String(order.invoiceNumber) : order.id;
  const zone = deps.config.TIME_ZONE;
  const date = `${formatIn(order.paidAt ?? new Date(), zone, intlLocale(locale))} (${zoneName(zone, intlLocale(locale))})`;
  const link =
    order.method === "invoice"
      ? { label: t("followup.receipt.invoice"), url: mailLink(base, `/api/order/${order.id}/invoice.pdf`, locale) }
      : order.entityType === "report"
        ? { label: t("followup.receipt.openReport"), url: mailLink(base, "/report/full", locale) }
        : { label: t("followup.receipt.openCabinet"), url: mailLink(base, `/business/invite${order.projectId ? `?project=${order.projectId}` : ""}`, locale) };
  const rows: [string, string][] = [
    [t("followup.receipt.item"), what],
    [t("followup.receipt.amount"), rubLabel(order.amount, { exact: true })],
    [t("followup.receipt.date"), date],
    [t("followup.receipt.number"), number],
  ];
  const text = [t("followup.receipt.intro"), "", ...rows.map(([k, v]) => `${k}: ${v}`), "", `${link.label}: ${link.url}`, "", t("mail.signature")].join("\n");
  const html = [
    `<p>${escapeHtml(t("followup.receipt.intro"))}</p>`,
    `<table>${rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td><b>${escapeHtml(v)}</b></td></tr>`).join("")}</table>`,
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p>${escapeHtml(t("mail.signature"))}</p>`,
  ].join("\n");
  return { to: buyer.email, subject: t("followup.receipt.subject", { number }), text, html };
}
