// Reminders beyond e-mail invitations : people who joined by the project's
// link and candidates invited against a position get the same reminders on the job runner's clock
// (day 3 and day 7, two at most, none once finished or withdrawn), and the owner hears of a
// candidate's join and completion as of an employee's (each event or the daily digest).
// Mail goes through a real local SMTP server.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { candidates, invites, projects } from "../../db/schema";
import { runFollowUps } from "../../server/services/business/follow-up";
import { businessProject, completedResult, type Person, type ProjectFixture, user } from "../fixtures";
import { bodyOf, createTestApp, type TestApp } from "../helpers";
import { startSmtpSink } from "../mail";

const DAY = 86_400_000;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let co: ProjectFixture;
let owner: Person;
let stamp = 0;

const to = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const subjects = (email: string) => to(email).map((m) => m.subject);
/** The job runner's clock moved `days` ahead (a minute past, so the day has surely passed). */
const later = (days: number) => new Date(Date.now() + days * DAY + 60_000);
const email = (what: string) => `${what}-${++stamp}-${Date.now()}@example.com`;
const projectCode = async () => (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode;
const setNotify = (notify: "each" | "digest" | "off") => t.deps.db.update(projects).set({ notify }).where(eq(projects.id, co.id));

async function joinByLink(name: string, locale: "en" | "ru" = "en") {
  const p = await user(t, { email: email(name.toLowerCase()), locale });
  const res = await t.json("POST", `/api/business/join/${await projectCode()}`, { agree: true, name }, p.h);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return p;
}

async function inviteCandidate(address: string, name = "") {
  const res = await t.json("POST", "/api/business/candidates", { email: address, name, position: co.pos.Seller }, { ...co.h, locale: "en" });
  expect(res.status, await res.clone().text()).toBe(201);
  return bodyOf<{ _id: string; invite: { link: string } }>(res);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url });
  owner = await user(t, { confirmed: true, locale: "en", email: `owner-rem-${Date.now()}@example.com` });
  co = await businessProject(t, { owner, name: "Remind & Co", departments: ["Sales"], positions: [{ name: "Seller", department: "Sales" }] });
  await t.deps.db.update(projects).set({ inviteBalance: 100, notify: "off" }).where(eq(projects.id, co.id));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => setNotify("off"));

describe("people who joined by the project's link", () => {
  it("are asked to finish the test on day 3 and day 7, never a third time; those who finished or withdrew get nothing", async () => {
    const midway = await joinByLink("Midway");
    const finished = await joinByLink("Finished");
    const withdrawn = await joinByLink("Withdrawn", "ru");
    await completedResult(t, finished);
    expect((await t.json("POST", `/api/business/consent/${co.id}`, { consent: false }, withdrawn.h)).status).toBe(200);
    // joining sent nobody anything
    for (const p of [midway, finished, withdrawn]) expect(to(p.email)).toHaveLength(0);

    await runFollowUps(t.deps, later(1));
    expect(to(midway.email)).toHaveLength(0);
    await runFollowUps(t.deps, later(3));
    expect(subjects(midway.email)).toEqual(["Reminder: finish the Thinking Format test for «Remind & Co»"]);
    // the mail's link opens the person's own invitation page, which offers the test
    const link = to(midway.email)[0]!.text.match(/carry on here:\s+http:\/\/localhost(?::\d+)?(\/invite\/[0-9a-zA-Z_-]+)/)?.[1];
    expect(link).toBeTruthy();
    const page = await (await t.app.request(link!, { headers: { Cookie: `token=${midway.token}; i18n_locale=en` } })).text();
    expect(page).toContain('data-testid="join-member"');
    expect(page).toContain('action="/test/start"');
    // the same moment again (another instance, a retry): nothing more
    await runFollowUps(t.deps, later(3));
    expect(to(midway.email)).toHaveLength(1);
    await runFollowUps(t.deps, later(7));
    expect(to(midway.email)).toHaveLength(2);
    await runFollowUps(t.deps, later(30));
    await runFollowUps(t.deps, later(90));
    expect(to(midway.email)).toHaveLength(2);
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.userId, midway._id));
    expect(row).toMatchObject({ kind: "link", reminders: 2 });

    expect(to(finished.email)).toHaveLength(0);
    expect(to(withdrawn.email)).toHaveLength(0);
  });

  it("stop once the person finishes between the two reminders", async () => {
    const p = await joinByLink("Between");
    await runFollowUps(t.deps, later(3));
    expect(to(p.email)).toHaveLength(1);
    await completedResult(t, p);
    await runFollowUps(t.deps, later(7));
    await runFollowUps(t.deps, later(30));
    expect(to(p.email)).toHaveLength(1);
  });

  it("a person who joined already tested is never reminded", async () => {
    const p = await user(t, { email: email("tested") });
    await completedResult(t, p);
    expect((await t.json("POST", `/api/business/join/${await projectCode()}`, { agree: true, name: "Tested" }, p.h)).status).toBeLessThan(300);
    await runFollowUps(t.deps, later(3));
    await runFollowUps(t.deps, later(7));
    expect(to(p.email)).toHaveLength(0);
  });
});

