// A candidate's page: what the company needs to decide on one person — their format, how far the
// result can be trusted, their fit for the position activity by activity with the reasons, and the
// same numbers for the people who hold the position now, side by side.
import { and, desc, eq } from "drizzle-orm";
import { results } from "../../../db/schema";
import { tFor, type Locale } from "../../../locales";
import { explainFit, fitFor, type IndicatorValues } from "../../../model/fit";
import { listFormats } from "../formats";
import { requireCan, type Scope } from "./access";
import { decisionMail } from "./candidate-decision";
import { findCandidate, sharesResult, stageOf } from "./candidates";
import { listNotes } from "./candidate-stages";
import { employeeInputs, positionCandidates } from "./efficiency";
import { activitiesOf, getPosition } from "./positions";
import { reliabilityOf } from "./reliability";

export async function candidateProfile(scope: Scope, candidateId: string, locale: Locale) {
  requireCan(scope, "invites");
  const row = await findCandidate(scope, candidateId);
  const position = await getPosition(scope, row.positionId);
  const activities = activitiesOf(position);
  const t = tFor(locale);
  const shared = sharesResult(row);
  const [latest] = shared
    ? await scope.db
        .select({ formatCode: results.formatCode, indicators: results.indicators })
        .from(results)
        .where(and(eq(results.userId, row.userId!), eq(results.isCompleted, true)))
        .orderBy(desc(results.completedAt))
        .limit(1)
    : [];
  const status = stageOf(row, Boolean(latest));
  const names = new Map((await listFormats(scope.db)).map((f) => [f.code, (f.name as Record<string, string> | null)?.[locale] ?? f.code]));
  const fit = fitFor((latest?.indicators as IndicatorValues | null) ?? null, activities);
  const reliability = latest ? ((await reliabilityOf(scope, [row.userId!])).get(row.userId!) ?? null) : null;
  // the current holders: the team's people in this position whom the caller may see
  const holders = (await positionCandidates(scope, position._id)).docs.filter((d) => d.isCurrent);
  const inputs = new Map(
    (
      await employeeInputs(
        scope.db,
        scope.project.id,
        holders.map((h) => h._id),
      )
    ).map((i) => [i.id, i]),
  );
  // the decision's mails as they would leave, for the owner to read before confirming
  const mails =
    row.userId && row.stage !== "declined"
      ? { hire: await decisionMail(scope, row, position.name, "hire", locale), decline: await decisionMail(scope, row, position.name, "decline", locale) }
      : null;
  return {
    candidate: { _id: row.id, name: row.name, email: row.email, status, stageAt: row.stageAt, createdAt: row.createdAt },
    notes: await listNotes(scope, row.id),
    mails,
    position: { _id: position._id, name: position.name, department: position.department },
    format: latest?.formatCode ? { code: latest.formatCode, name: names.get(latest.formatCode) ?? latest.formatCode } : null,
    runnerUp: reliability?.runnerUp ? (names.get(reliability.runnerUp) ?? reliability.runnerUp) : null,
    reliability,
    efficiency: fit.efficiency,
    explanation: explainFit(fit, t),
    // every activity of the position, scored or not (no result yet: null), so the table's columns stay
    activities: activities.map((a, i) => ({ name: a.name, share: fit.activities[i]?.share ?? null, score: fit.activities[i]?.score ?? null })),
    holders: holders.map((h) => {
      const input = inputs.get(h._id);
      const theirs = fitFor(input?.shared ? input.indicators : null, activities);
      return {
        _id: h._id,
        name: h.name,
        efficiency: theirs.efficiency,
        format: input?.shared && input.formatCode ? (names.get(input.formatCode) ?? input.formatCode) : null,
        activities: activities.map((_, i) => theirs.activities[i]?.score ?? null),
        reliability: h.reliability,
      };
    }),
  };
}
export type CandidateProfile = Awaited<ReturnType<typeof candidateProfile>>;
