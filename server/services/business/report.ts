// The business report (spec §2 /dashboard/report/base, §7 /report/business): one employee's
// business sections (the `business` report texts of their format) with their fit for the
// positions and their soft skills; and the team report — formats over the 27 and indicator
// averages by department — both also as PDF with Cyrillic text (lib/pdf embeds Roboto).
import { asc, eq } from "drizzle-orm";
import { departments, employees, formats } from "../../../db/schema";
import { intlLocale, tFor, type Locale, type ReportLanguage } from "../../../locales";
import { createPdfDocument } from "../../lib/pdf";
import { businessReport } from "../reports";
import type { Scope } from "./access";
import { employeeEfficiency, employeeInputs } from "./efficiency";
import { employeeListSchema, getEmployee, listEmployees } from "./employees";
import { employeeSkills } from "./skills";
import { marksOf, reliabilityLines } from "./reliability";
import { recordExports } from "./views";
import { listFormats } from "../formats";
import { spreadOf, STAT_INDICATORS, statisticsOf } from "./stats";
import { FORMAT_AXES } from "../../../model/formats";
import { formatIn } from "../../lib/time-zone";
import { isId } from "../../lib/ids";

export async function employeeBusinessReport(
  scope: Scope,
  employeeId: string,
  locale: Locale,
  language: ReportLanguage = locale,
  /** A PDF to download: a row in the person's "who viewed" log. */
  exported?: "pdf",
) {
  const e = await getEmployee(scope, employeeId);
  if (exported) await recordExports(scope, [e], exported);
  const [fit, skills] = await Promise.all([employeeEfficiency(scope, e._id, locale), employeeSkills(scope, e._id)]);
  const content = e.consent && e.format ? await businessReport(scope.db, e.format.code, language).catch(() => null) : null;
  const name = (e.format?.name ?? null) as { ru?: string; en?: string } | null;
  const runnerUp = e.reliability?.runnerUp ? (await listFormats(scope.db)).find((f) => f.code === e.reliability!.runnerUp) : null;
  return {
    type: "business" as const,
    language: content?.content.language ?? language,
    employee: { _id: e._id, name: e.name, department: e.department, position: e.position },
    format: e.format && content ? { code: e.format.code, name: name?.[locale] ?? e.format.code, description: content.format.description[locale] ?? "" } : null,
    indicators: e.indicators,
    title: content?.content.title ?? null,
    text: content?.content.text ?? null,
    sections: content?.content.sections ?? [],
    efficiency: fit,
    skills,
    /** false: the person stopped sharing their results (the report then says so, and nothing else) */
    shared: e.consent,
    status: e.status,
    reliability: e.reliability,
    reliabilityLines: e.reliability
      ? reliabilityLines(tFor(locale), e.reliability, (runnerUp?.name as Record<string, string> | undefined)?.[locale] ?? null)
      : [],
    retake: e.retake,
  };
}
export type EmployeeBusinessReport = Awaited<ReturnType<typeof employeeBusinessReport>>;