describe("candidates invited against a position", () => {
  it("who have not joined get 'you are invited for the position' twice at most; one who joined is asked to finish; one who finished gets nothing", async () => {
    const pending = email("cand-pending");
    const joining = email("cand-joining");
    const done = email("cand-done");
    for (const address of [pending, joining, done]) await inviteCandidate(address);
    for (const address of [pending, joining, done]) expect(to(address)).toHaveLength(1); // the invitation

    // two join (one then finishes), one never answers
    for (const address of [joining, done]) {
      const p = await user(t, { email: address, locale: "en" });
      const [row] = await t.deps.db.select().from(invites).where(eq(invites.email, address));
      const res = await t.json("POST", `/api/business/join/${row!.link}`, { agree: true, name: address.split("-")[1] }, p.h);
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      if (address === done) await completedResult(t, p);
    }

    await runFollowUps(t.deps, later(3));
    await runFollowUps(t.deps, later(7));
    await runFollowUps(t.deps, later(30));
    expect(subjects(pending)).toEqual([
      expect.stringContaining("candidate"),
      "Reminder: «Remind & Co» invites you to take the test as a candidate for «Seller»",
      "Reminder: «Remind & Co» invites you to take the test as a candidate for «Seller»",
    ]);
    expect(to(pending)[1]!.text).toContain("as a candidate for the position «Seller»");
    expect(subjects(joining).slice(1)).toEqual([
      "Reminder: finish the Thinking Format test for «Remind & Co»",
      "Reminder: finish the Thinking Format test for «Remind & Co»",
    ]);
    expect(to(done)).toHaveLength(1);
  });

  it("a removed candidate, or one who stopped sharing, gets no reminder", async () => {
    const removed = email("cand-removed");
    const withdrawn = email("cand-withdrawn");
    const gone = await inviteCandidate(removed);
    await inviteCandidate(withdrawn);
    expect((await t.json("DELETE", `/api/business/candidates/${gone._id}`, undefined, co.h)).status).toBe(200);
    const p = await user(t, { email: withdrawn });
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.email, withdrawn));
    expect((await t.json("POST", `/api/business/join/${row!.link}`, { agree: true }, p.h)).status).toBeLessThan(300);
    await t.deps.db.update(candidates).set({ consentWithdrawnAt: new Date() }).where(eq(candidates.userId, p._id));
    await runFollowUps(t.deps, later(3));
    await runFollowUps(t.deps, later(7));
    expect(to(removed)).toHaveLength(1);
    expect(to(withdrawn)).toHaveLength(1);
  });

  it("the owner is told when a candidate joins and when they finish, with the position and a link to it", async () => {
    await setNotify("each");
    const address = email("cand-notice");
    await inviteCandidate(address, "Kira");
    const before = to(owner.email).length;
    const p = await user(t, { email: address, locale: "en" });
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.email, address));
    expect((await t.json("POST", `/api/business/join/${row!.link}`, { agree: true, name: "Kira" }, p.h)).status).toBeLessThan(300);
    await completedResult(t, p);
    const mails = to(owner.email).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      "Candidate Kira («Seller») accepted the invitation of «Remind & Co»",
      "Candidate Kira («Seller») finished the test («Remind & Co»)",
    ]);
    expect(mails[1]!.text).toContain(`/business/positions/${co.pos.Seller}?project=${co.id}#candidates`);
  });

  it("in digest mode the candidate's events wait for the next day's one mail", async () => {
    await setNotify("digest");
    const address = email("cand-digest");
    await inviteCandidate(address, "Lev");
    const before = to(owner.email).length;
    const p = await user(t, { email: address });
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.email, address));
    expect((await t.json("POST", `/api/business/join/${row!.link}`, { agree: true, name: "Lev" }, p.h)).status).toBeLessThan(300);
    await completedResult(t, p);
    expect(to(owner.email).length).toBe(before);
    await runFollowUps(t.deps, later(1));
    const digest = to(owner.email).slice(before);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain("candidate Lev («Seller») accepted the invitation");
    expect(digest[0]!.text).toContain("candidate Lev («Seller») finished the test");
  });
});

describe("the owner's settings", () => {
  it("say candidates' events are included and when the digest comes, in the operator's zone (not UTC)", async () => {
    const html = await (await t.app.request(`/business/settings?project=${co.id}`, { headers: { Cookie: `token=${owner.token}; i18n_locale=en` } })).text();
    expect(html).toContain("candidates for a position too");
    expect(html).not.toContain("after midnight (UTC)");
    expect(html).toMatch(/after midnight \([^)]*Moscow[^)]*\)/);
  });
});
