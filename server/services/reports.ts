// Report content: the `reports` table holds, per format, type and language, the title, summary
// and sections (seeded from db/seed/content, edited by managers). The page, the API and the PDF
// read it through here.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formats, reports } from "../../db/schema";
import type { ReportLanguage } from "../../locales";
import { notFound } from "../lib/errors";
import type { ResultRow } from "./testing";

export type ReportType = (typeof reports.$inferSelect)["type"];
export const REPORT_TYPES: ReportType[] = ["short", "business", "full", "base", "couple", "chief", "career"];

/** Content in the asked language; `ch` falls back to English, anything else to Russian. */
export async function reportContent(db: Db, formatCode: string, type: ReportType, language: ReportLanguage) {
  for (const lang of language === "ch" ? (["ch", "en", "ru"] as const) : language === "en" ? (["en", "ru"] as const) : (["ru"] as const)) {
    const [row] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.formatCode, formatCode), eq(reports.type, type), eq(reports.language, lang)));
    if (row) return row;
  }
  return null;
}

export async function formatOf(db: Db, code: string) {
  const [row] = await db.select().from(formats).where(eq(formats.code, code));
  if (!row) throw notFound();
  return row;
}

/** How sure the classification is, in terms a reader can use. */
export function certainty(r: Pick<ResultRow, "probability" | "runnerUpCode" | "runnerUpProbability">) {
  const p = r.probability ?? 0;
  const q = r.runnerUpProbability ?? 0;
  // "close" when the runner-up has at least a fifth of the mass or is within 25 points of the top
  const close = Boolean(r.runnerUpCode) && (q >= 0.2 || p - q < 0.25);
  return { probability: Math.round(p * 100), runnerUp: close ? r.runnerUpCode : null, runnerUpProbability: Math.round(q * 100) };
}
