// A reply to a business request can be answered: it carries a Reply-To (the contacts address from
// Settings, which the form names before sending) and moves a new request to "in progress". Through a
// real local SMTP server.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessRequests } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { manager } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";
import { startSmtpSink } from "../mail";

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let cookie: string;
let M: Record<string, string>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, SEED_DEMO: "false" });
  const m = await manager(t);
  cookie = `token=${m.token}; i18n_locale=en`;
  M = { ...m.h, locale: "en" };
}, 120_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function request() {
  const id = createId();
  await t.deps.db.insert(businessRequests).values({ id, kind: "demo", name: "Olga", email: `olga-${id.slice(-6)}@example.com`, company: "Olga & Co" });
  return id;
}
const statusOf = async (id: string) => (await t.deps.db.select().from(businessRequests).where(eq(businessRequests.id, id)))[0]!.status;
const replyToHeader = (raw: string) => /^Reply-To: (.*)$/im.exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim() ?? null;

describe("a reply to a request", () => {
  it("without a contacts address: the form warns before sending; with one: named on the form, set as Reply-To; the request is in progress", async () => {
    const id = await request();
    const before = await (await t.page(`/manager/requests/business/${id}`, cookie)).text();
    expect(before).toContain("No contacts e-mail is set");

    expect((await t.json("PUT", "/api/manager/setting/contacts", { email: "sales@thinking-format.example", phone: "" }, M)).status).toBe(200);
    const page = await (await t.page(`/manager/requests/business/${id}`, cookie)).text();
    expect(page).toContain("The client&#x27;s answer will come to sales@thinking-format.example");
    expect(await statusOf(id)).toBe("new");

    const res = await t.form(`/manager/requests/business/${id}`, { _form: "reply", subject: "Your demo", text: "Monday at 11?" }, cookie);
    expect(res.status).toBe(303);
    const mail = sink.received.find((m) => m.subject === "Your demo")!;
    expect(replyToHeader(mail.raw)).toBe("sales@thinking-format.example");
    expect(await statusOf(id)).toBe("in_progress");
    // a request already done stays done after another reply
    await t.deps.db.update(businessRequests).set({ status: "done" }).where(eq(businessRequests.id, id));
    await t.json("POST", `/api/manager/business/requests/business/${id}/reply`, { subject: "One more thing", text: "The invoice is attached." }, M);
    expect(await statusOf(id)).toBe("done");
  });
});
