// Consequential actions ask again before they run: marking an invoice paid (main page
// and order page), changing a project's owner, starting a masquerade, resetting a result, switching
// a coupon off; each question says what goes with it, in both languages.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, results } from "../../db/schema";
import { createTestApp, fillSellerDetails, type TestApp } from "../helpers";
import { businessProject, manager, user } from "../fixtures";
import { signUp, takeTest } from "../respondent";

let t: TestApp;
let admin: Record<string, string>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await manager(t));
  admin = { Authorization: `Bearer ${token}` };
}, 120_000);
afterAll(async () => {
  await t.close();
});

const page = async (path: string, lang = "en") => (await t.app.request(path, { headers: { Cookie: `token=${token}; i18n_locale=${lang}` } })).text();
/** The action's button sits inside a closed <details> that states the consequence. */
const asks = (html: string, action: string, words: string) => {
  const block = new RegExp(`<details[^>]*data-confirm="${action}"[^>]*>(.*?)</details>`, "s").exec(html)?.[1] ?? "";
  expect(block, action).toContain(words);
  expect(block, action).toMatch(/<form method="post"/);
};

describe("confirmations", () => {
  it("every consequential action is behind a question naming its consequence", async () => {
    await fillSellerDetails(t);
    const owner = await signUp(t, "confirm-owner");
    await t.json("POST", "/api/business", { name: "Confirm Co" }, owner.h);
    const [project] = await t.deps.db.select().from(projects).where(eq(projects.ownerId, owner._id));
    const { order } = await (
      await t.json("POST", "/api/business/refill", { project: project!.id, quantity: 20, method: "invoice", company: "Acme LLC", inn: "7701234567" }, owner.h)
    ).json();
    await takeTest(t, owner);
    const [result] = await t.deps.db.select().from(results).where(eq(results.userId, owner._id));
    const coupon = (await (await t.json("POST", "/api/manager/coupon", { code: "ASK-1", type: "percent", amount: 10 }, admin)).json())._id as string;

    asks(await page("/manager"), "invoice-paid", "“Confirm Co”: 21 invites are credited at once");
    asks(await page("/manager", "ru"), "invoice-paid", "сразу начислятся приглашения (21)");
    asks(await page(`/manager/orders/${order}`), "markPaid", "21 invites are credited at once");
    asks(await page(`/manager/projects/${project!.id}`), "changeOwner", "both owners get an e-mail");
    asks(await page(`/manager/users/${owner._id}`), "masq", "recorded under your name");
    asks(await page(`/manager/users/${owner._id}`, "ru"), "masq", "записывается под вашим именем");
    asks(await page(`/manager/results/${result!.id}`), "reset", "starts a new attempt");
    asks(await page(`/manager/coupon/${coupon}`), "disable", "stops working at once");
  });

  it("names what it does: mark paid its invoice, sum, project and invites; every answer is the action, never a bare yes", async () => {
    await fillSellerDetails(t);
    const owner = await signUp(t, "figures-owner");
    await t.json("POST", "/api/business", { name: "Figures Co" }, owner.h);
    const [project] = await t.deps.db.select().from(projects).where(eq(projects.ownerId, owner._id));
    const { order } = await (
      await t.json("POST", "/api/business/refill", { project: project!.id, quantity: 20, method: "invoice", company: "Acme LLC", inn: "7701234567" }, owner.h)
    ).json();
    const html = await page(`/manager/orders/${order}`);
    const block = /<details[^>]*data-confirm="markPaid"[^>]*>(.*?)<\/details>/s.exec(html)?.[1] ?? "";
    expect(block).toMatch(/Invoice \S+ for [\d,\s\u00a0]+ ₽, project “Figures Co”: 21 invites are credited at once/);
    // the red answer says what it does
    expect(block).toMatch(/data-action="markPaid"[^>]*>Mark the invoice paid/);
    for (const p of ["/manager", `/manager/orders/${order}`, `/manager/projects/${project!.id}`, `/manager/users/${owner._id}`]) {
      expect(await page(p), p).not.toContain("Yes, do it");
      expect(await page(p, "ru"), p).not.toContain("Да, выполнить");
    }
  });

  it("change of owner says whose the typed address is, and hands over only on the answer", async () => {
    const from = await businessProject(t, { name: "Heirloom Co" });
    const heir = await user(t, { name: "Ada Heir" });
    await businessProject(t, { owner: heir, name: "Heir's Own" });
    const cookie = `token=${token}; i18n_locale=en`;
    const asked = await t.form(`/manager/projects/${from.id}`, { _form: "changeOwner", email: heir.email }, cookie);
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain(`“Heirloom Co” goes to Ada Heir (${heir.email}), who owns 1 project(s) now. Hand it over?`);
    expect(question).toMatch(/data-answer="confirmOwner"[^>]*>Yes, hand the company over</);
    // while it waits, the answer is the way on: the action's own button is not offered again
    expect(question).not.toContain('data-action="changeOwner"');
    // the typed address is kept for the answer, and nothing has moved yet
    expect(question).toContain(`value="${heir.email}"`);
    expect((await t.deps.db.select().from(projects).where(eq(projects.id, from.id)))[0]!.ownerId).toBe(from.owner._id);
    const done = await t.form(`/manager/projects/${from.id}`, { _form: "changeOwner", email: heir.email, confirmOwner: "on" }, cookie);
    expect(done.status).toBe(303);
    expect((await t.deps.db.select().from(projects).where(eq(projects.id, from.id)))[0]!.ownerId).toBe(heir._id);
    // in Russian too
    const back = await t.form(`/manager/projects/${from.id}`, { _form: "changeOwner", email: from.owner.email }, `token=${token}; i18n_locale=ru`);
    expect(await back.text()).toContain("Новым владельцем компании «Heirloom Co» станет");
  });
});
