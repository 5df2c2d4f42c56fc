// The questions' item analysis reads the completed results in batches, yielding between them (a cold
// start over 100,000 results no longer holds the whole site): the figures are the same whatever the
// batch size, and two visits at once share one computation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultTest } from "../../server/services/testing";
import { invalidateItemAnalysis, itemAnalysis } from "../../server/services/item-analysis";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, user } from "../fixtures";

let t: TestApp;
let testId: string;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  for (let seed = 0; seed < 7; seed++) await completedResult(t, await user(t), (p) => ((p * (seed + 2) + seed) % 5) - 2);
  testId = (await defaultTest(t.deps.db)).id;
}, 120_000);
afterAll(() => t.close());

const figures = (a: Awaited<ReturnType<typeof itemAnalysis>>) => {
  const { computedMs: _ms, cached: _c, ...rest } = a;
  return JSON.stringify(rest);
};

describe("the item analysis in batches", () => {
  it("gives the same figures read 2 results at a time as in one batch, and counts every respondent", async () => {
    invalidateItemAnalysis();
    const whole = await itemAnalysis(t.deps.db, testId);
    invalidateItemAnalysis();
    const small = await itemAnalysis(t.deps.db, testId, 2);
    expect(figures(small)).toBe(figures(whole));
    expect(JSON.stringify(whole)).toContain('"n":7');
  });

  it("two visits at once share one computation", async () => {
    invalidateItemAnalysis();
    const [a, b] = [itemAnalysis(t.deps.db, testId, 2), itemAnalysis(t.deps.db, testId, 2)];
    expect(a).toBe(b);
    await a;
  });
});
