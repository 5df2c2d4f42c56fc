// Invitations from a CSV file: one person a line, `e-mail; name; department; position` (only the
// e-mail is required), separated by `;` (Russian Excel) or `,`, with or without a header line.
// All or nothing: a file with any bad line invites nobody and every bad line is reported with its
// number, so the owner fixes the file and sends it again instead of working out who of a half-
// imported list still needs inviting.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { departments, positions } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { requireCan, type Scope } from "./access";
import { createInvites, followUpFields } from "./invites";

/** Lines per file (the daily mail limit may refuse fewer). */
export const CSV_MAX_ROWS = 500;

export const inviteImportSchema = z.object({
  csv: z.string({ error: "common.validation.required" }).max(200_000, "followup.errors.csvTooLarge"),
  ...followUpFields,
});

export interface CsvRow {
  line: number;
  email: string;
  name: string | null;
  department: string | null;
  position: string | null;
}

export interface CsvProblem {
  line: number;
  key: string;
  value?: string;
}

/** One line's cells: `"` quotes a cell (a doubled `""` inside is a quote). */
function cells(line: string, sep: string) {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"' && cur.trim() === "") {
      quoted = true;
      cur = "";
    } else if (ch === sep) {
      out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

const HEADERS: Record<string, keyof Omit<CsvRow, "line">> = {
  email: "email",
  "e-mail": "email",
  почта: "email",
  "эл. почта": "email",
  name: "name",
  имя: "name",
  фио: "name",
  department: "department",
  отдел: "department",
  position: "position",
  должность: "position",
};

/** Parses the file's text; the problems found in it, by line number (1-based, as an editor shows). */
export function parseInviteCsv(text: string): { rows: CsvRow[]; problems: CsvProblem[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const firstFilled = lines.find((l) => l.trim());
  if (!firstFilled) return { rows: [], problems: [{ line: 1, key: "followup.csv.empty" }] };
  const sep = (firstFilled.match(/;/g)?.length ?? 0) >= (firstFilled.match(/,/g)?.length ?? 0) ? ";" : ",";
  let order: (keyof Omit<CsvRow, "line">)[] = ["email", "name", "department", "position"];
  const rows: CsvRow[] = [];
  const problems: CsvProblem[] = [];
  const seen = new Map<string, number>();
  let headerDone = false;
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    const values = cells(raw, sep);
    if (!headerDone) {
      headerDone = true;
      const mapped = values.map((v) => HEADERS[v.toLowerCase()]);
      if (mapped.includes("email")) {
        order = mapped.map((m) => m ?? ("" as never));
        return;
      }
    }
    const row: CsvRow = { line, email: "", name: null, department: null, position: null };
    order.forEach((key, k) => {
      if (!key) return;
      const v = values[k]?.trim() ?? "";
      if (key === "email") row.email = v.toLowerCase();
      else row[key] = v || null;
    });
    if (!row.email) problems.push({ line, key: "followup.csv.noEmail" });
    else if (!z.email().safeParse(row.email).success) problems.push({ line, key: "followup.csv.badEmail", value: row.email });
    else if (seen.has(row.email)) problems.push({ line, key: "followup.csv.duplicate", value: String(seen.get(row.email)) });
    else seen.set(row.email, line);
    if (row.name && row.name.length > 120) problems.push({ line, key: "followup.csv.nameTooLong" });
    rows.push(row);
  });
  if (!rows.length && !problems.length) problems.push({ line: 1, key: "followup.csv.empty" });
  if (rows.length > CSV_MAX_ROWS) problems.push({ line: rows[CSV_MAX_ROWS]!.line, key: "followup.csv.tooMany" });
  return { rows, problems };
}

/**
 * Invites the file's people, each placed (on joining) in the department and position the file
 * names. Departments and positions are matched by name in this project, case aside; a position
 * named with a department must belong to it. Any problem: nothing is invited, 400 with every line.
 */
export async function importInvites(scope: Scope, input: z.output<typeof inviteImportSchema>) {
  requireCan(scope, "invites");
  const { rows, problems } = parseInviteCsv(input.csv);
  const deps_ = await scope.db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.projectId, scope.project.id));
  const poss = await scope.db
    .select({ id: positions.id, name: positions.name, departmentId: positions.departmentId })
    .from(positions)
    .where(eq(positions.projectId, scope.project.id));
  const key = (s: string) => s.trim().toLowerCase();
  const placement = new Map<string, { name: string | null; departmentId: string | null; positionId: string | null }>();
  for (const row of rows) {
    let departmentId: string | null = null;
    let positionId: string | null = null;
    if (row.department) {
      const found = deps_.filter((d) => key(d.name) === key(row.department!));
      if (found.length !== 1)
        problems.push({ line: row.line, key: found.length ? "followup.csv.departmentAmbiguous" : "followup.csv.noDepartment", value: row.department });
      else departmentId = found[0]!.id;
    }
    if (row.position) {
      const found = poss.filter((p) => key(p.name) === key(row.position!) && (!departmentId || !p.departmentId || p.departmentId === departmentId));
      if (found.length !== 1)
        problems.push({ line: row.line, key: found.length ? "followup.csv.positionAmbiguous" : "followup.csv.noPosition", value: row.position });
      else {
        positionId = found[0]!.id;
        departmentId ??= found[0]!.departmentId;
      }
    }
    placement.set(row.email, { name: row.name, departmentId, positionId });
  }
  if (problems.length) {
    problems.sort((a, b) => a.line - b.line);
    const text = problems.map((p) => `${scope.t("followup.csv.line", { line: p.line })}: ${scope.t(p.key, { value: p.value ?? "" })}`).join("\n");
    throw new AppError(400, "csv_refused", "followup.csv.refused", { csv: text }, { count: problems.length });
  }
  const result = await createInvites(scope, {
    emails: rows.map((r) => r.email),
    locale: undefined,
    message: input.message,
    expiresAt: input.expiresAt,
    placement,
  });
  return { invited: result.docs.length, skipped: result.skipped };
}
