// The employee list as a spreadsheet (GET /business/employees/export?format=csv|xlsx — not in the
// spec): the same filter and sort as POST /business/employees (the `filter` parameter is that
// call's filter object as JSON), every page of it, in the request's language. What the screen
// shows and more: the personnel number and supervisor, the result's reliability, fit for the
// person's position, every indicator and the skills. A Russian CSV is `;`-separated with decimal
// commas (what Excel expects in that locale), an English one `,`; XLSX dates are real dates.
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { departments, employees, results } from "../../../db/schema";
import { naturalSkills, SKILL_TYPES } from "../../../model/skills";
import type { T } from "../../../locales";
import { badRequest } from "../../lib/errors";
import { spreadsheetResponse, type Cell } from "../../lib/spreadsheet";
import type { Scope } from "./access";
import { type EmployeeDoc, employeeListSchema, listEmployees, SORT_TYPES } from "./employees";
import { listFormats } from "../formats";
import { marksOf, type Reliability } from "./reliability";
import { recordExports } from "./views";

export const employeeExportSchema = z.object({
  format: z.enum(["csv", "xlsx"], { error: "common.validation.invalid" }),
  filter: z.string().max(2000).optional(),
  sortType: z.enum(SORT_TYPES).optional(),
  sortDirection: z.string().max(4).optional(),
});
export type EmployeeExportQuery = z.infer<typeof employeeExportSchema>;
const PAGE = 500; // the list's own maximum page

