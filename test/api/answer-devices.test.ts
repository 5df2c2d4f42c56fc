// Two devices on one attempt, and the runner's no-script form. An answer names the one its device
// showed before (`previous`); when another device has answered since, nothing is overwritten and
// the reply is the attempt as it is. The runner page's form posts answers without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { type Person, user } from "../fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function started(p: Person) {
  const list = await (await t.app.request("/api/test")).json();
  const test = list.docs[0] as { _id: string };
  const start = await (await t.json("POST", `/api/test/start/${test._id}`, {}, p.h)).json();
  const full = await (await t.app.request(`/api/test/${test._id}`)).json();
  return { resultId: start._id as string, questions: full.questions as { _id: string; position: number }[] };
}

const cookie = (p: Person) => `token=${p.token}; i18n_locale=en`;
const answerAt = (status: Response) => status.headers.get("location");
/** What the runner page shows: its question's position and the answered count (the island's server markup). */
async function runnerState(p: Person, path = "/testing") {
  const html = await (await t.page(path, cookie(p))).text();
  return {
    position: Number(/data-position="(\d+)"/.exec(html)?.[1]),
    answered: Number(/data-answered="(\d+)"/.exec(html)?.[1]),
    checked: /aria-checked="true"[^>]*data-value="(-?\d)"/.exec(html)?.[1] ?? null,
    html,
  };
}

describe("two devices on one attempt", () => {
  it("refuses a stale device's answer to a question the other device answered, and answers where the attempt is", async () => {
    const p = await user(t);
    const { resultId, questions } = await started(p);
    // the laptop answers 1–4 while the phone still shows question 1, unanswered
    for (const q of questions.slice(0, 4)) {
      expect((await t.json("POST", "/api/answer", { result: resultId, question: q._id, value: 2, previous: null }, p.h)).status).toBe(200);
    }
    const stale = await t.call<{ error: { code: string; message: string }; progress: { next: number; answered: number }; answers: Record<string, number> }>(
      "POST",
      "/api/answer",
      { result: resultId, question: questions[0]!._id, value: -2, previous: null },
      { ...p.h, locale: "en" },
    );
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe("answer_stale");
    expect(stale.json.error.message).toMatch(/another device/);
    expect(stale.json.progress).toMatchObject({ next: 5, answered: 4 });
    expect(stale.json.answers).toEqual({ 1: 2, 2: 2, 3: 2, 4: 2 });
    // nothing was overwritten
    expect((await runnerState(p, "/testing?q=1")).checked).toBe("2");
  });

  it("lets the device that saw the answer change it, repeats a reply it lost, and keeps clients that send no previous answer", async () => {
    const p = await user(t);
    const { resultId, questions } = await started(p);
    const [q1, q2] = [questions[0]!, questions[1]!];
    expect((await t.json("POST", "/api/answer", { result: resultId, question: q1._id, value: 1, previous: null }, p.h)).status).toBe(200);
    // the same answer sent again (its reply was lost): not a conflict
    expect((await t.json("POST", "/api/answer", { result: resultId, question: q1._id, value: 1, previous: null }, p.h)).status).toBe(200);
    // back on question 1 and changed, from what this device showed
    expect((await t.json("POST", "/api/answer", { result: resultId, question: q1._id, value: -1, previous: 1 }, p.h)).status).toBe(200);
    expect((await runnerState(p, "/testing?q=1")).checked).toBe("-1");
    // the spec's clients name no previous answer: the answer is stored as before
    expect((await t.json("POST", "/api/answer", { result: resultId, question: q1._id, value: 0 }, p.h)).status).toBe(200);
    expect((await t.json("POST", "/api/answer", { result: resultId, question: q2._id, value: "no" }, p.h)).status).toBe(200);
    const state = await runnerState(p);
    expect(state.answered).toBe(2);
    expect(state.position).toBe(3);
    expect((await runnerState(p, "/testing?q=1")).checked).toBe("0");
  });
});

describe("the runner without JavaScript", () => {
  it("stores a posted answer and shows the next question, goes back by the form, and tells a stale page where the attempt is", async () => {
    const p = await user(t);
    const { resultId, questions } = await started(p);
    const form = (q: { _id: string; position: number }, fields: Record<string, string>) =>
      t.form(
        "/testing",
        { result: resultId, question: q._id, position: String(q.position), previous: "", shownAt: String(Date.now() - 4000), ...fields },
        cookie(p),
      );

    const first = await runnerState(p);
    expect(first.position).toBe(1);
    // the answers are submit buttons of a form posting to the page
    expect(first.html).toMatch(/<form method="post" action="\/testing"/);
    expect(first.html).toMatch(/<button type="submit" name="value" value="2" role="radio"/);

    const res = await form(questions[0]!, { value: "2" });
    expect(res.status).toBe(303);
    expect(answerAt(res)).toBe("/testing");
    expect(await runnerState(p)).toMatchObject({ position: 2, answered: 1 });
    expect((await form(questions[1]!, { value: "-1" })).status).toBe(303);
    expect(await runnerState(p)).toMatchObject({ position: 3, answered: 2 });

    // back from question 3: question 2 again, its answer shown as chosen
    const back = await form(questions[2]!, { go: "back" });
    expect(answerAt(back)).toBe("/testing?q=2");
    expect(await runnerState(p, answerAt(back)!)).toMatchObject({ position: 2, checked: "-1" });

    // a page left on question 3 while another device answered it and 4: nothing overwritten, told and moved
    await t.json("POST", "/api/answer", { result: resultId, question: questions[2]!._id, value: 2, previous: null }, p.h);
    await t.json("POST", "/api/answer", { result: resultId, question: questions[3]!._id, value: 2, previous: null }, p.h);
    const stale = await form(questions[2]!, { value: "-2" });
    expect(answerAt(stale)).toBe("/testing?moved");
    const moved = await runnerState(p, answerAt(stale)!);
    expect(moved).toMatchObject({ position: 5, answered: 4 });
    expect(moved.html).toContain("continuing from question 5");
    expect((await runnerState(p, "/testing?q=3")).checked).toBe("2");
  });

  it("answers a bad form with 400, never a 500, and stores nothing", async () => {
    const p = await user(t);
    const { resultId } = await started(p);
    const res = await t.form("/testing", { result: resultId, question: "nope", position: "1", previous: "", value: "7" }, cookie(p));
    expect(res.status).toBe(400);
    expect((await runnerState(p)).answered).toBe(0);
  });
});
