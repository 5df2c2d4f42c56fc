// /api/report/{type} and /api/report/business (spec §7): the same report the pages show, with
// the same ownership, purchase and e-mail rules. `serveReport` also answers /api/result/{id}/report.
import * as X from "./answer-schemas";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { badRequest, notFound } from "../lib/errors";
import { employeeBusinessReport, employeeReportPdf, projectScope, teamReport, teamReportPdf } from "../services/business";
import { answers, validate } from "../lib/validate";
import { guard, type GuardedEnv } from "../middleware/guards";
import { businessReport, isReportLanguage, REPORT_LANGUAGES, requireConfirmed, toReportDoc, userReport } from "../services/reports";
import { idSchema } from "../lib/ids";

export const reportLanguageQuery = z.object({ lang: z.enum(REPORT_LANGUAGES as [string, ...string[]]).optional() });

export async function serveReport(c: Context<GuardedEnv<["auth"]>>, wanted: "base" | "full", resultId?: string) {
  const user = c.get("user");
  requireConfirmed(user);
  const q = c.req.query("lang");
  const view = await userReport(c.get("scope").db, user, { resultId, wanted, language: isReportLanguage(q) ? q : c.get("locale") });
  if (!view) throw notFound();
  return c.json(toReportDoc(view, c.get("locale")));
}

export const reportsApi = new Hono<AppEnv>();

/**
 * /report/business?format=: `format` a format's code → that format's business texts (as before);
 * `format=json|pdf` with `employee` → one employee's business report with fit and skills, as JSON
 * or PDF; `format=pdf&team=1` → the team report PDF. The employee and team reports are read in
 * the request's project (the project guard's rules: Project header or query, roles, tenancy).
 */
reportsApi.get(
  "/business",
  guard("business"),
  validate(
    "query",
    reportLanguageQuery.extend({
      format: z.string().trim().min(3).max(40),
      employee: idSchema("business.errors.badId").optional(),
      team: z.enum(["1", "true"]).optional(),
      project: z.string().max(40).optional(),
    }),
  ),
  answers(X.businessReport),
  async (c, next) => {
    const q = c.req.valid("query");
    if (q.format !== "json" && q.format !== "pdf") return next();
    if (!q.employee && !(q.format === "pdf" && q.team)) throw badRequest("errors.validation", { employee: "common.validation.required" });
    const named = q.project ?? c.req.header("project");
    const scope = await projectScope(c.get("scope"), named);
    const project = scope.project;
    const language = isReportLanguage(q.lang) ? q.lang : c.get("locale");
    const locale = c.get("locale");
    if (q.employee) {
      const report = await employeeBusinessReport(scope, q.employee, locale, language, q.format === "pdf" ? "pdf" : undefined);
      if (q.format === "json") return c.json(report);
      return pdfResponse(c, employeeReportPdf(report, locale, c.get("scope").deps.config.TIME_ZONE), `business-report-${report.employee._id}.pdf`);
    }
    return pdfResponse(
      c,
      teamReportPdf(await teamReport(scope, locale, "teamPdf"), locale, c.get("scope").deps.config.TIME_ZONE),
      `team-report-${project.id}.pdf`,
    );
  },
  async (c) => {
    const { format, lang } = c.req.valid("query");
    const r = await businessReport(c.get("scope").db, format, isReportLanguage(lang) ? lang : c.get("locale"));
    return c.json({
      type: "business",
      language: r.content.language,
      format: { code: r.format.code, name: r.format.name[c.get("locale")], description: r.format.description[c.get("locale")] },
      title: r.content.title,
      text: r.content.text,
      sections: r.content.sections,
    });
  },
);

function pdfResponse(c: Context, bytes: Uint8Array, filename: string) {
  return c.body(bytes as unknown as ArrayBuffer, 200, { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${filename}"` });
}

reportsApi.get("/", guard("auth"), validate("query", reportLanguageQuery), answers(X.report), (c) => serveReport(c, "full"));
reportsApi.get("/:type", guard("auth"), validate("query", reportLanguageQuery), answers(X.report), (c) => {
  const type = c.req.param("type");
  if (type !== "base" && type !== "full") throw notFound();
  return serveReport(c, type);
});
