// A candidate's stages and the private notes on them: the owner's shortlist mark (in the ranking and
// its stage filter), declining (the row stays with its notes, the result hidden, the previewed mail
// sent only when asked), notes with author and time that owner and project managers add and delete,
// each change in the activity log; heads of department, other projects and bad input refused.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { candidateNotes, candidates, invites, logs, projects } from "../../db/schema";
import { businessProject, completedResult, type Person, type ProjectFixture, user } from "../fixtures";
import { type ApiError, createTestApp, type List, type TestApp } from "../helpers";
import { lastMailTo, outbox } from "../mail";

let t: TestApp;
let p: ProjectFixture;
let cookie: string;
let candidate: Person;
let candidateId: string;
let pm: Person;
let head: Person;

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = { ...p.h, locale: "en" }) => {
  const res = await t.json(method, path, body, headers);
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
};
/** A position's candidates and the ranking with the team, as GET /api/business/candidates lists them. */
interface Candidates {
  stage: string | null;
  candidates: { _id: string; email: string; stage: string; efficiency: number | null; formatCode: string | null }[];
  ranked: { _id: string; kind: string; stage?: string }[];
}
/** A candidate's page in the API: what the tests read of it. */
interface Profile {
  candidate: { status: string };
  notes: { text: string }[];
}
const list = async (query = "") => (await call<Candidates>("GET", `/api/business/candidates?position=${p.pos.Seller}${query}`)).json;
const text = async (res: Response) =>
  (await res.text())
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  t = await createTestApp();
  const owner = await user(t, { confirmed: true, locale: "en", name: "Olga Owner" });
  cookie = `token=${owner.token}; i18n_locale=en`;
  p = await businessProject(t, {
    owner,
    name: "Stage Co",
    departments: ["Sales"],
    positions: [{ name: "Seller", department: "Sales", tasks: [{ name: "Client meetings", communication: "team", decision: "improvisation", priority: 80 }] }],
  });
  await t.deps.db.update(projects).set({ inviteBalance: 20 }).where(eq(projects.id, p.id));
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
  // a project manager and a head of the Sales department
  pm = await user(t, { name: "Pavel PM" });
  head = await user(t, { name: "Hanna Head" });
  for (const [person, role] of [
    [pm, { type: "project" }],
    [head, { type: "department", department: p.dep.Sales }],
  ] as const) {
    const joined = await call<{ employee: string }>("POST", `/api/business/join/${code}`, { agree: true, name: person.email }, person.h);
    expect(joined.status).toBe(201);
    await call("POST", "/api/business/employees/change-department", { employee: joined.json.employee, department: p.dep.Sales });
    expect((await call("POST", "/api/business/employees/activate-manager", { employee: joined.json.employee, ...role })).status).toBe(200);
  }
  // a candidate who joins and finishes the test
  candidate = await user(t, { locale: "en", name: "Cora Candidate" });
  const invited = await call<{ _id: string; invite: { _id: string } }>("POST", "/api/business/candidates", {
    position: p.pos.Seller,
    email: candidate.email,
    name: "Cora Candidate",
  });
  expect(invited.status).toBe(201);
  candidateId = invited.json._id;
  const link = (await t.deps.db.select().from(invites).where(eq(invites.id, invited.json.invite._id)))[0]!.link;
  expect((await call("POST", `/api/business/join/${link}`, { agree: true }, candidate.h)).status).toBe(201);
  await completedResult(t, candidate);
}, 120_000);
afterAll(() => t.close());

const actions = async (action: string) => t.deps.db.select().from(logs).where(eq(logs.action, action));

