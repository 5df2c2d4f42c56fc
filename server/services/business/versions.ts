// Optimistic concurrency for the cabinet's edit forms (departments, positions, an employee's place,
// name and role, the project's settings), with the back-office's rule (server/lib/versions.ts): a
// form carries the version of what it edits, the API takes it as `If-Match`, and a save over a newer
// version is refused with 409 and writes nothing. Without a version (the spec's clients) a save goes
// through as before. What a version covers, per kind:
// - a department: its row; a position: its row and its activities (the wizard edits both);
// - an employee: the row and the departments they head (the role form changes those), less what
//   jobs derive (`efficiency`, `nameKey`), or every fit recomputation would make the page stale;
// - a project: the row less its invite balance, a counter that joining spends (as the back-office
//   keeps counters out of edit forms): a company inviting people never refuses its owner's rename.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { departments, employees, positions, projects, tasks } from "../../../db/schema";
import { expectVersion, recordVersion } from "../../lib/versions";
import { transaction } from "../../scope";
import type { Scope } from "./access";

const STATE = {
  department: async (db: Db, id: string) => (await db.select().from(departments).where(eq(departments.id, id)))[0] ?? null,
  position: async (db: Db, id: string) => {
    const [row] = await db.select().from(positions).where(eq(positions.id, id));
    if (!row) return null;
    return { row, tasks: await db.select().from(tasks).where(eq(tasks.positionId, id)).orderBy(asc(tasks.sort), asc(tasks.id)) };
  },
  employee: async (db: Db, id: string) => {
    const [row] = await db.select().from(employees).where(eq(employees.id, id));
    if (!row) return null;
    const { efficiency: _e, nameKey: _k, ...own } = row;
    const heads = await db.select({ id: departments.id }).from(departments).where(eq(departments.supervisorId, id)).orderBy(asc(departments.id));
    return { row: own, heads: heads.map((h) => h.id) };
  },
  project: async (db: Db, id: string) => {
    const [row] = await db.select().from(projects).where(eq(projects.id, id));
    if (!row) return null;
    const { inviteBalance: _b, ...own } = row;
    return own;
  },
} satisfies Record<string, (db: Db, id: string) => Promise<Record<string, unknown> | null>>;

export type VersionedKind = keyof typeof STATE;

/** The current version of a cabinet record (null: there is none). */
export async function versionOf(db: Db, kind: VersionedKind, id: string): Promise<string | null> {
  const state = await STATE[kind](db, id);
  return state ? recordVersion(state) : null;
}

/**
 * Runs a save as one unit of work that first checks the version the form or client read (none:
 * no check): a record changed since is refused with 409 (`staleRecord`) before anything is written.
 */
export async function saveChecked<R>(scope: Scope, kind: VersionedKind, id: string, version: string | null | undefined, write: (tx: Scope) => Promise<R>) {
  return transaction(scope, async (tx) => {
    if (version) {
      const state = await STATE[kind](tx.db, id);
      if (state) expectVersion(state, version);
    }
    return write(tx);
  });
}

/** What a save knows of the record its form was made from. */
export type VersionOpts = { version?: string | null };

/** Checks a version without saving (a step that asks before it writes): refused with 409 when stale. */
export const checkVersion = (scope: Scope, kind: VersionedKind, id: string, version: string | null | undefined) =>
  version ? saveChecked(scope, kind, id, version, async () => undefined) : Promise.resolve(undefined);