/** The team in numbers: formats over the 27 and indicator averages by department (people who share their results). */
export async function teamReport(scope: Scope, locale: Locale, exported?: "teamPdf") {
  const [people, deps, fmts, rows] = await Promise.all([
    employeeInputs(scope.db, scope.project.id),
    scope.db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.projectId, scope.project.id))
      .orderBy(asc(departments.name)),
    scope.db.select({ code: formats.code, name: formats.name, position: formats.position }).from(formats).orderBy(asc(formats.position)),
    scope.db
      .select({ id: employees.id, departmentId: employees.departmentId, efficiency: employees.efficiency })
      .from(employees)
      .where(eq(employees.projectId, scope.project.id)),
  ]);
  const info = new Map(rows.map((r) => [r.id, r]));
  const visible = people.filter((p) => !scope.departments || scope.departments.has(info.get(p.id)?.departmentId ?? ""));
  const withResult = visible.filter((p) => p.indicators);
  const formatCount = new Map<string, number>();
  for (const p of withResult) if (p.formatCode) formatCount.set(p.formatCode, (formatCount.get(p.formatCode) ?? 0) + 1);
  const groups = [
    ...deps.filter((d) => !scope.departments || scope.departments.has(d.id)).map((d) => ({ id: d.id as string | null, name: d.name })),
    { id: null, name: tFor(locale)("analytics.report.noDepartment") },
  ];
  const byDepartment = groups
    .map((g) => {
      const members = withResult.filter((p) => (info.get(p.id)?.departmentId ?? null) === g.id);
      const avg = (k: string) => spreadOf(members.map((m) => m.indicators?.[k]).filter((v): v is number => typeof v === "number")).mean;
      const effs = members.map((m) => info.get(m.id)?.efficiency).filter((v): v is number => typeof v === "number");
      return {
        _id: g.id,
        name: g.name,
        people: members.length,
        averages: {
          ...(Object.fromEntries(STAT_INDICATORS.map((k) => [k, avg(k)])) as Record<(typeof STAT_INDICATORS)[number], number | null>),
          efficiency: effs.length ? Math.round(effs.reduce((a, v) => a + v, 0) / effs.length) : null,
        },
      };
    })
    .filter((g) => g.people > 0);
  // the 27-format map and the communication balance as the statistics page counts them, and the
  // people with their result's reliability
  const [{ stats, comm }, roster] = await Promise.all([statisticsOf(scope, null), teamRoster(scope)]);
  if (exported) await recordExports(scope, roster, exported);
  return {
    project: { _id: scope.project.id, name: scope.project.name },
    total: visible.length,
    completed: withResult.length,
    map: stats.map.map((c) => ({ code: c.code, structure: c.structure, volume: c.volume, presentation: c.presentation, count: c.count })),
    communication: comm,
    people: roster.map((e) => ({
      name: e.name,
      department: e.department?.name ?? null,
      position: e.position?.name ?? null,
      format: e.format ? (((e.format.name as Record<string, string> | null)?.[locale] ?? e.format.code) as string) : null,
      shared: e.consent,
      reliability: e.reliability
        ? {
            probability: e.reliability.probability,
            between: e.reliability.between,
            grade: e.reliability.grade,
            careless: e.reliability.careless,
            doubtful: e.reliability.doubtful,
          }
        : null,
    })),
    formats: fmts.map((f) => ({ code: f.code, name: (f.name as Record<string, string>)[locale] ?? f.code, count: formatCount.get(f.code) ?? 0 })),
    departments: byDepartment,
  };
}
export type TeamReport = Awaited<ReturnType<typeof teamReport>>;

/** Everyone the scope may see, by name, with reliability: the list's own pages of 500. */
async function teamRoster(scope: Scope) {
  const out: Awaited<ReturnType<typeof listEmployees>>["docs"] = [];
  for (let page = 1; ; page++) {
    const list = await listEmployees(scope, employeeListSchema.parse({ page, limit: 500, sortType: "department" }));
    out.push(...list.docs);
    if (page >= list.pages) return out;
  }
}

// ------------------------------------------------------------------ PDF
const PAGE = { w: 210, h: 297, margin: 16 };
const BRAND: [number, number, number] = [59, 85, 230];
type Rgb = [number, number, number];

