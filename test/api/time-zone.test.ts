// The operator's TIME_ZONE is where every day and time people read is reckoned: an invitation's
// deadline ends at that zone's midnight, a receipt names the zone of its time, the back-office's
// undo question says until when in it. Run with a zone far from Moscow and from UTC.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, orders, projects } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, manager, type Person, user } from "../fixtures";
import { bodyOf, createTestApp, type TestApp } from "../helpers";
import { startSmtpSink } from "../mail";

const ZONE = "Asia/Vladivostok"; // UTC+10 all year
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: Person;
let co: Awaited<ReturnType<typeof businessProject>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url, TIME_ZONE: ZONE });
  owner = await user(t, { confirmed: true, locale: "en", email: `tz-owner-${Date.now()}@example.com` });
  co = await businessProject(t, { owner, name: "Far East Ltd" });
  await t.deps.db.update(projects).set({ inviteBalance: 20, notify: "off" }).where(eq(projects.id, co.id));
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("TIME_ZONE", () => {
  it("ends an invitation's chosen day at the zone's midnight, and the mail names that day", async () => {
    const email = `tz-${Date.now()}@example.com`;
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.json("POST", "/api/business/invites", { emails: [email], expiresAt: day }, { ...co.h, locale: "en" });
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.email, email));
    // 23:59:59.999 in Vladivostok is 13:59:59.999 UTC the same day
    expect(row!.expiresAt!.toISOString()).toBe(`${day}T13:59:59.999Z`);
    await t.settled();
    const mail = smtp.received.find((m) => m.to.includes(email))!;
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    const said = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    expect(mail.text).toContain(`open until ${said} inclusive`);
  });

  it("refuses a day already over in the zone with a field message", async () => {
    const yesterday = new Date(Date.now() - 86_400_000 * 2).toISOString().slice(0, 10);
    const res = await t.json(
      "POST",
      "/api/business/invites",
      { emails: [`tz-late-${Date.now()}@example.com`], expiresAt: yesterday },
      { ...co.h, locale: "en" },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.expiresAt).toBeTruthy();
  });

  it("says a receipt's time in the zone, naming it", async () => {
    const res = await t.json("POST", "/api/business/refill", { project: co.id, quantity: 5 }, owner.h);
    expect(res.status).toBe(201);
    const { redirect } = await bodyOf<{ redirect: string }>(res);
    const before = smtp.received.length;
    const paid = await t.form(redirect, { decision: "pay" }, `token=${owner.token}; i18n_locale=en`);
    expect(paid.status).toBe(303);
    const receipt = smtp.received.slice(before).find((m) => m.to.includes(owner.email) && m.subject.startsWith("Your receipt"));
    expect(receipt?.text).toContain("(Vladivostok Standard Time)");
    const hour = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: ZONE }).format(new Date());
    expect(receipt?.text).toMatch(new RegExp(`Paid: .*\\b${hour}:\\d\\d`));
  });

  it("says until when an invoice's paid mark can be taken back, in the zone", async () => {
    const admin = await manager(t, { email: `tz-admin-${Date.now()}@example.com` });
    const order = createId();
    await t.deps.db
      .insert(orders)
      .values({ id: order, userId: owner._id, projectId: co.id, entityType: "invites", quantity: 2, amount: 200_000, method: "invoice" });
    const cookie = `token=${admin.token}; i18n_locale=ru`;
    const marked = await t.form(`/manager/orders/${order}`, { _form: "markPaid" }, cookie);
    expect(marked.status).toBe(303);
    const page = await (await t.page(`/manager/orders/${order}`, cookie)).text();
    const question = /data-testid="confirm-unmarkPaid">(.*?)<\/p>/s.exec(page)?.[1] ?? "";
    const until = new Date(Date.now() + 86_400_000).toLocaleString("ru-RU", { timeZone: ZONE, dateStyle: "short", timeStyle: "short" });
    expect(question).toContain(`до ${until.slice(0, 12)}`); // the day and the hour, in Vladivostok
    expect(question).toContain("Владивосток");
  });
});
