// The mail a candidate gets when the company decides (hired, or not taken further): the owner sees
// it in full on the candidate's page before confirming, and it leaves only if they keep "send".
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { tFor, type Locale } from "../../../locales";
import { enqueueMail, type Scope as UnitScope } from "../../scope";
import type { Scope } from "./access";
import { quotedName } from "./follow-up";

export type CandidateDecision = "hire" | "decline";

/** The decision's mail in the candidate's language (their account's, else the reader's). */
export async function decisionMail(
  scope: Pick<Scope, "db" | "project">,
  candidate: { email: string; name: string | null; userId: string | null },
  position: string,
  decision: CandidateDecision,
  fallback: Locale,
) {
  const [user] = candidate.userId ? await scope.db.select({ locale: users.locale }).from(users).where(eq(users.id, candidate.userId)) : [];
  const t = tFor(((user?.locale as Locale | undefined) ?? fallback) as Locale);
  const params = { company: quotedName(scope.project.name), position, name: candidate.name?.trim() || "" };
  return {
    to: candidate.email,
    subject: t(`jobfit.decision.${decision}.subject`, params),
    text: [
      t(params.name ? "jobfit.decision.greeting" : "jobfit.decision.greetingNoName", params),
      "",
      t(`jobfit.decision.${decision}.body`, params),
      "",
      t("mail.signature"),
    ].join("\n"),
  };
}

/** Queues the decision's mail inside the decision's unit of work (a rolled-back decision sends nothing). */
export async function sendDecisionMail(tx: UnitScope, mail: Awaited<ReturnType<typeof decisionMail>>) {
  await enqueueMail(tx, mail);
}