/** A small flowing writer over jspdf: headings, paragraphs, bars and table rows, with page breaks. */
function writer(title: string, locale: Locale) {
  const t = tFor(locale);
  const doc = createPdfDocument();
  doc.setProperties({ title, author: "Thinking Format" });
  const width = PAGE.w - PAGE.margin * 2;
  let y = 16;
  const ensure = (h: number) => {
    if (y + h > PAGE.h - PAGE.margin - 8) {
      doc.addPage();
      y = PAGE.margin;
    }
  };
  const text = (s: string, size: number, style: "normal" | "bold" = "normal", gap = 2, color: Rgb = [30, 41, 59], indent = 0) => {
    doc.setFont("Roboto", style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    const lineH = size * 0.42;
    for (const para of s.split(/\n{2,}/)) {
      for (const line of doc.splitTextToSize(para.replace(/\s+/g, " ").trim(), width - indent) as string[]) {
        ensure(lineH);
        doc.text(line, PAGE.margin + indent, y + lineH * 0.8);
        y += lineH;
      }
      y += gap;
    }
  };
  const bar = (label: string, value: number | null, shown: string) => {
    ensure(10);
    doc.setFont("Roboto", "normal");
    doc.setFontSize(9.5);
    doc.setTextColor(30, 41, 59);
    doc.text(label, PAGE.margin, y + 3.5);
    doc.text(shown, PAGE.margin + width, y + 3.5, { align: "right" });
    doc.setFillColor(226, 232, 240);
    doc.roundedRect(PAGE.margin, y + 5, width, 2.6, 1.3, 1.3, "F");
    if (value !== null) {
      doc.setFillColor(...BRAND);
      doc.roundedRect(PAGE.margin, y + 5, Math.max(2.6, (width * Math.max(0, Math.min(100, value))) / 100), 2.6, 1.3, 1.3, "F");
    }
    y += 10;
  };
  // a cell too long for its column wraps onto more lines (the row grows) rather than being cut
  const row = (cells: string[], widths: number[], bold = false, left = false) => {
    doc.setFont("Roboto", bold ? "bold" : "normal");
    doc.setFontSize(9);
    doc.setTextColor(30, 41, 59);
    const lines = cells.map((c, i) => doc.splitTextToSize(c, widths[i]! * width - 2) as string[]);
    const height = 2 + 4 * Math.max(1, ...lines.map((l) => l.length));
    ensure(height);
    let x = PAGE.margin;
    cells.forEach((_, i) => {
      const w = widths[i]! * width;
      lines[i]!.forEach((line, k) => doc.text(line, i === 0 || left ? x : x + w - 2, y + 4 + 4 * k, i === 0 || left ? undefined : { align: "right" }));
      x += w;
    });
    y += height;
    doc.setDrawColor(226, 232, 240);
    doc.line(PAGE.margin, y - 0.5, PAGE.margin + width, y - 0.5);
  };
  const finish = () => {
    doc.setFillColor(...BRAND);
    const pages = doc.getNumberOfPages();
    for (let i = 1; i <= pages; i++) {
      doc.setPage(i);
      if (i === 1) doc.rect(0, 0, PAGE.w, 7, "F");
      doc.setFont("Roboto", "normal");
      doc.setFontSize(8.5);
      doc.setTextColor(148, 163, 184);
      doc.text(t("report.pdf.footer"), PAGE.margin, PAGE.h - 9);
      doc.text(t("analytics.report.page", { n: i, of: pages }), PAGE.w - PAGE.margin, PAGE.h - 9, { align: "right" });
    }
    return new Uint8Array(doc.output("arraybuffer"));
  };
  /** A table of cells (label and count), shaded by count against `max`, with row and column heads. */
  const grid = (cells: { label: string; count: number }[][], rowHeads: string[], colHeads: string[], max: number) => {
    const head = 16;
    const cw = (width - head) / colHeads.length;
    const ch = 11;
    ensure(5 + ch * cells.length);
    doc.setFont("Roboto", "normal");
    doc.setFontSize(7.5);
    doc.setTextColor(100, 116, 139);
    colHeads.forEach((h, i) => doc.text(h, PAGE.margin + head + cw * i + cw / 2, y + 3, { align: "center" }));
    y += 4.5;
    cells.forEach((r, ri) => {
      doc.setFont("Roboto", "normal");
      doc.setFontSize(7.5);
      doc.setTextColor(100, 116, 139);
      doc.text(rowHeads[ri] ?? "", PAGE.margin, y + ch / 2 + 1);
      r.forEach((cell, ci) => {
        const x = PAGE.margin + head + cw * ci;
        const k = cell.count ? 0.15 + (0.55 * cell.count) / max : 0;
        doc.setFillColor(Math.round(255 - (255 - BRAND[0]) * k), Math.round(255 - (255 - BRAND[1]) * k), Math.round(255 - (255 - BRAND[2]) * k));
        doc.setDrawColor(203, 213, 225);
        doc.rect(x, y, cw, ch, "FD");
        doc.setTextColor(30, 41, 59);
        doc.setFontSize(8);
        doc.text((doc.splitTextToSize(cell.label, cw - 10) as string[])[0] ?? "", x + 1.5, y + 4.2);
        doc.setFont("Roboto", "bold");
        doc.setFontSize(10);
        doc.text(String(cell.count), x + cw - 1.5, y + 4.5, { align: "right" });
        doc.setFont("Roboto", "normal");
      });
      y += ch;
    });
    y += 3;
  };
  const gap = (h: number) => (y += h);
  /** Starts a new page unless `h` mm fit: a heading never sits alone at a page's foot. */
  const need = (h: number) => ensure(h);
  return { t, text, bar, row, grid, finish, gap, need };
}

const dateOf = (locale: Locale, zone: string, now: Date) => formatIn(now, zone, intlLocale(locale), { dateStyle: "long" });
const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : String(Math.round(v)));

