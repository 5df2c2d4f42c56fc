// Asking a person to take the test again: the company's retake request, at most once a day and
// only for a result the person shares (reliability.ts says when a result calls for one).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { employees, users } from "../../../db/schema";
import { tFor, type Locale } from "../../../locales";
import { AppError, badRequest } from "../../lib/errors";
import { ID_PATTERN } from "../../lib/ids";
import { mailLink } from "../../lib/links";
import { enqueueMail, transaction } from "../../scope";
import { requireCan, requireDepartment, requireWritable, type Scope } from "./access";
import { getEmployee } from "./employees";
import { quotedName } from "./follow-up";
import { RETAKE_GAP_MS } from "./reliability";

export const retakeSchema = z.object({ employee: z.string({ error: "common.validation.required" }).regex(ID_PATTERN, "business.errors.badId") });

/**
 * Asks the person to take the test again (a mail through the outbox). Only for a shared result; at
 * most once a day, so a company cannot flood anyone's mailbox.
 */
export async function requestRetake(scope: Scope, employeeId: string) {
  requireCan(scope, "people");
  requireWritable(scope);
  const e = await getEmployee(scope, employeeId);
  requireDepartment(scope, e.department?._id);
  if (!e.user || !e.consent || e.status !== "completed") throw badRequest("errors.validation", { employee: "business.errors.retakeNoResult" });
  if (e.retakeRequestedAt && Date.now() - e.retakeRequestedAt.getTime() < RETAKE_GAP_MS) {
    throw new AppError(429, "retake_too_soon", "business.errors.retakeTooSoon");
  }
  const [person] = await scope.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, e.user));
  if (!person) throw badRequest("errors.validation", { employee: "business.errors.retakeNoResult" });
  const t = tFor(person.locale as Locale);
  const company = quotedName(scope.project.name);
  const text = [
    t("business.mail.retake.body", { company }),
    "",
    mailLink(scope.deps.config.PUBLIC_URL, "/test/start", person.locale),
    "",
    t("business.mail.retake.note"),
    "",
    t("mail.signature"),
  ].join("\n");
  const at = new Date();
  await transaction(scope, async (tx) => {
    await tx.db.update(employees).set({ retakeRequestedAt: at }).where(eq(employees.id, e._id));
    await enqueueMail(tx, { to: person.email, subject: t("business.mail.retake.subject", { company }), text });
  });
  return { employee: e._id, retakeRequestedAt: at };
}
