// The schema's section: business analytics.
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool } from "./columns";
import { employees, positions, projects } from "./business";

/** Fit for a position ("efficiency", model/fit.ts) per employee × position, with the formula's version. */
export const employeeFits = sqliteTable(
  "employee_fits",
  {
    employeeId: text()
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    positionId: text()
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    efficiency: real(),
    flags: text({ mode: "json" }).$type<string[]>().notNull(),
    version: text().notNull(),
    computedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.positionId] }),
    // "who fits this position": the position's people best first
    index("employee_fits_position_idx").on(t.positionId, t.efficiency),
    index("employee_fits_project_version_idx").on(t.projectId, t.version),
  ],
);

/** Per employee: the list's analytics fields (filters and sorting), recomputed with the fits. */
export const employeeAnalytics = sqliteTable(
  "employee_analytics",
  {
    employeeId: text()
      .primaryKey()
      .references(() => employees.id, { onDelete: "cascade" }),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    resultId: text(),
    harmony: real(),
    anxiety: real(),
    /** Fit for the current position. */
    efficiency: real(),
    bestPositionId: text(),
    bestEfficiency: real(),
    /** Best position's efficiency − the current one's. */
    diff: real(),
    researcherMin: integer(),
    researcherMax: integer(),
    researcherActual: integer(),
    researcherPotential: integer(),
    businessmanSystem: integer(),
    businessmanEnergy: integer(),
    leaderType: text(),
    managerType: text(),
    managerResource: integer(),
    sellerPercent: integer(),
    crisis: bool(),
    version: text().notNull(),
    computedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("employee_analytics_efficiency_idx").on(t.projectId, t.efficiency),
    index("employee_analytics_diff_idx").on(t.projectId, t.diff),
    // ensureFresh: "rows of another formula version in this project?" without reading them all
    index("employee_analytics_project_version_idx").on(t.projectId, t.version),
  ],
);
