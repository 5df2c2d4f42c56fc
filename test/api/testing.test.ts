import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, invites, projects, results, users } from "../../db/schema";
import { DEMO_PROJECT_ID } from "../../db/seed";
import { bodyOf, createTestApp, type Json, type TestApp } from "../helpers";
import type { CalibrationMap } from "../../model/recalibrate";
import { createId } from "../../server/lib/ids";
import type { toResultDoc } from "../../server/services/testing";
import { N_ITEMS } from "../../model/items";
import { personFit, QUALITY } from "../../model/quality";
import { BASELINE, simulate } from "../../model/simulate";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const agree = { policy: true, terms: true, offer: true };
let n = 0;
async function newUser() {
  const res = await t.json("POST", "/api/passport/signup", { email: `taker${++n}-${Date.now()}@example.com`, ...agree });
  const body = await res.json();
  return { token: body.token as string, _id: body._id as string, h: { Authorization: `Bearer ${body.token}` } };
}

async function firstTest() {
  const list = await (await t.app.request("/api/test")).json();
  return list.docs[0] as { _id: string; questions: number };
}

/** POST /api/answer's body: the result once the last answer completes the test. */
interface AnswerReply {
  progress: unknown;
  completed: boolean;
  result: Json<ReturnType<typeof toResultDoc>> | null;
}

/** A consistent respondent: yes to even positions, no to odd ones, with human pacing. */
const valueFor = (position: number) => (position % 2 === 0 ? 2 : -2);

async function answerAll(h: Record<string, string>, resultId: string, questions: { _id: string; position: number }[], skip: number[] = []) {
  let last: AnswerReply | null = null;
  for (const q of questions) {
    if (skip.includes(q.position)) continue;
    const res = await t.json("POST", "/api/answer", { result: resultId, question: q._id, value: valueFor(q.position), elapsedMs: 6000 }, h);
    expect(res.status).toBe(200);
    last = (await res.json()) as AnswerReply;
  }
  return last;
}

