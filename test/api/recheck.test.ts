// The back-office rechecker classifies a result as its completion did: with the result's own scoring
// version (items it reversed are mirrored before the network) and its test's population.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { results } from "../../db/schema";
import { ITEMS } from "../../model/items";
import { recheck } from "../../server/admin/results";
import { appendScoringVersion } from "../../server/services/scoring-versions";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, user } from "../fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the rechecker", () => {
  it("gives a result completed under a scoring version that reverses items the probabilities its completion gave", async () => {
    const { docs } = (await (await t.app.request("/api/test")).json()) as { docs: { _id: string }[] };
    // the first twenty items keyed the other way round: the network must see them mirrored
    const keying = ITEMS.map((it) => ({ position: it.position, keys: it.keys.map((k) => ({ ...k, sign: it.position <= 20 ? -k.sign : k.sign })) }));
    const version = await appendScoringVersion(t.deps.db, docs[0]!._id, keying, { reversed: 20 }, null);
    const id = await completedResult(t, await user(t, { confirmed: false }), (p) => ((p * 7 + 1) % 5) - 2);
    const [stored] = await t.deps.db.select().from(results).where(eq(results.id, id));
    expect(stored!.scoringVersion).toBe(version);
    const view = await recheck(t.deps.db, id, false);
    expect(view.network.modelVersion).toBe(stored!.modelVersion);
    expect(view.array[view.formats.indexOf(stored!.formatCode!)]).toBe(stored!.probability);
    expect(view.array[view.formats.indexOf(stored!.runnerUpCode!)]).toBe(stored!.runnerUpProbability);
  });
});
