// What the cabinet's two analytic screens show, each as one call: the statistics (figures, the
// communication balance, the coverage, with the format names and departments the filter offers)
// and the comparison of picked employees (indicators ranked by how far apart the people are, fit
// for one position, skills with the widest spread first). The pages only draw these.
import { and, eq } from "drizzle-orm";
import { departments, employees } from "../../../db/schema";
import type { Locale } from "../../../locales";
import { listFormats } from "../formats";
import type { Scope } from "./access";
import { listDepartments } from "./departments";
import { fitsForPosition } from "./efficiency";
import { getEmployee, listManagers } from "./employees";
import { listPositions } from "./positions";
import { employeeSkills } from "./skills";
import { SPHERES, statisticsOf } from "./stats";
import { isId } from "../../lib/ids";

/** /business/statistics: one department's subtree or the whole project. */
export async function statisticsScreen(scope: Scope, input: { department?: string | null; locale: Locale }) {
  const department = input.department && isId(input.department) ? input.department : "";
  const [{ stats, comm, coverage }, formats, departments] = await Promise.all([
    statisticsOf(scope, department || null),
    listFormats(scope.db),
    listDepartments(scope),
  ]);
  return {
    stats,
    comm,
    coverage,
    department,
    departments: departments.map((d) => ({ _id: d._id, name: d.name })),
    names: Object.fromEntries(formats.map((f) => [f.code, (f.name as Record<string, string>)[input.locale] ?? f.code])),
  };
}

/** Every indicator a result holds, with its scale (for bars and for ranking differences). */
export const COMPARED: { key: string; min: number; max: number }[] = [
  { key: "system", min: 0, max: 100 },
  { key: "analytics", min: 0, max: 100 },
  { key: "volume", min: 0, max: 100 },
  { key: "presentation", min: -100, max: 100 },
  { key: "harmony", min: 0, max: 100 },
  { key: "anxiety", min: -10, max: 10 },
  ...SPHERES.flatMap((s) => [
    { key: `${s}_SYSTEM`, min: 0, max: 100 },
    { key: `${s}_ANALYT`, min: 0, max: 100 },
  ]),
];

/** Indicators ordered by how far apart the people are (the range as a share of the scale). */
export function rankDifferences(people: { indicators: Record<string, number> | null }[]) {
  return COMPARED.map((c) => {
    const values = people.map((p) => p.indicators?.[c.key]).filter((v): v is number => typeof v === "number");
    const spread = values.length > 1 ? (Math.max(...values) - Math.min(...values)) / (c.max - c.min) : 0;
    return { ...c, values: values.length, spread };
  })
    .filter((c) => c.values > 0)
    .sort((a, b) => b.spread - a.spread);
}

export const COMPARE_MAX = 10;

/**
 * /dashboard/employees/compare?ids=…: up to ten people of this project (ids of another project are
 * not found in this one: left out, never shown), the fit for the asked position (else the first
 * person's, else the first), and one row per skill — built-in, then the company's own — with the
 * widest spread first.
 */
export async function compareEmployees(scope: Scope, input: { ids: readonly string[]; position?: string | null }) {
  const ids = [...new Set(input.ids)].filter(isId).slice(0, COMPARE_MAX);
  const people = (await Promise.all(ids.map((id) => getEmployee(scope, id).catch(() => null)))).filter((p): p is NonNullable<typeof p> => p !== null);
  if (people.length < 2) return { people, ranked: [], fit: null, positions: [], skills: [] };
  const shown = people.map((p) => p._id);
  const [positions, skillSets] = await Promise.all([listPositions(scope), Promise.all(shown.map((id) => employeeSkills(scope, id)))]);
  const position = positions.find((p) => p._id === input.position) ?? positions.find((p) => p._id === people[0]!.position?._id) ?? positions[0];
  const fit = position ? { position: { _id: position._id, name: position.name }, scores: await fitsForPosition(scope, position._id, shown) } : null;
  const rows = new Map<string, { key: string; name: string | null; values: Record<string, number | null> }>();
  skillSets.forEach((set, i) => {
    const add = (key: string, name: string | null, value: number | null) => {
      const row = rows.get(key) ?? { key, name, values: {} };
      row.values[shown[i]!] = value === null ? null : Math.round(value);
      rows.set(key, row);
    };
    for (const n of set.natural) add(n.key, null, n.value);
    for (const d of set.custom) add(d._id, d.name, d.value);
  });
  const skills = [...rows.values()]
    .map((r) => {
      const v = Object.values(r.values).filter((x): x is number => x !== null);
      return { ...r, spread: v.length > 1 ? Math.max(...v) - Math.min(...v) : 0 };
    })
    .filter((r) => Object.values(r.values).some((x) => x !== null))
    .sort((a, b) => b.spread - a.spread || a.key.localeCompare(b.key));
  return { people, ranked: rankDifferences(people), fit, positions: positions.map((p) => ({ _id: p._id, name: p.name })), skills };
}

/**
 * The choices of an employee's supervisor select: the project's managers and heads of departments
 * (a supervisor's scope sees those inside their subtree), and whoever supervises the person now —
 * not the whole staff (a 5,000-person project would send 5,000 options for one select).
 */
export async function supervisorOptions(scope: Scope, employeeId: string, current: { _id: string; name: string } | null) {
  const managers = await listManagers(scope);
  const options = managers.filter((m) => m._id !== employeeId).map((m) => ({ _id: m._id, name: m.name }));
  if (current && !options.some((o) => o._id === current._id)) options.unshift(current);
  return options;
}

/** The departments the caller heads themselves (the roots of a supervisor's scope), by name. */
export async function headedDepartments(scope: Scope) {
  const rows = await scope.db
    .select({ name: departments.name })
    .from(departments)
    .innerJoin(employees, eq(employees.id, departments.supervisorId))
    .where(and(eq(departments.projectId, scope.project.id), eq(employees.userId, scope.user.id)));
  return rows.map((r) => r.name);
}
