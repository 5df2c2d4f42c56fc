// Report content in the back-office: /manager/reports (filter by type and locale), /{id}, and
// /api/manager/reports. The editor with its live preview (/manager/reports/create, /{id}/edit) is
// routes/manager/content.tsx; the writes (sanitised, audited, caches dropped) are server/admin/content.ts.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { formats, reports } from "../../../db/schema";
import { FORMATS } from "../../../model";
import { notFound } from "../../lib/errors";
import { pathId } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { createReport, REPORT_LANGS, REPORT_TYPES, reportBodySchema, reportCreateSchema, updateReport } from "../content";
import { populateFormats } from "../populate";
import { defineResource, getResource, type ResourceDef } from "../resource";

const FORMAT_CODES = FORMATS.map((f) => f.code) as [string, ...string[]];
const self = (): ResourceDef => reportResource;

/** A format named by its code or its number (1–27, the class order + 1): spec "id (default 1)". */
async function formatCodeOf(db: import("../../../db/client").Db, id: string) {
  const byNumber = /^\d{1,2}$/.test(id) ? FORMATS[Number(id) - 1]?.code : undefined;
  const code = byNumber ?? id.toUpperCase();
  const [row] = await db.select({ code: formats.code }).from(formats).where(eq(formats.code, code));
  if (!row) throw notFound();
  return row.code;
}

export const reportResource = defineResource({
  name: "reports",
  pagePath: "reports",
  apiPath: "/reports",
  api: (app) =>
    app
      .post("/", validate("json", reportCreateSchema), async (c) => c.json(await getResource(c.get("deps").db, self(), (await createReport(c, c.req.valid("json"))).id, { populate: ["fm"] }), 201))
      .put("/:id", validate("json", reportBodySchema), async (c) => {
        const id = pathId(c);
        await updateReport(c, id, c.req.valid("json"));
        return c.json(await getResource(c.get("deps").db, self(), id, { populate: ["fm"] }));
      })
      // one format's report of a type, in the asked language (`language`, default the request's)
      .get("/:type/:id", validate("param", z.object({ type: z.enum(REPORT_TYPES), id: z.string().max(40) })), validate("query", z.object({ language: z.enum(REPORT_LANGS).optional() })), async (c) => {
        const db = c.get("deps").db;
        const code = await formatCodeOf(db, c.req.valid("param").id);
        const language = c.req.valid("query").language ?? c.get("locale");
        const [row] = await db.select().from(reports).where(and(eq(reports.formatCode, code), eq(reports.type, c.req.valid("param").type), eq(reports.language, language)));
        if (!row) throw notFound();
        return c.json(await getResource(db, self(), row.id, { populate: ["fm"] }));
      }),
  listPopulate: ["fm"],
  table: reports,
  id: reports.id,
  toDoc: (r) => ({
    _id: r.id,
    fm: r.formatCode as unknown,
    type: r.type,
    language: r.language,
    title: r.title,
    text: r.text,
    sections: r.sections as unknown,
    sectionCount: r.sections.length,
    updatedAt: r.updatedAt,
  }),
  sortable: { updatedAt: reports.updatedAt, fm: reports.formatCode, type: reports.type },
  defaultSort: "fm",
  filters: {
    type: { kind: "enum", column: reports.type, values: REPORT_TYPES },
    locale: { kind: "enum", column: reports.language, values: REPORT_LANGS },
    fm: { kind: "enum", column: reports.formatCode, values: FORMAT_CODES },
  },
  filterForm: ["type", "locale", "fm"],
  search: [reports.title],
  populate: { fm: (db, docs) => populateFormats(db, docs, "fm") },
  exclude: ["text", "sections"],
  columns: [
    { key: "title", link: true },
    { key: "fm", label: "manager.fields.format", kind: "format" },
    { key: "type", label: "manager.fields.reportType" },
    { key: "language", label: "manager.fields.locale" },
    { key: "sectionCount", kind: "number" },
    { key: "updatedAt", kind: "date" },
  ],
  fields: [
    { key: "fm", label: "manager.fields.format", kind: "format" },
    { key: "type", label: "manager.fields.reportType" },
    { key: "language", label: "manager.fields.locale" },
    { key: "title" },
    { key: "text" },
    { key: "sectionCount", kind: "number" },
    { key: "updatedAt", kind: "date" },
  ],
  detailPopulate: ["fm"],
  sections: [
    {
      key: "sections",
      title: "manager.content.sections",
      load: async (_db, _id, doc) => (doc.sections as { key: string; tab: string; title: string; locked: boolean }[]).map((s) => ({ key: s.key, tab: s.tab, title: s.title, locked: s.locked })),
      columns: [{ key: "key" }, { key: "tab" }, { key: "title" }, { key: "locked", kind: "bool" }],
    },
  ],
  listLinks: [{ label: "manager.res.reports.create", href: "/manager/reports/create" }],
  links: (d) => [{ label: "manager.content.editReport", href: `/manager/reports/${String(d._id)}/edit` }],
});