describe("the test", () => {
  it("lists the test with 110 questions, without the scoring keys", async () => {
    const test = await firstTest();
    expect(test.questions).toBe(110);
    const full = await (await t.app.request(`/api/test/${test._id}`, { headers: { locale: "en" } })).json();
    expect(full.questions).toHaveLength(110);
    expect(full.questions[0]).toEqual({ _id: expect.any(String), position: 1, text: expect.any(String) });
    expect(JSON.stringify(full)).not.toMatch(/"(scale|sign|keys|weight)"/);
    expect((await t.app.request("/api/test/0123456789abcdef01234567")).status).toBe(404);
  });

  it("starts (or resumes) a result, takes answers idempotently and out of order, and completes on the last one", async () => {
    const u = await newUser();
    const test = await firstTest();
    const start = await (await t.json("POST", `/api/test/start/${test._id}`, {}, u.h)).json();
    expect(start.progress).toMatchObject({ answered: 0, total: 110, next: 1, minutesLeft: 19 });
    const again = await (await t.json("POST", `/api/test/start/${test._id}`, {}, u.h)).json();
    expect(again._id).toBe(start._id);

    const { questions } = await (await t.app.request(`/api/test/${test._id}`)).json();
    // out of order: the last question first, then the rest backwards
    const reversed = [...questions].reverse();
    const first = await (await t.json("POST", "/api/answer", { result: start._id, question: reversed[0]._id, value: "probablyYes" }, u.h)).json();
    expect(first.progress).toMatchObject({ answered: 1, next: 1 });
    // the same answer twice, then a change: still one stored answer with the new value
    await t.json("POST", "/api/answer", { result: start._id, position: 110, value: 1 }, u.h);
    await t.json("POST", "/api/answer", { result: start._id, position: 110, value: valueFor(110) }, u.h);
    const stored = await t.deps.db.select().from(answers).where(eq(answers.resultId, start._id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value).toBe(valueFor(110));

    const early = await t.json("POST", "/api/result", { result: start._id }, u.h);
    expect(early.status).toBe(400);

    const reply = await answerAll(u.h, start._id, reversed.slice(1));
    expect(reply!.completed).toBe(true);
    const last = { result: reply!.result! };
    expect(last.result).toMatchObject({ isCompleted: true, format: expect.stringMatching(/^(SYS|ANL|BAL)-(LOW|MID|HIGH)-(SLOW|MID|FAST)$/) });
    expect(last.result.probability).toBeGreaterThan(0);
    expect(last.result.modelVersion).toBeTruthy();
    expect(last.result.scoringVersion).toBeTruthy();

    const me = await (await t.app.request("/api/passport", { headers: u.h })).json();
    expect(me.isCompleted).toBe(true);
    expect(me.format.code).toBe(last.result.format);

    const locked = await t.json("POST", "/api/answer", { result: start._id, position: 1, value: 0 }, u.h);
    expect(locked.status).toBe(409);
    const fmt = await (await t.app.request(`/api/result/${start._id}/format`, { headers: u.h })).json();
    expect(fmt.format.code).toBe(last.result.format);
  });

  it("calibrates a completion in its test's population once enough attentive people have completed it", async () => {
    const test = await firstTest();
    const { questions } = await (await t.app.request(`/api/test/${test._id}`)).json();
    const take = async () => {
      const u = await newUser();
      const start = await (await t.json("POST", `/api/test/start/${test._id}`, {}, u.h)).json();
      return { u, id: start._id as string, result: (await answerAll(u.h, start._id, questions))!.result! };
    };
    const first = await take();
    const [stored] = await t.deps.db.select().from(results).where(eq(results.id, first.id));
    expect(stored!.populationShare).toHaveLength(3);
    expect(stored!.populationShare!.every(Number.isFinite)).toBe(true);
    expect(first.result.modelVersion).not.toContain("+pop-");

    // as many earlier attentive respondents as the map needs, from a population of tight types (low typicality)
    const map = JSON.parse(readFileSync("model/calibration-map.json", "utf8")) as CalibrationMap;
    const share = map.population.mean.map((m, j) => (j === 0 ? m - 2 * map.population.sd[j]! : m));
    const earlier = new Date(Date.now() - 60_000);
    await t.deps.db.insert(results).values(
      Array.from({ length: map.population.minPeople }, () => ({
        id: createId(),
        userId: first.u._id,
        testId: test._id,
        isCompleted: true,
        isDoubt: false,
        populationShare: share,
        completedAt: earlier,
      })),
    );
    const second = await take();
    expect(second.result.modelVersion).toBe(`${first.result.modelVersion}+pop-${share.map((v) => v.toFixed(2)).join("_")}`);
    // the same answers: the same format, with the confidence this population warrants
    expect(second.result.format).toBe(first.result.format);
    expect(second.result.probability).not.toBe(first.result.probability);
  });

  it("refuses bad answer values and unknown questions with field errors", async () => {
    const u = await newUser();
    const test = await firstTest();
    const start = await (await t.json("POST", `/api/test/start/${test._id}`, {}, u.h)).json();
    for (const value of [3, -3, 1.5, "maybe", null]) {
      const res = await t.json("POST", "/api/answer", { result: start._id, position: 1, value }, u.h);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty("value");
    }
    const unknown = await t.json("POST", "/api/answer", { result: start._id, position: 111, value: 1 }, u.h);
    expect(unknown.status).toBe(400);
    expect((await t.json("POST", "/api/answer", { result: start._id, position: 1, value: 1 })).status).toBe(401);
  });

  it("hides another user's result (404)", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const test = await firstTest();
    const start = await (await t.json("POST", `/api/test/start/${test._id}`, {}, owner.h)).json();
    expect((await t.json("POST", "/api/answer", { result: start._id, position: 1, value: 1 }, stranger.h)).status).toBe(404);
    expect((await t.app.request(`/api/result/${start._id}/format`, { headers: stranger.h })).status).toBe(404);
    const page = await t.app.request(`/report/${start._id}`, { headers: { Cookie: `token=${stranger.token}` } });
    expect(page.status).toBe(404);
  });

  it("counts a completion in /api/total, marks the invite and starts a retake that keeps the old result", async () => {
    const u = await newUser();
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, u._id));
    await t.deps.db
      .insert(invites)
      .values({ id: "0000000000000000000000f1", projectId: DEMO_PROJECT_ID, email: user!.email, userId: u._id, link: "inv-test-1", status: "Accepted" });
    const before = (await (await t.app.request("/api/total")).json()).total;
    const test = await firstTest();
    const start = await (await t.json("POST", `/api/test/start/${test._id}`, {}, u.h)).json();
    const { questions } = await (await t.app.request(`/api/test/${test._id}`)).json();
    await answerAll(u.h, start._id, questions);
    expect((await (await t.app.request("/api/total")).json()).total).toBe(before + 1);
    const [invite] = await t.deps.db.select().from(invites).where(eq(invites.id, "0000000000000000000000f1"));
    expect(invite!.status).toBe("completed test");

    const retake = await (await t.app.request("/api/order/reset_result", { headers: u.h })).json();
    expect(retake._id).not.toBe(start._id);
    expect(retake.isCompleted).toBe(false);
    const all = await (await t.app.request("/api/result", { headers: u.h })).json();
    expect(all.docs).toHaveLength(2);
    expect(all.current._id).toBe(retake._id);
    const old = await t.deps.db.select().from(results).where(eq(results.id, start._id));
    expect(old[0]!.isCompleted).toBe(true);
    await answerAll(u.h, retake._id, questions);
    const prev = await (await t.app.request("/api/result/prev", { headers: u.h })).json();
    expect(prev._id).toBe(start._id);
    expect(await t.deps.db.select().from(projects).where(eq(projects.id, DEMO_PROJECT_ID))).toHaveLength(1);
  });

  it("flags a careless respondent as doubtful", async () => {
    const u = await newUser();
    const test = await firstTest();
    const start = await (await t.json("POST", `/api/test/start/${test._id}`, {}, u.h)).json();
    const { questions } = await (await t.app.request(`/api/test/${test._id}`)).json();
    let last: AnswerReply | undefined;
    for (const q of questions)
      last = await bodyOf<AnswerReply>(await t.json("POST", "/api/answer", { result: start._id, question: q._id, value: 2, elapsedMs: 300 }, u.h));
    expect(last!.result!.isDoubt).toBe(true);
    expect(last!.result!.quality!.grade).toBe("poor");
  });

  it("reads the answers' times: a third of the questions clicked through at random flags the result; the same answers untimed are not enough", async () => {
    // a simulated attentive person, and the same person answering 30% at random, those answers clicked through
    const d = simulate(60, 71, { scenario: { ...BASELINE, careless: false }, timing: true });
    const partlyRandom = simulate(60, 71, {
      people: d.people.map((p) => ({ ...p, careless: "partial" as const, cParam: [0.3, 0] as [number, number] })),
      timing: true,
      replication: 1,
    });
    const row = (i: number) => ({
      answers: Array.from(partlyRandom.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)),
      elapsed: Array.from(partlyRandom.elapsed!.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)),
    });
    // one whose answers alone do not give them away (most such people: the answers alone catch about a third)
    const person = Array.from({ length: 60 }, (_, i) => row(i)).find(
      (r) => personFit(r.answers) <= QUALITY.misfit && personFit(r.answers, r.elapsed) > QUALITY.misfitPoor,
    )!;
    expect(person).toBeDefined();
    const test = await firstTest();
    const { questions } = await (await t.app.request(`/api/test/${test._id}`)).json();
    const complete = async (timed: boolean) => {
      const u = await newUser();
      const start = await (await t.json("POST", `/api/test/start/${test._id}`, {}, u.h)).json();
      let last: AnswerReply | undefined;
      for (const q of questions as { _id: string; position: number }[]) {
        const elapsedMs = timed ? Math.round(person.elapsed[q.position - 1]!) : undefined;
        last = await bodyOf<AnswerReply>(
          await t.json("POST", "/api/answer", { result: start._id, question: q._id, value: person.answers[q.position - 1], elapsedMs }, u.h),
        );
      }
      return last!.result!;
    };
    const timed = await complete(true);
    expect(timed.quality!.flags).toContain("misfit");
    expect(timed.quality!.grade).toBe("poor");
    expect(timed.isDoubt).toBe(true);
    const untimed = await complete(false);
    expect(untimed.quality!.flags).not.toContain("misfit");
  });
});
