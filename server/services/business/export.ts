// The employee list as a spreadsheet (GET /business/employees/export?format=csv|xlsx — not in the
// spec): the same filter and sort as POST /business/employees (the `filter` parameter is that
// call's filter object as JSON), every page of it, in the request's language.
import { z } from "zod";
import type { T } from "../../../locales";
import { badRequest } from "../../lib/errors";
import { spreadsheetResponse, type Cell } from "../../lib/spreadsheet";
import type { Scope } from "./access";
import { employeeListSchema, listEmployees, SORT_TYPES } from "./employees";

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

export async function exportEmployees(scope: Scope, q: EmployeeExportQuery, t: T) {
  const input = exportListInput(q);
  const first = await listEmployees(scope, input); // a bad id or filter fails here, before any byte
  async function* rows(): AsyncGenerator<Cell[]> {
    let list = first;
    for (;;) {
      for (const e of list.docs) {
        const name = e.format?.name as Record<string, string> | null | undefined;
        yield [
          e.name,
          e.department?.name ?? null,
          e.position?.name ?? null,
          e.format?.code ?? null,
          e.format ? (name?.[t.locale] ?? e.format.code) : null,
          e.harmony,
          e.anxiety,
          t(`cabinet.employees.status.${e.status}`),
          e.createdAt instanceof Date ? e.createdAt.toISOString().slice(0, 10) : null,
        ];
      }
      if (list.page >= list.pages) return;
      list = await listEmployees(scope, { ...input, page: list.page + 1 });
    }
  }
  const header = ["name", "department", "position", "formatCode", "format", "harmony", "anxiety", "status", "createdAt"].map((k) =>
    t(`stats.export.cols.${k}`),
  );
  return spreadsheetResponse({
    format: q.format,
    name: `employees-${new Date().toISOString().slice(0, 10)}`,
    sheet: t("stats.export.sheet"),
    header,
    rows: rows(),
  });
}
