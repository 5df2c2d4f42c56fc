// The main page as a work queue: how many results wait in the rechecker, reviews wait
// for approval and requests are new, each a link to its filtered list.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultationTickets, RECHECK_PREDICATE, results } from "../../db/schema";
import { LOW_PROBABILITY } from "../../server/admin/results";
import { createId } from "../../server/lib/ids";
import { createTestApp, type TestApp } from "../helpers";
import { manager } from "../fixtures";
import { signUp, takeTest } from "../respondent";

let t: TestApp;
let admin: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await manager(t);
  admin = boss.h;
  cookie = `token=${boss.token}; i18n_locale=en`;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const queues = async (lang = "en") => {
  const html = await (await t.app.request("/manager", { headers: { Cookie: cookie.replace("i18n_locale=en", `i18n_locale=${lang}`) } })).text();
  const count = (key: string) => Number(new RegExp(`data-queue="${key}"[^>]*>.*?font-black">(\\d+)<`).exec(html)?.[1]);
  return { html, recheck: count("recheck"), reviews: count("reviews"), requests: count("requests") };
};

describe("work queues on /manager", () => {
  it("counts what waits and links to it; a confirmed result, an approved review and a handled request leave their queue", async () => {
    const before = await queues();
    expect(before.html).toContain("Waiting for you");
    expect(before.html).toContain('href="/manager/reviews?isPublished=false"');
    expect(before.html).toContain('href="/manager/requests?status=new"');

    const r = await signUp(t, "queued");
    await takeTest(t, r);
    const [result] = await t.deps.db.select().from(results).where(eq(results.userId, r._id));
    await t.deps.db.update(results).set({ isDoubt: true }).where(eq(results.id, result!.id));
    const review = await (await t.json("POST", "/api/manager/reviews", { name: "Waiting Review", textEn: "Text." }, admin)).json();
    const ticket = createId();
    await t.deps.db.insert(consultationTickets).values({ id: ticket, name: "Client", email: "c@example.com", message: "Call me" });

    const waiting = await queues();
    expect(waiting.recheck).toBe(before.recheck + 1);
    expect(waiting.reviews).toBe(before.reviews + 1);
    expect(waiting.requests).toBe(before.requests + 1);
    expect((await queues("ru")).html).toContain("Ждут вас");

    expect((await t.json("PUT", `/api/manager/reviews/${review._id}/approve`, undefined, admin)).status).toBe(200);
    expect((await t.json("PUT", `/api/manager/business/requests/consultation/${ticket}`, { status: "in_progress" }, admin)).status).toBe(200);
    await t.deps.db.update(results).set({ isCorrect: true }).where(eq(results.id, result!.id));
    const after = await queues();
    expect([after.recheck, after.reviews, after.requests]).toEqual([before.recheck, before.reviews, before.requests]);
  });

  it("counts a low-probability result as well as a doubted one, by the rule the rechecker's queue uses", async () => {
    // the side bar's count reads a partial index whose predicate must say what LOW_PROBABILITY says
    expect(RECHECK_PREDICATE).toContain(`probability < ${LOW_PROBABILITY}`);
    const before = await queues();
    const r = await signUp(t, "unsure");
    await takeTest(t, r);
    const [result] = await t.deps.db.select().from(results).where(eq(results.userId, r._id));
    await t.deps.db
      .update(results)
      .set({ isDoubt: false, isCorrect: false, probability: LOW_PROBABILITY - 0.01 })
      .where(eq(results.id, result!.id));
    expect((await queues()).recheck).toBe(before.recheck + 1);
    await t.deps.db
      .update(results)
      .set({ probability: LOW_PROBABILITY + 0.01 })
      .where(eq(results.id, result!.id));
    expect((await queues()).recheck).toBe(before.recheck);
  });

  it("the rechecker lists its queue only, as many as the side bar counts, with the lists' pager and page sizes; every result on asking", async () => {
    const r = await signUp(t, "sure");
    await takeTest(t, r);
    const [result] = await t.deps.db.select().from(results).where(eq(results.userId, r._id));
    await t.deps.db.update(results).set({ isDoubt: false, isCorrect: false, probability: 0.95 }).where(eq(results.id, result!.id));
    const { recheck } = await queues();
    const page = await (await t.app.request("/manager/rechecker?limit=25", { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`${recheck.toLocaleString("en")} in the queue`);
    expect(page).not.toContain(result!.id);
    expect(page).toContain('data-testid="page-sizes"');
    expect(page).toMatch(/data-testid="pager-range"[^>]*>[^<]*of /);
    const all = await (await t.app.request("/manager/rechecker?show=all&limit=200", { headers: { Cookie: cookie } })).text();
    expect(all).toContain("All results:");
    expect(all).toContain(result!.id);
    const ru = await (await t.app.request("/manager/rechecker", { headers: { Cookie: cookie.replace("i18n_locale=en", "i18n_locale=ru") } })).text();
    expect(ru).toContain("В очереди");
  });
});