export function employeeReportPdf(r: EmployeeBusinessReport, locale: Locale, zone: string, now = new Date()) {
  const w = writer(r.title ?? r.employee.name, locale);
  const { t } = w;
  w.text(t("analytics.report.title"), 10.5, "normal", 1, [100, 116, 139]);
  w.text(`${t("analytics.report.generated", { date: dateOf(locale, zone, now) })}`, 9.5, "normal", 3, [100, 116, 139]);
  w.text(r.employee.name, 22, "bold", 2, [15, 23, 42]);
  w.text([r.employee.department?.name, r.employee.position?.name].filter(Boolean).join(" · ") || "—", 11, "normal", 3, [71, 85, 105]);
  if (!r.format) {
    w.text(t(!r.shared ? "people.stoppedSharing" : "analytics.report.noResult"), 12, "normal", 4);
    return w.finish();
  }
  w.text(r.format.name, 16, "bold", 1.5, BRAND);
  if (r.text || r.format.description) w.text(r.text || r.format.description, 11, "normal", 4);
  // how far the result can be trusted, as the person's own report says
  if (r.reliabilityLines.length) {
    w.text(t("cabinet.reliability.title"), 12, "bold", 1.2, r.reliability?.doubtful ? [180, 83, 9] : [15, 23, 42]);
    for (const line of r.reliabilityLines) w.text(line, 10, "normal", 0.8, [51, 65, 85]);
    w.gap(3);
  }
  // fit for the positions, best first, with the top reasons of each
  w.text(t("analytics.report.fitFor"), 14, "bold", 2, [15, 23, 42]);
  for (const d of r.efficiency.docs) {
    const mark = [d.isCurrent ? t("analytics.fit.current") : null, d.isBest ? t("analytics.fit.best") : null].filter(Boolean).join(", ");
    w.bar(`${d.position.name}${mark ? ` (${mark})` : ""}`, d.efficiency, pct(d.efficiency));
    for (const a of d.explanation.activities)
      for (const reason of a.reasons.slice(0, 2)) w.text(`${a.name}: ${reason.text}`, 8.5, "normal", 0.6, [71, 85, 105], 3);
    w.gap(1.5);
  }
  for (const f of r.efficiency.docs[0]?.explanation.flags ?? []) w.text(f, 9.5, "normal", 1.5, [180, 83, 9]);
  // skills: the five families, then the built-in skills
  w.gap(2);
  w.text(t("analytics.skills.title"), 14, "bold", 2, [15, 23, 42]);
  const fam = r.skills.families;
  w.text(t("analytics.family.researcherRange", { min: pct(fam.researcher.min), max: pct(fam.researcher.max) }), 10, "normal", 1);
  w.text(t("analytics.family.researcherActual", { actual: pct(fam.researcher.actual), potential: pct(fam.researcher.potential) }), 10, "normal", 1);
  w.text(`${t("analytics.family.leaderType")}: ${fam.leader.type ? t(`analytics.family.types.${fam.leader.type}`) : "—"}`, 10, "normal", 1);
  w.text(
    `${t("analytics.family.managerType")}: ${fam.manager.type ? `${t(`analytics.family.types.${fam.manager.type}`)} (${t("analytics.family.horizon", { n: fam.manager.horizonYears ?? 1 })})` : "—"} · ${t("analytics.family.managerResource")}: ${pct(fam.manager.resource)}`,
    10,
    "normal",
    1,
  );
  w.text(
    `${t("analytics.family.businessmanSystem")}: ${pct(fam.businessman.system)} · ${t("analytics.family.businessmanEnergy")}: ${pct(fam.businessman.energy)} · ${t("analytics.family.sellerPercent")}: ${pct(fam.seller.percent)}`,
    10,
    "normal",
    3,
  );
  for (const s of r.skills.natural.filter((s) => s.family === "general")) w.bar(t(`analytics.skills.${s.key}`), s.value, pct(s.value));
  for (const s of r.skills.custom) w.bar(s.name, s.value, pct(s.value));
  for (const a of r.skills.acquired)
    if (a.kind === "acquired")
      w.bar(
        `${a.skill && !isId(a.skill) ? t(`analytics.skills.${a.skill}`) : (r.skills.custom.find((c) => c._id === a.skill)?.name ?? a.skill)} — ${t("analytics.skills.acquired")}`,
        a.value ?? null,
        pct(a.value),
      );
  // the six business sections
  w.gap(2);
  w.text(t("analytics.report.sectionsTitle"), 14, "bold", 2, [15, 23, 42]);
  for (const s of r.sections) {
    w.text(s.title, 12, "bold", 1.2, [15, 23, 42]);
    w.text(s.text, 10.5, "normal", 2.5);
  }
  return w.finish();
}

