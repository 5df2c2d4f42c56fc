// Business support requests (stored and e-mailed to the managers) and the reports a project has
// bought access to.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { businessRequests, consultationTickets, orders } from "../../../db/schema";
import { tFor } from "../../../locales";
import { createId } from "../../lib/ids";
import { fields } from "../../lib/validate";
import { enqueueMail, transaction } from "../../scope";
import { requireCan, type Scope } from "./access";
import { quotedName } from "./follow-up";
import { take } from "../rate-limits";
import { mailManagers } from "../manager-notice";

export const supportSchema = z.object({
  subject: z.string().trim().min(1, "common.validation.required").max(200),
  message: z.string().trim().min(1, "common.validation.required").max(5000),
  email: z.union([z.literal(""), fields.email()]).optional(),
});

export async function sendSupport(scope: Scope, input: z.infer<typeof supportSchema>) {
  const { deps } = scope;
  const id = createId();
  const email = input.email || scope.user.email;
  await transaction(scope, async (tx) => {
    await take(tx.db, "support", scope.actor.realActorId);
    await tx.db.insert(businessRequests).values({
      id,
      kind: "support",
      userId: scope.user.id,
      email,
      name: scope.user.name,
      company: scope.project.name,
      message: input.message,
      data: { project: scope.project.id, subject: input.subject },
    });
    // the sender's own copy, to their account's address (never to one typed in the form: no relay)
    const t = tFor(scope.user.locale);
    await enqueueMail(tx, {
      to: scope.user.email,
      // the sender's words, one line and cut, quoted after fixed text (as every mail's subject)
      subject: t("followup.support.subject", { subject: quotedName(input.subject) }),
      text: [
        t("followup.support.intro"),
        "",
        `${t("followup.support.topic")}: ${input.subject}`,
        "",
        input.message,
        "",
        t("followup.support.reply", { email }),
        "",
        t("mail.signature"),
      ].join("\n"),
    });
    await mailManagers(tx, deps, (t) => ({
      subject: t("mail.managers.support", { subject: quotedName(input.subject), project: scope.project.name }),
      text: `${t("mail.managers.supportText", { email, project: scope.project.name, id: scope.project.id })}\n\n${input.message}`,
    }));
  });
  return { _id: id };
}

/** What the project has bought: invite packs paid, by date (the business reports open with them). */
export async function businessReports(scope: Scope) {
  // what was bought and paid is billing: the owner's and a manager's, not a supervisor's or a project manager's
  requireCan(scope, "billing");
  const rows = await scope.db
    .select({ _id: orders.id, quantity: orders.quantity, paidAt: orders.paidAt, amount: orders.amount })
    .from(orders)
    .where(and(eq(orders.entityType, "invites"), eq(orders.entityId, scope.project.id), eq(orders.state, "paid")))
    .orderBy(desc(orders.paidAt));
  const [sum] = await scope.db
    .select({ n: sql<number>`coalesce(sum(${orders.quantity}), 0)` })
    .from(orders)
    .where(and(eq(orders.entityType, "invites"), eq(orders.entityId, scope.project.id), eq(orders.state, "paid")));
  return { orders: rows, invitesBought: sum?.n ?? 0 };
}

/** What the plans promise (Norma: an online consultation; the full pack: a deep analysis), booked from the cabinet. */
export const bookingSchema = z.object({
  kind: z.enum(["consultation", "analysis"], { error: "common.validation.required" }),
  phone: z.union([z.literal(""), fields.phone()]).optional(),
  when: z.string().trim().max(200, "common.validation.tooLong").optional(),
  message: z.string().trim().max(2000, "common.validation.tooLong").optional(),
});

/**
 * A booking reaches the managers' business requests (consultation tickets) with the company and
 * the owner's address, and their mail; the owner's counter is the support one (a few an hour).
 */
export async function bookConsultation(scope: Scope, input: z.infer<typeof bookingSchema>) {
  const { deps } = scope;
  requireCan(scope, "billing");
  const id = createId();
  const what = input.kind === "analysis" ? "Deep analysis" : "Online consultation";
  const message = [`${what} for «${scope.project.name}» (${scope.project.id})`, input.when ? `When: ${input.when}` : "", input.message ?? ""]
    .filter(Boolean)
    .join("\n");
  await transaction(scope, async (tx) => {
    await take(tx.db, "support", scope.actor.realActorId);
    await tx.db.insert(consultationTickets).values({
      id,
      userId: scope.user.id,
      name: scope.user.name || scope.user.email,
      phone: input.phone || null,
      email: scope.user.email,
      message,
    });
    await mailManagers(tx, deps, (t) => ({
      subject: t("mail.managers.booking", { what: t(`mail.managers.bookings.${input.kind}`), project: scope.project.name }),
      text: `${scope.user.email}\n\n${message}`,
    }));
  });
  return { _id: id };
}
