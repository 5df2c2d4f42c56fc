// A signed-up user who takes the whole test through the API, for tests that need a result.
import type { TestApp } from "./helpers";

export interface Respondent {
  email: string;
  token: string;
  _id: string;
  h: Record<string, string>;
}

let counter = 0;
export async function signUp(t: TestApp, prefix = "user"): Promise<Respondent> {
  const email = `${prefix}${++counter}-${Date.now()}@example.com`;
  const res = await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; _id: string };
  return { email, token: body.token, _id: body._id, h: { Authorization: `Bearer ${body.token}` } };
}

/** Answers all 110 statements (value by position; alternating yes/no by default) at a human pace. */
export async function takeTest(t: TestApp, r: Respondent, valueFor: (position: number) => number = (p) => (p % 2 === 0 ? 2 : -2)) {
  const list = (await (await t.app.request("/api/test")).json()) as { docs: { _id: string }[] };
  const testId = list.docs[0]!._id;
  const start = (await (await t.json("POST", `/api/test/start/${testId}`, {}, r.h)).json()) as { _id: string };
  const resultId = start._id;
  const test = (await (await t.app.request(`/api/test/${testId}`)).json()) as { questions: { _id: string; position: number }[] };
  for (const q of test.questions) {
    const res = await t.json("POST", "/api/answer", { result: resultId, question: q._id, value: valueFor(q.position), elapsedMs: 6000 }, r.h);
    if (res.status !== 200) throw new Error(`answer failed: ${res.status} ${await res.text()}`);
  }
  return resultId;
}
