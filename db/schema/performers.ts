// The schema's section: the people an owner marks as doing a position's job well, from whom the
// position's target can be calibrated (model/fit-performers.ts).
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { employees, positions } from "./business";
import { createdAt } from "./columns";
import { users } from "./people";

export const positionPerformers = sqliteTable(
  "position_performers",
  {
    positionId: text()
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    employeeId: text()
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    markedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // the position's list reads by the key; a person leaving deletes their marks by the second index
  (t) => [primaryKey({ columns: [t.positionId, t.employeeId] }), index("position_performers_employee_idx").on(t.employeeId)],
);