describe("the shortlist", () => {
  it("a tested candidate is at stage “tested”; the owner shortlists them, the ranking and the page show it, and the filter finds them", async () => {
    expect((await list()).candidates[0]).toMatchObject({ _id: candidateId, status: "tested", stage: "tested" });
    const res = await call("PUT", `/api/business/candidates/${candidateId}/shortlist`, { shortlisted: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ _id: candidateId, stage: "shortlisted" });
    const shortlisted = await list("&stage=shortlisted");
    expect(shortlisted.stage).toBe("shortlisted");
    expect(shortlisted.candidates).toEqual([expect.objectContaining({ _id: candidateId, stage: "shortlisted" })]);
    expect(shortlisted.ranked.find((r) => r.kind === "candidate")).toMatchObject({ _id: candidateId, stage: "shortlisted" });
    // the team stays in the ranking; another stage has no candidate
    expect((await list("&stage=declined")).candidates).toEqual([]);
    const profile = (await call<Profile>("GET", `/api/business/candidates/${candidateId}`)).json;
    expect(profile.candidate.status).toBe("shortlisted");
    const page = await text(await t.page(`/business/positions/${p.pos.Seller}?project=${p.id}&stage=shortlisted`, cookie));
    expect(page).toMatch(/data-testid="stage-filter"[\s\S]*aria-current="true"[^>]*>shortlisted</);
    expect(page).toContain('data-stage="shortlisted"');
    expect(await actions("business.candidate.shortlisted")).toEqual([
      expect.objectContaining({ userId: p.owner._id, data: expect.objectContaining({ candidate: candidateId }) }),
    ]);
  });

  it("the mark is taken back through the candidate's page, and the page says so", async () => {
    const res = await t.form(`/business/candidates/${candidateId}?project=${p.id}`, { _form: "shortlist", shortlisted: "false" }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("done=candidateUnshortlisted");
    expect((await list()).candidates[0]!.stage).toBe("tested");
  });

  it("refuses bad input with a field message in the request's language, and an unknown stage filter", async () => {
    const bad = await call<ApiError>("PUT", `/api/business/candidates/${candidateId}/shortlist`, { shortlisted: "yes" }, { ...p.h, locale: "ru" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields!.shortlisted).toMatch(/[а-я]/);
    const stage = await call<ApiError>("GET", `/api/business/candidates?position=${p.pos.Seller}&stage=hired-ish`);
    expect(stage.status).toBe(400);
    expect(stage.json.error.fields!.stage).toBe("Choose a stage from the list.");
  });
});

describe("notes", () => {
  let first: string;
  it("the owner and a project manager add notes; each shows its author and time, oldest first", async () => {
    const a = await call<{ _id: string }>("POST", `/api/business/candidates/${candidateId}/notes`, { text: "  Strong on the phone.  " });
    expect(a.status).toBe(201);
    first = a.json._id;
    const b = await call("POST", `/api/business/candidates/${candidateId}/notes`, { text: "Ask about weekends." }, { ...pm.h, Project: p.id });
    expect(b.status).toBe(201);
    const notes = (await call<List<{ text: string; createdAt: string; author: { name: string } }>>("GET", `/api/business/candidates/${candidateId}/notes`)).json
      .docs;
    expect(notes.map((n) => [n.text, n.author.name])).toEqual([
      ["Strong on the phone.", "Olga Owner"],
      ["Ask about weekends.", "Pavel PM"],
    ]);
    expect(new Date(notes[0].createdAt).getTime()).toBeLessThanOrEqual(new Date(notes[1].createdAt).getTime());
    const page = await text(await t.page(`/business/candidates/${candidateId}?project=${p.id}`, cookie));
    expect(page).toMatch(/data-testid="candidate-notes"[\s\S]*Strong on the phone\.[\s\S]*Olga Owner[\s\S]*Ask about weekends\.[\s\S]*Pavel PM/);
    expect(await actions("business.candidate.noteAdded")).toHaveLength(2);
  });

  it("an empty note is refused with a field message and nothing saved (API and the page's form)", async () => {
    const empty = await call<ApiError>("POST", `/api/business/candidates/${candidateId}/notes`, { text: "   " });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields!.text).toBeTruthy();
    const form = await t.form(`/business/candidates/${candidateId}?project=${p.id}`, { _form: "note", text: "" }, cookie);
    expect(form.status).toBe(400);
    const long = await call("POST", `/api/business/candidates/${candidateId}/notes`, { text: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await t.deps.db.select().from(candidateNotes).where(eq(candidateNotes.candidateId, candidateId))).toHaveLength(2);
  });

  it("a head of department may neither read nor write notes or stages; another project gets 404", async () => {
    const h = { ...head.h, Project: p.id };
    expect((await call("GET", `/api/business/candidates/${candidateId}/notes`, undefined, h)).status).toBe(403);
    expect((await call("POST", `/api/business/candidates/${candidateId}/notes`, { text: "mine" }, h)).status).toBe(403);
    expect((await call("PUT", `/api/business/candidates/${candidateId}/shortlist`, { shortlisted: true }, h)).status).toBe(403);
    expect((await call("POST", `/api/business/candidates/${candidateId}/decline`, {}, h)).status).toBe(403);
    const other = await businessProject(t, { name: "Other" });
    expect((await call("GET", `/api/business/candidates/${candidateId}/notes`, undefined, other.h)).status).toBe(404);
    expect((await call("DELETE", `/api/business/candidates/${candidateId}/notes/${first}`, undefined, other.h)).status).toBe(404);
    // the candidate never sees the notes
    expect((await call("GET", `/api/business/candidates/${candidateId}/notes`, undefined, { ...candidate.h, Project: p.id })).status).toBe(403);
  });

  it("a note is deleted (once: again is 404), through the API or the page", async () => {
    expect((await call("DELETE", `/api/business/candidates/${candidateId}/notes/${first}`)).status).toBe(200);
    expect((await call("DELETE", `/api/business/candidates/${candidateId}/notes/${first}`)).status).toBe(404);
    const [left] = await t.deps.db.select().from(candidateNotes).where(eq(candidateNotes.candidateId, candidateId));
    const res = await t.form(`/business/candidates/${candidateId}?project=${p.id}`, { _form: "delete-note", note: left!.id }, cookie);
    expect(res.status).toBe(303);
    expect(await t.deps.db.select().from(candidateNotes).where(eq(candidateNotes.candidateId, candidateId))).toHaveLength(0);
    expect(await actions("business.candidate.noteDeleted")).toHaveLength(2);
  });
});

describe("declining", () => {
  it("keeps the candidate (declined, with notes), hides their result, switches the invitation off, and mails only when asked", async () => {
    await call("POST", `/api/business/candidates/${candidateId}/notes`, { text: "Not this time." });
    const before = outbox(t.dir).length;
    const res = await call("POST", `/api/business/candidates/${candidateId}/decline?notify=1`, {});
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ _id: candidateId, stage: "declined" });
    const mail = lastMailTo(outbox(t.dir), candidate.email)!;
    expect(mail.subject).toBe("Stage Co: about the position “Seller”");
    expect(outbox(t.dir).length).toBe(before + 1);
    const row = (await list()).candidates[0];
    expect(row).toMatchObject({ _id: candidateId, stage: "declined", efficiency: null, formatCode: null });
    expect((await list()).ranked.some((r) => r.kind === "candidate")).toBe(false);
    const [c] = await t.deps.db.select().from(candidates).where(eq(candidates.id, candidateId));
    const [inv] = await t.deps.db.select().from(invites).where(eq(invites.id, c!.inviteId!));
    expect(inv!.isActive).toBe(false);
    const profile = (await call<Profile>("GET", `/api/business/candidates/${candidateId}`)).json;
    expect(profile).toMatchObject({ candidate: { status: "declined" }, efficiency: null, format: null, mails: null });
    expect(profile.notes.map((n) => n.text)).toEqual(["Not this time."]);
    const page = await text(await t.page(`/business/candidates/${candidateId}?project=${p.id}`, cookie));
    expect(page).toContain("No fit: the candidate is declined");
    expect(page).not.toContain('data-testid="confirm-decline"');
    // no hire after a decline, no shortlist; declining again changes nothing and mails nobody
    expect((await call("POST", `/api/business/candidates/${candidateId}/hire`, {})).status).toBe(400);
    expect((await call("PUT", `/api/business/candidates/${candidateId}/shortlist`, { shortlisted: true })).status).toBe(404);
    expect((await call("POST", `/api/business/candidates/${candidateId}/decline?notify=1`, {})).status).toBe(200);
    expect(outbox(t.dir).length).toBe(before + 1);
    expect(await actions("business.candidate.declined")).toEqual([expect.objectContaining({ data: expect.objectContaining({ notified: true }) })]);
  });

  it("a candidate who never opened the invitation is declined without a mail, their reserved invite freed", async () => {
    const res = await call<{ _id: string }>("POST", "/api/business/candidates", { position: p.pos.Seller, email: "never@example.com" });
    const reserved = (await call<{ reserved: number }>("GET", "/api/business/invites")).json.reserved;
    const page = await t.form(`/business/candidates/${res.json._id}?project=${p.id}`, { _form: "decline", notify: "on" }, cookie);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toContain("done=candidateDeclined");
    expect((await call<{ reserved: number }>("GET", "/api/business/invites")).json.reserved).toBe(reserved - 1);
    expect(outbox(t.dir).filter((m) => m.to.includes("never@example.com"))).toHaveLength(1); // the invitation only
    const [row] = await t.deps.db
      .select()
      .from(candidates)
      .where(and(eq(candidates.id, res.json._id), eq(candidates.stage, "declined")));
    expect(row).toMatchObject({ inviteId: null });
    expect((await list("&stage=declined")).candidates.map((c) => c.email).sort()).toEqual([candidate.email, "never@example.com"].sort());
  });
});
