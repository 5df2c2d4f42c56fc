// The position wizard's activity rows as the form holds them: the five questions with the labels,
// the lines that say what each computes and the options, and an activity's values for the selects.
import type { PositionWizardProps } from "../../islands/position-wizard";
import type { T } from "../../locales";
import { DEFAULT_BREADTH } from "../../model/fit";
import { BREADTH, COMMUNICATION, METHOD } from "../../server/services/business";

/** The activity's selects: label, the line that says what it computes, options (model/FIT.md). */
export function activityQuestions(t: T): PositionWizardProps["s"]["questions"] {
  const q = (key: string, label: string, values: readonly string[], group: string) => ({
    label: t(`cabinet.positions.${label}`),
    hint: t(`cabinet.positions.hints.${key}`),
    options: values.map((v) => [v, t(`cabinet.positions.${group}.${v}`)] as [string, string]),
  });
  return {
    communication: q("communication", "communication", COMMUNICATION, "levels"),
    client: q("client", "client", ["no", "yes"], "clients"),
    breadth: q("breadth", "breadth", BREADTH, "breadths"),
    method: q("method", "method", METHOD, "methods"),
    decision: q("decision", "decision", ["improvisation", "balanced", "moderate"], "styles"),
  };
}

/** An activity as the wizard's selects hold it; breadth and way of working not asked yet read as the formula reads them. */
export function activityValues(a: {
  name?: string;
  communication?: string;
  client?: boolean;
  breadth?: string | null;
  method?: string | null;
  decision?: string;
  content?: string | null;
  priority?: number | string;
}) {
  const communication = (a.communication ?? "team") as keyof typeof DEFAULT_BREADTH;
  return {
    name: a.name ?? "",
    communication,
    client: a.client ? "yes" : "no",
    breadth: a.breadth || DEFAULT_BREADTH[communication] || "mixed",
    method: a.method || "either",
    decision: a.decision ?? "balanced",
    content: a.content ?? "",
    priority: String(a.priority ?? 0),
  };
}
