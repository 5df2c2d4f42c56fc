// Report content in the back-office: /manager/reports (filter by type and locale), /{id}, and
// /api/manager/reports. The editor with its live preview (/manager/reports/create, /{id}/edit) is
// routes/manager/content.tsx; the writes (sanitised, audited, caches dropped) are server/admin/content.ts.
import { eq } from "drizzle-orm";
import { formats, reports } from "../../../db/schema";
import { FORMATS } from "../../../model";
import { notFound } from "../../lib/errors";
import { REPORT_LANGS, REPORT_TYPES } from "../content";
import { populateFormats } from "../populate";
import { defineResource } from "../resource";

const FORMAT_CODES = FORMATS.map((f) => f.code) as [string, ...string[]];

/** A format named by its code or its number (1–27, the class order + 1): spec "id (default 1)". */
export async function formatCodeOf(db: import("../../../db/client").Db, id: string) {
  const byNumber = /^\d{1,2}$/.test(id) ? FORMATS[Number(id) - 1]?.code : undefined;
  const code = byNumber ?? id.toUpperCase();
  const [row] = await db.select({ code: formats.code }).from(formats).where(eq(formats.code, code));
  if (!row) throw notFound();
  return row.code;
}

export const reportResource = defineResource({
  name: "reports",
  access: { write: ["content"] },
  pagePath: "reports",
  apiPath: "/reports",
  menu: { label: "cabinet.nav.manager.reports", icon: "✎", order: 110 },
  listPopulate: ["fm"],
  table: reports,
  id: reports.id,
  recordRepresentation: (d) => d.title as string,
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
    { key: "type", label: "manager.fields.reportType", valueLabels: "manager.values.reportTypes" },
    { key: "language", label: "manager.fields.locale", valueLabels: "manager.values.locale" },
    { key: "sectionCount", kind: "number" },
    { key: "updatedAt", kind: "date" },
  ],
  fields: [
    { key: "fm", label: "manager.fields.format", kind: "format" },
    { key: "type", label: "manager.fields.reportType", valueLabels: "manager.values.reportTypes" },
    { key: "language", label: "manager.fields.locale", valueLabels: "manager.values.locale" },
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
      load: async (_db, _id, doc) =>
        (doc.sections as { key: string; tab: string; title: string; locked: boolean }[]).map((s) => ({
          key: s.key,
          tab: s.tab,
          title: s.title,
          locked: s.locked,
        })),
      columns: [{ key: "key" }, { key: "tab", label: "manager.content.tab", valueLabels: "report.tabs" }, { key: "title" }, { key: "locked", kind: "bool" }],
    },
  ],
  listLinks: [{ label: "manager.res.reports.create", href: "/manager/reports/create" }],
  links: (d) => [{ label: "manager.content.editReport", href: `/manager/reports/${String(d._id)}/edit` }],
});
