// Consequential actions ask again before they run: marking an invoice paid (main page
// and order page), changing a project's owner, starting a masquerade, resetting a result, switching
// a coupon off; each question says what goes with it, in both languages.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, results } from "../../db/schema";
import { createTestApp, fillSellerDetails, type TestApp } from "../helpers";
import { manager } from "../fixtures";
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

    asks(await page("/manager"), "invoice-paid", "the invites are credited at once");
    asks(await page("/manager", "ru"), "invoice-paid", "приглашения начислятся сразу");
    asks(await page(`/manager/orders/${order}`), "markPaid", "the invites are credited at once");
    asks(await page(`/manager/projects/${project!.id}`), "changeOwner", "both owners get an e-mail");
    asks(await page(`/manager/users/${owner._id}`), "masq", "recorded under your name");
    asks(await page(`/manager/users/${owner._id}`, "ru"), "masq", "записывается под вашим именем");
    asks(await page(`/manager/results/${result!.id}`), "reset", "starts a new attempt");
    asks(await page(`/manager/coupon/${coupon}`), "disable", "stops working at once");
  });
});
