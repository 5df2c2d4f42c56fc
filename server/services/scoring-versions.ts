// Scoring versions (model/README.md "Scoring versions"): the keying a result is scored with. A
// change of an item's keying in the back-office appends a version holding the test's whole new
// keying; results completed before keep the indicators they were scored with (and name their
// version in results.scoringVersion), results completed after use the newest version.
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { scoringVersions } from "../../db/schema";
import { DEFAULT_SCORING, SCORING_VERSION, scoringVersion, type Keying, type ScoringVersion } from "../../model";

export type ScoringVersionRow = typeof scoringVersions.$inferSelect;

// a version never changes once written, so its built key can be kept for the process
const built = new Map<string, ScoringVersion>();
const toScoring = (row: ScoringVersionRow) => {
  let s = built.get(row.version);
  if (!s) built.set(row.version, (s = scoringVersion(row.version, row.keying)));
  return s;
};

/** The newest scoring version of a test (the item bank's own when none was made). */
export async function currentScoring(db: Db, testId: string): Promise<ScoringVersion> {
  const [row] = await db
    .select()
    .from(scoringVersions)
    .where(eq(scoringVersions.testId, testId))
    .orderBy(desc(scoringVersions.createdAt), desc(scoringVersions.version))
    .limit(1);
  return row ? toScoring(row) : DEFAULT_SCORING;
}

/** A result's own version (the rechecker scores a result as it was scored). */
export async function scoringByName(db: Db, version: string | null): Promise<ScoringVersion> {
  if (!version || version === SCORING_VERSION) return DEFAULT_SCORING;
  const hit = built.get(version);
  if (hit) return hit;
  const [row] = await db.select().from(scoringVersions).where(eq(scoringVersions.version, version)).limit(1);
  return row ? toScoring(row) : DEFAULT_SCORING;
}

/** Appends the next version of a test (scoring-v2.1, scoring-v2.2, …) with its whole keying. */
export async function appendScoringVersion(db: Db, testId: string, keying: Keying, change: Record<string, unknown>, createdBy: string | null) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(scoringVersions).where(eq(scoringVersions.testId, testId));
  const version = `${SCORING_VERSION}.${n + 1}${testId === DEFAULT_TEST ? "" : `-${testId.slice(-6)}`}`;
  await db
    .insert(scoringVersions)
    .values({ version, testId, keying: keying.map((k) => ({ position: k.position, keys: k.keys.map((x) => ({ ...x })) })), change, createdBy });
  return version;
}

export async function listScoringVersions(db: Db, testId: string) {
  return db.select().from(scoringVersions).where(eq(scoringVersions.testId, testId)).orderBy(desc(scoringVersions.createdAt));
}

const DEFAULT_TEST = "0000000000000000000000a1"; // db/seed DEFAULT_TEST_ID (the seed imports the server, not the reverse)
