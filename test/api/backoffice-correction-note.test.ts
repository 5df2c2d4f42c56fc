// After a manager sets a format, the person's report says "format confirmed by a specialist" and no
// longer the model's confidence and runner-up (which described another format); the result's page in
// the back-office says so by the format field before saving, and the rechecker shows it for the stored format.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { results } from "../../db/schema";
import { FORMATS } from "../../model/formats";
import { completedResult, manager, type Person, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let cookie: string;
let person: Person;
let resultId: string;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  cookie = `token=${(await manager(t)).token}; i18n_locale=en`;
  person = await user(t, { locale: "en" });
  resultId = await completedResult(t, person);
}, 120_000);
afterAll(() => t.close());

const report = async () => (await (await t.page("/report/base", `token=${person.token}; i18n_locale=en`)).text()).replace(/<!-- -->/g, "");

describe("a format set by a manager", () => {
  it("is called confirmed by a specialist in the report, the PDF's source and the rechecker; the result page says it before saving", async () => {
    // the model's figures are shown while nobody has looked (a low confidence with a runner-up)
    await t.deps.db.update(results).set({ probability: 0.08, runnerUpCode: FORMATS[5]!.code, runnerUpProbability: 0.07 }).where(eq(results.id, resultId));
    const before = await report();
    expect(before).toContain("Match with this format: 8%");
    expect(before).not.toContain("Format confirmed by a specialist");

    const edit = await (await t.page(`/manager/results/${resultId}`, cookie)).text();
    expect(edit).toContain("report then says “Format confirmed by a specialist”");
    const version = /name="_version" value="([^"]+)"/.exec(edit)?.[1] ?? "";
    const [r] = await t.deps.db.select().from(results).where(eq(results.id, resultId));
    const other = FORMATS.map((f) => f.code).find((c) => c !== r!.formatCode && c !== FORMATS[5]!.code)!;
    // the form as a browser posts it: the "confirmed" box left as it was (unticked)
    const saved = await t.form(`/manager/results/${resultId}`, { _form: "edit", _version: version, format: other }, cookie);
    expect(saved.status).toBe(303);
    const [after] = await t.deps.db.select().from(results).where(eq(results.id, resultId));
    expect(after).toMatchObject({ formatCode: other, isCorrect: true, isDoubt: false });

    const html = await report();
    expect(html).toContain("Format confirmed by a specialist");
    expect(html).not.toContain("Match with this format");
    expect(html).not.toContain('data-testid="between"');
    expect(html).not.toContain('data-testid="runner-up"');
    const rechecker = await (await t.page(`/manager/rechecker/${resultId}`, cookie)).text();
    expect(rechecker).toMatch(/data-field="stored"[^>]*>[^<]*<?[\s\S]{0,200}Format confirmed by a specialist/);
  });
});
