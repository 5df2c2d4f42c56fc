// A reply to a business request can be answered: it carries a Reply-To (the contacts address from
// Settings, which the form names before sending) and moves a new request to "in progress". Through a
// real local SMTP server.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, businessRequests, requestNotes } from "../../db/schema";
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
    // the mail leaves after the commit: waited for, not assumed sent by the redirect
    await expect.poll(() => sink.received.some((m) => m.subject === "Your demo")).toBe(true);
    const mail = sink.received.find((m) => m.subject === "Your demo")!;
    expect(replyToHeader(mail.raw)).toBe("sales@thinking-format.example");
    expect(await statusOf(id)).toBe("in_progress");
    // a request already done stays done after another reply
    await t.deps.db.update(businessRequests).set({ status: "done" }).where(eq(businessRequests.id, id));
    await t.json("POST", `/api/manager/business/requests/business/${id}/reply`, { subject: "One more thing", text: "The invoice is attached." }, M);
    expect(await statusOf(id)).toBe("done");
  });

  it("its own page sets the status, who has it and a note, audited; a support manager may, a content one may not", async () => {
    const id = await request();
    const colleague = await manager(t, { managerRole: "support" });
    const page = await (await t.page(`/manager/requests/business/${id}`, cookie)).text();
    const form = /<div[^>]*id="handling"(.*?)<\/form>/s.exec(page)?.[1] ?? "";
    expect(form).toContain(">Status</label>");
    expect(form).toContain(">Handled by</label>");
    expect(form).toContain(">Note</label>");
    expect(form).toContain(`value="${colleague._id}"`);

    const saved = await t.form(
      `/manager/requests/business/${id}`,
      { _form: "status", source: "business", id, status: "done", assigneeId: colleague._id, note: "Called back, sent the offer" },
      `token=${colleague.token}; i18n_locale=en`,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/manager/requests/business/${id}?done=status#handling`);
    expect(await statusOf(id)).toBe("done");
    const [handling] = await t.deps.db
      .select()
      .from(requestNotes)
      .where(and(eq(requestNotes.source, "business"), eq(requestNotes.requestId, id)));
    expect([handling!.assigneeId, handling!.note]).toEqual([colleague._id, "Called back, sent the offer"]);
    const after = await (await t.page(`/manager/requests/business/${id}?done=status`, cookie)).text();
    expect(after).toContain("Saved.");
    expect(after).toMatch(/<option value="done" selected="">Done|<select[^>]*name="status"[\s\S]*?<option value="done" selected/);
    expect(after).toContain("Called back, sent the offer");
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id))).length).toBeGreaterThan(0);

    // another request's id posted on this page is refused, nothing changes
    const other = await request();
    const wrong = await t.form(`/manager/requests/business/${id}`, { _form: "status", source: "business", id: other, status: "done" }, cookie);
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(await statusOf(other)).toBe("new");

    const content = await manager(t, { managerRole: "content" });
    const refused = await t.form(
      `/manager/requests/business/${other}`,
      { _form: "status", source: "business", id: other, status: "done" },
      `token=${content.token}`,
    );
    expect(refused.status).toBe(403);
    expect(await statusOf(other)).toBe("new");
  });
});
