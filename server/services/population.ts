// The population a test's new results are calibrated in (model/recalibrate.ts): the means of the answer
// features of its latest attentive respondents. Each completed result stores its own share
// (results.population_share), so the profile is one indexed read of at most POPULATION_WINDOW short rows
// (results_test_completed_idx, newest first), not their 110 answers each.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { results } from "../../db/schema";
import { populationProfile, POPULATION_WINDOW, type PopulationProfile } from "../../model/index";

/**
 * The profile of a test's latest respondents graded good (doubtful ones answer unlike the population they
 * belong to), or null when there are none; the map ignores one of fewer than its `minPeople`.
 */
export async function testPopulation(db: Db, testId: string): Promise<PopulationProfile | null> {
  const rows = await db
    .select({ share: results.populationShare })
    .from(results)
    .where(and(eq(results.testId, testId), eq(results.isCompleted, true), eq(results.isDoubt, false), isNotNull(results.populationShare)))
    .orderBy(desc(results.completedAt))
    .limit(POPULATION_WINDOW);
  return populationProfile(rows.flatMap((r) => (Array.isArray(r.share) ? [r.share] : [])));
}
