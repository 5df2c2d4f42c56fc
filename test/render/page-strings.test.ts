// Every page route, in both languages and as each kind of visitor, is checked for UI strings
// shown without their values (a raw {{…}} or the emptied text of a parameterised string).
// Strings handed to islands are the usual culprit: translated on the server without their
// values, the placeholders came out empty before the island could fill them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "../../routes";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, manager, user } from "../fixtures";
import { htmlTextNodes, stringDefects } from "./string-defects";

let t: TestApp;
const viewers: Record<string, Record<string, string>> = { guest: {} };
let resultId = "";
const ANSWERED = 3;

beforeAll(async () => {
  t = await createTestApp();
  // midway through the test: the start screen and the runner show progress
  const taker = await user(t, { confirmed: false });
  const testId = ((await (await t.app.request("/api/test")).json()) as { docs: { _id: string }[] }).docs[0]!._id;
  const started = (await (await t.json("POST", `/api/test/start/${testId}`, {}, taker.h)).json()) as { _id: string };
  const { questions } = (await (await t.app.request(`/api/test/${testId}`)).json()) as { questions: { _id: string }[] };
  for (const q of questions.slice(0, ANSWERED)) {
    await t.json("POST", "/api/answer", { result: started._id, question: q._id, value: 1, elapsedMs: 6000 }, taker.h);
  }
  viewers.taker = taker.h;
  // finished: the reports show their numbers
  const done = await user(t, { confirmed: false });
  resultId = await completedResult(t, done);
  viewers.done = done.h;
  viewers.admin = (await manager(t)).h;
}, 60_000);
afterAll(() => t.close());

/** Route params filled with values that render something (a real result, or a 404 page). */
const sample = (path: string) =>
  path.replace(":id", resultId).replace(":order", "1").replace(":section", "sessions").replace(":token", "no-such-token").replace(":code", "NO-SUCH-CODE");

const paths = routes.flatMap((def) => (Array.isArray(def.path) ? def.path : [def.path])).map(sample);

describe("UI strings on every page", () => {
  it("are never shown with emptied or raw placeholders, in either language, to any visitor", async () => {
    const defects: string[] = [];
    let checked = 0;
    for (const [viewer, headers] of Object.entries(viewers)) {
      for (const lang of ["ru", "en"]) {
        for (const path of paths) {
          const res = await t.app.request(`${path}?lang=${lang}`, { headers });
          if (!res.headers.get("content-type")?.includes("text/html")) continue;
          checked++;
          for (const defect of stringDefects(htmlTextNodes(await res.text()))) defects.push(`${viewer} ${lang} ${path}: ${defect}`);
        }
      }
    }
    expect(defects).toEqual([]);
    expect(checked).toBeGreaterThan(paths.length * 2);
  }, 120_000);

  it("shows the runner's progress, time left and question number with their numbers before hydration", async () => {
    const html = await (await t.app.request("/testing?lang=en", { headers: viewers.taker })).text();
    expect(html).toContain(`You answered ${ANSWERED} of 110 questions`);
    expect(html).toMatch(/About \d+ min left/);
    expect(html).toContain(`Question ${ANSWERED + 1}`);
    const start = await (await t.app.request("/test/start?lang=ru", { headers: viewers.taker })).text();
    expect(start).toMatch(new RegExp(`${ANSWERED}\\D+110`));
  });

  it("recognises the defect it looks for", () => {
    expect(stringDefects(["You answered  of  questions"])).toHaveLength(1);
    expect(stringDefects(["About {{n}} min left"])).toHaveLength(1);
    expect(stringDefects(["Question"])).toHaveLength(1);
    expect(stringDefects(["You answered 3 of 110 questions", "Question 4"])).toEqual([]);
  });
});