/** The list call's input from the export's query; a bad filter is a 400 on its field. */
export function exportListInput(q: EmployeeExportQuery) {
  let filter: unknown = {};
  if (q.filter) {
    try {
      filter = JSON.parse(q.filter);
    } catch {
      throw badRequest("errors.validation", { filter: "common.validation.invalid" });
    }
  }
  const parsed = employeeListSchema.safeParse({ filter, sortType: q.sortType, sortDirection: q.sortDirection, limit: PAGE });
  if (!parsed.success) throw badRequest("errors.validation", Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
  return parsed.data;
}

const INDICATORS = ["system", "analytics", "volume", "presentation", "ME_SYSTEM", "ME_ANALYT", "WE_SYSTEM", "WE_ANALYT", "WR_SYSTEM", "WR_ANALYT"] as const;
const GENERAL_SKILLS = SKILL_TYPES.filter((s) => s.family === "general").map((s) => s.key);

/** The export's columns, in order: the header's locale keys. */
export function exportHeader(t: T) {
  return [
    t("stats.export.cols.name"),
    t("people.export.personnelNumber"),
    t("stats.export.cols.department"),
    t("stats.export.cols.position"),
    t("people.export.supervisor"),
    t("stats.export.cols.formatCode"),
    t("stats.export.cols.format"),
    t("people.export.confidence"),
    t("people.export.secondFormat"),
    t("people.export.quality"),
    t("people.export.marks"),
    t("people.export.fit"),
    t("people.export.diff"),
    t("stats.export.cols.harmony"),
    t("stats.export.cols.anxiety"),
    ...INDICATORS.map((k) => (k.includes("_") ? t(`stats.indicators.${k}`) : t(`cabinet.employees.indicators.${k}`))),
    t("people.export.researcher"),
    t("analytics.family.businessmanSystem"),
    t("analytics.family.businessmanEnergy"),
    t("analytics.family.sellerPercent"),
    t("analytics.family.leaderType"),
    t("analytics.family.managerType"),
    t("analytics.family.managerResource"),
    ...GENERAL_SKILLS.map((k) => t(`analytics.skills.${k}`)),
    t("stats.export.cols.status"),
    t("stats.export.cols.createdAt"),
  ];
}

/** The latest completed result's indicators for each of these people (one query per page). */
async function indicatorsOf(scope: Scope, userIds: string[]) {
  const out = new Map<string, Record<string, number>>();
  if (!userIds.length) return out;
  const rows = await scope.db
    .select({ userId: results.userId, indicators: results.indicators })
    .from(results)
    .where(and(inArray(results.userId, userIds), eq(results.isCompleted, true)))
    .orderBy(desc(results.completedAt));
  for (const r of rows) if (r.userId && !out.has(r.userId) && r.indicators) out.set(r.userId, r.indicators as Record<string, number>);
  return out;
}

/** Supervisors' names: the person's own supervisor, else the head of their department. */
async function supervisorsOf(scope: Scope, docs: EmployeeDoc[]) {
  const heads = await scope.db
    .select({ department: departments.id, supervisor: departments.supervisorId })
    .from(departments)
    .where(and(eq(departments.projectId, scope.project.id), isNotNull(departments.supervisorId)));
  const headOf = new Map(heads.map((h) => [h.department, h.supervisor!]));
  const ids = [...new Set(docs.map((d) => d.supervisor ?? (d.department ? headOf.get(d.department._id) : undefined)).filter((x): x is string => !!x))];
  const names = ids.length
    ? new Map(
        (
          await scope.db
            .select({ id: employees.id, name: employees.name })
            .from(employees)
            .where(and(eq(employees.projectId, scope.project.id), inArray(employees.id, ids)))
        ).map((e) => [e.id, e.name]),
      )
    : new Map<string, string>();
  return (d: EmployeeDoc) => {
    const id = d.supervisor ?? (d.department ? headOf.get(d.department._id) : undefined);
    // a head of department is not their own supervisor
    return id && id !== d._id ? (names.get(id) ?? null) : null;
  };
}

const round1 = (v: number | null | undefined) => (typeof v === "number" ? Math.round(v * 10) / 10 : null);

export async function exportEmployees(scope: Scope, q: EmployeeExportQuery, t: T) {
  const input = exportListInput(q);
  const first = await listEmployees(scope, input); // a bad id or filter fails here, before any byte
  // the second format by its name in the reader's language, not its code
  const formatName = new Map((await listFormats(scope.db)).map((f) => [f.code, (f.name as Record<string, string> | null)?.[t.locale] ?? f.code]));
  async function* rows(): AsyncGenerator<Cell[]> {
    let list = first;
    for (;;) {
      const docs = list.docs as (EmployeeDoc & { reliability: Reliability | null })[];
      // each person whose results leave in this file: a row in their "who viewed" log
      await recordExports(scope, docs, q.format === "xlsx" ? "xlsx" : "csv");
      const [ind, supervisor] = await Promise.all([
        indicatorsOf(
          scope,
          docs.filter((d) => d.consent && d.user).map((d) => d.user!),
        ),
        supervisorsOf(scope, docs),
      ]);
      for (const e of docs) {
        const name = e.format?.name as Record<string, string> | null | undefined;
        const values = e.consent && e.user ? (ind.get(e.user) ?? null) : null;
        const skills = values ? naturalSkills(values) : null;
        const r = e.reliability;
        yield [
          e.name,
          e.personnelNumber,
          e.department?.name ?? null,
          e.position?.name ?? null,
          supervisor(e),
          e.format?.code ?? null,
          e.format ? (name?.[t.locale] ?? e.format.code) : null,
          r ? r.probability : null,
          r?.between && r.runnerUp ? (formatName.get(r.runnerUp) ?? r.runnerUp) : null,
          r ? t(`people.reliability.grade.${r.grade}`) : null,
          r
            ? marksOf(r)
                .map((m) => t(`cabinet.reliability.mark.${m}.label`))
                .join("; ") || null
            : null,
          round1(e.efficiency),
          round1(e.diff),
          round1(e.harmony),
          round1(e.anxiety),
          ...INDICATORS.map((k) => round1(values?.[k])),
          round1(skills?.researcher.actual),
          round1(skills?.businessman.system),
          round1(skills?.businessman.energy),
          round1(skills?.seller.percent),
          skills?.leader.type ? t(`analytics.family.types.${skills.leader.type}`) : null,
          skills?.manager.type ? t(`analytics.family.types.${skills.manager.type}`) : null,
          round1(skills?.manager.resource),
          ...GENERAL_SKILLS.map((k) => round1(skills?.all[k])),
          t(`cabinet.employees.status.${e.status}`),
          e.createdAt instanceof Date ? e.createdAt : null,
        ];
      }
      if (list.page >= list.pages) return;
      list = await listEmployees(scope, { ...input, page: list.page + 1 });
    }
  }
  return spreadsheetResponse({
    format: q.format,
    name: `employees-${new Date().toISOString().slice(0, 10)}`,
    sheet: t("stats.export.sheet"),
    header: exportHeader(t),
    rows: rows(),
    // Excel in the Russian locale splits a CSV on ";" and reads "52,5" as a number
    csv: t.locale === "ru" ? { separator: ";", decimalComma: true } : undefined,
    dateFormat: t.locale === "ru" ? "dd.mm.yyyy" : "yyyy-mm-dd",
  });
}
