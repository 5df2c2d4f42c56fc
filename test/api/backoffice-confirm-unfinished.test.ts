// "Confirm the format" is only for a finished attempt: not offered on an unfinished one, refused by
// the API, and a bulk confirm that includes one confirms nothing (all or none) and says why.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { results } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { defaultTest } from "../../server/services/testing";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, manager, user } from "../fixtures";

let t: TestApp;
let cookie: string;
let finished: string;
let open: string;
let second: string;
let third: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  const m = await manager(t);
  cookie = `token=${m.token}; i18n_locale=en`;
  finished = await completedResult(t, await user(t));
  second = await completedResult(t, await user(t));
  third = await completedResult(t, await user(t));
  open = createId();
  await t.deps.db.insert(results).values({ id: open, userId: (await user(t))._id, testId: (await defaultTest(t.deps.db)).id });
}, 120_000);
afterAll(() => t.close());

const isCorrect = async (id: string) => (await t.deps.db.select().from(results).where(eq(results.id, id)))[0]!.isCorrect;

describe("confirming a format", () => {
  it("is not offered on an unfinished attempt, and a stale click confirms nothing", async () => {
    expect(await (await t.page(`/manager/results/${open}`, cookie)).text()).not.toContain('data-action="confirm"');
    expect(await (await t.page(`/manager/results/${finished}`, cookie)).text()).toContain('data-action="confirm"');
    await t.form(`/manager/results/${open}`, { _form: "confirm" }, cookie);
    expect(await isCorrect(open)).toBe(false);
  });

  it("a bulk confirm with an unfinished attempt among the ticks confirms none of them, and says why", async () => {
    const res = await t.form(`/manager/results`, { _form: "bulk", action: "confirm", ids: `${finished},${open}`, confirmed: "1" }, cookie);
    expect(await res.text()).toContain("An unfinished or empty attempt has no format to confirm");
    expect(await isCorrect(finished)).toBe(false);
    expect(await isCorrect(open)).toBe(false);
    // the finished one alone is confirmed
    await t.form(`/manager/results`, { _form: "bulk", action: "confirm", ids: finished, confirmed: "1" }, cookie);
    expect(await isCorrect(finished)).toBe(true);
  });

  it("'all on this page' ticks every row of the page at once (no script)", async () => {
    const list = await (await t.page("/manager/results?match=" + encodeURIComponent(JSON.stringify({ isCompleted: true })), cookie)).text();
    expect(list).toMatch(/data-testid="bulk-all"[\s\S]*?All on this page \(3\)/);
    const all = /name="all"[^>]*value="([^"]+)"/.exec(list)![1]!;
    expect(all.split(",").sort()).toEqual([finished, second, third].sort());
    const res = await t.form("/manager/results", { _form: "bulk", action: "confirm", all, confirmed: "1" }, cookie);
    expect(res.status).toBe(303);
    for (const id of [second, third]) expect(await isCorrect(id)).toBe(true);
  });
});
