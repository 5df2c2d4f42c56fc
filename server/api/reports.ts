// /api/report/{type} and /api/report/business (spec §7): the same report the pages show, with
// the same ownership, purchase and e-mail rules. `serveReport` also answers /api/result/{id}/report.
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { guard, type GuardedEnv } from "../middleware/guards";
import { businessReport, isReportLanguage, REPORT_LANGUAGES, requireConfirmed, toReportDoc, userReport } from "../services/reports";

export const reportLanguageQuery = z.object({ lang: z.enum(REPORT_LANGUAGES as [string, ...string[]]).optional() });

export async function serveReport(c: Context<GuardedEnv<["auth"]>>, wanted: "base" | "full", resultId?: string) {
  const user = c.var.user;
  requireConfirmed(user);
  const q = c.req.query("lang");
  const view = await userReport(c.var.deps.db, user, { resultId, wanted, language: isReportLanguage(q) ? q : c.var.locale });
  if (!view) throw notFound();
  return c.json(toReportDoc(view, c.var.locale));
}

export const reportsApi = new Hono<AppEnv>();

reportsApi.get("/business", guard("business"), validate("query", reportLanguageQuery.extend({ format: z.string().trim().min(3).max(40) })), async (c) => {
  const { format, lang } = c.req.valid("query");
  const r = await businessReport(c.var.deps.db, format, isReportLanguage(lang) ? lang : c.var.locale);
  return c.json({
    type: "business",
    language: r.content.language,
    format: { code: r.format.code, name: r.format.name[c.var.locale], description: r.format.description[c.var.locale] },
    title: r.content.title,
    text: r.content.text,
    sections: r.content.sections,
  });
});

reportsApi.get("/", guard("auth"), validate("query", reportLanguageQuery), (c) => serveReport(c, "full"));
reportsApi.get("/:type", guard("auth"), validate("query", reportLanguageQuery), (c) => {
  const type = c.req.param("type");
  if (type !== "base" && type !== "full") throw notFound();
  return serveReport(c, type);
});
