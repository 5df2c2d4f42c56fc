// /api/report/{type}, /api/report/business and /api/result/{id}/report (spec §7): the same
// report the pages show, with the same ownership, purchase and e-mail rules.
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { businessReport, isReportLanguage, REPORT_LANGUAGES, requireConfirmed, toReportDoc, userReport } from "../services/reports";

export const reportsApi = new Hono<AppEnv>();

const languageQuery = z.object({ lang: z.enum(REPORT_LANGUAGES as [string, ...string[]]).optional() });

async function serve(c: Context<AppEnv>, wanted: "base" | "full", resultId?: string) {
  const user = c.var.auth!.user;
  requireConfirmed(user);
  const q = c.req.query("lang");
  const view = await userReport(c.var.deps.db, user, { resultId, wanted, language: isReportLanguage(q) ? q : c.var.locale });
  if (!view) throw notFound();
  return c.json(toReportDoc(view, c.var.locale));
}

reportsApi.get("/report/business", guard("business"), validate("query", languageQuery.extend({ format: z.string().trim().min(3).max(40) })), async (c) => {
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

reportsApi.get("/report", guard("auth"), validate("query", languageQuery), (c) => serve(c, "full"));
reportsApi.get("/report/:type", guard("auth"), validate("query", languageQuery), (c) => {
  const type = c.req.param("type");
  if (type !== "base" && type !== "full") throw notFound();
  return serve(c, type);
});

// `/report` defaults to the full report (downgraded to base before purchase), `/review` to base.
for (const [path, fallback] of [["/result/:id/report", "full"], ["/result/:id/review", "base"]] as const) {
  reportsApi.get(path, guard("auth"), validate("query", languageQuery.extend({ type: z.enum(["base", "full"]).default(fallback) })), (c) => {
    const id = c.req.param("id");
    if (!ID_PATTERN.test(id)) throw notFound();
    return serve(c, c.req.valid("query").type, id);
  });
}