export function teamReportPdf(r: TeamReport, locale: Locale, zone: string, now = new Date()) {
  const w = writer(r.project.name, locale);
  const { t } = w;
  w.text(t("analytics.report.teamTitle"), 10.5, "normal", 1, [100, 116, 139]);
  w.text(t("analytics.report.generated", { date: dateOf(locale, zone, now) }), 9.5, "normal", 3, [100, 116, 139]);
  w.text(r.project.name, 22, "bold", 2, [15, 23, 42]);
  w.text(`${r.completed} / ${r.total} ${t("analytics.report.people")}`, 11, "normal", 4, [71, 85, 105]);
  w.text(t("analytics.report.formats"), 14, "bold", 2, [15, 23, 42]);
  const max = Math.max(1, ...r.formats.map((f) => f.count));
  for (const f of r.formats.filter((f) => f.count > 0).sort((a, b) => b.count - a.count))
    w.bar(`${f.name} (${f.code})`, (100 * f.count) / max, String(f.count));
  w.gap(3);
  // the 27-format map: a block per structure, rows volume (high first), columns pace
  w.text(t("stats.map.title"), 14, "bold", 2, [15, 23, 42]);
  const names = new Map(r.formats.map((f) => [f.code, f.name]));
  for (const structure of ["system", "balanced", "analytic"] as const) {
    w.text(t(`stats.structure.${structure}`), 10.5, "bold", 1, [51, 65, 85]);
    w.grid(
      [...FORMAT_AXES.volume].reverse().map((volume) =>
        FORMAT_AXES.presentation.map((presentation) => {
          const cell = r.map.find((c) => c.structure === structure && c.volume === volume && c.presentation === presentation);
          return { label: names.get(cell?.code ?? "") ?? cell?.code ?? "", count: cell?.count ?? 0 };
        }),
      ),
      [...FORMAT_AXES.volume].reverse().map((v) => t(`stats.volume.${v}`)),
      FORMAT_AXES.presentation.map((p) => t(`stats.pace.${p}`)),
      Math.max(1, ...r.map.map((c) => c.count)),
    );
  }
  w.text(t("stats.map.lead"), 8.5, "normal", 3, [100, 116, 139]);
  // the communication balance
  w.need(40);
  w.text(t("stats.communication.title"), 14, "bold", 2, [15, 23, 42]);
  if (!r.communication.balance.length) {
    w.text(t(r.communication.positions ? "stats.communication.noPeople" : "stats.communication.noPositions"), 10, "normal", 3);
  } else {
    const bw = [0.34, 0.22, 0.22, 0.22];
    w.row([t("stats.communication.sphere"), t("stats.communication.demand"), t("stats.communication.supply"), t("stats.communication.gap")], bw, true);
    for (const b of r.communication.balance)
      w.row(
        [t(`stats.sphere.${b.sphere}`), `${b.demand} %`, `${b.supply} %`, `${b.gap > 0 ? "+" : ""}${b.gap} (${t(`stats.communication.status.${b.status}`)})`],
        bw,
      );
    w.text(t("stats.communication.lead"), 8.5, "normal", 3, [100, 116, 139]);
  }
  w.gap(2);
  w.need(30);
  w.text(t("analytics.report.averages"), 14, "bold", 2, [15, 23, 42]);
  const cols = ["system", "analytics", "volume", "presentation", "harmony", "anxiety"] as const;
  const widths = [0.28, 0.08, 0.09, 0.09, 0.09, 0.11, 0.09, 0.08, 0.09];
  w.row(
    [
      t("cabinet.employees.department"),
      t("analytics.report.people"),
      ...cols.map((c) => t(`analytics.report.short.${c}`)),
      t("analytics.report.short.efficiency"),
    ],
    widths,
    true,
  );
  for (const d of r.departments) w.row([d.name, String(d.people), ...cols.map((c) => pct(d.averages[c])), pct(d.averages.efficiency)], widths);
  w.gap(2);
  w.text(t("analytics.report.short.legend"), 8.5, "normal", 1, [100, 116, 139]);
  // the people: name, department, position, format and how far it can be trusted
  w.gap(4);
  w.need(30);
  w.text(t("people.team.title"), 14, "bold", 2, [15, 23, 42]);
  const pw = [0.22, 0.14, 0.14, 0.18, 0.32];
  w.row(
    [
      t("stats.export.cols.name"),
      t("stats.export.cols.department"),
      t("stats.export.cols.position"),
      t("stats.export.cols.format"),
      t("people.team.reliability"),
    ],
    pw,
    true,
    true,
  );
  for (const p of r.people) {
    const rel = !p.shared
      ? t("people.stoppedSharingShort")
      : p.reliability
        ? [`${p.reliability.probability} %`, ...marksOf(p.reliability).map((m) => t(`cabinet.reliability.mark.${m}.label`))].join(" · ")
        : "—";
    w.row([p.name || t("cabinet.employees.noName"), p.department ?? "—", p.position ?? "—", p.shared ? (p.format ?? "—") : "—", rel], pw, false, true);
  }
  w.text(t("people.team.legend"), 8.5, "normal", 1, [100, 116, 139]);
  return w.finish();
}
