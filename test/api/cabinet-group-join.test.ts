// A team joins together: sign-ups that carry a valid invitation are limited per link, not per address
// (twelve people from one office address on one project link), plain sign-ups keep the per-address
// limit, and a wait is said in minutes. A refused form on the employee page refills only its own
// fields, so the "move" form never saves a department nobody chose.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, projects } from "../../db/schema";
import { businessProject, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let code: string;
let projectId: string;
let cookie: string;
let dep: Record<string, string>;

const OFFICE = "203.0.113.7";
const fromOffice = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
      Host: "localhost",
      "X-Forwarded-For": OFFICE,
      Cookie: "i18n_locale=en",
    },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "1" });
  const owner = await user(t, { confirmed: true, locale: "en" });
  cookie = `token=${owner.token}; i18n_locale=en`;
  const p = await businessProject(t, { owner, name: "Office Co", departments: ["Sales", "Ops"] });
  projectId = p.id;
  dep = p.dep;
  await t.deps.db.update(projects).set({ inviteBalance: 30 }).where(eq(projects.id, p.id));
  code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
});
afterAll(() => t.close());

describe("a team joining from one address", () => {
  it("twelve people sign up on one project link from one office address", async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await fromOffice(`/invite/${code}`, {
        _form: "join-signup",
        email: `office-${i}@example.com`,
        password: "a long office pass 2026",
        consent: "on",
        policy: "on",
        terms: "on",
        offer: "on",
        name: `Office ${i}`,
      });
      expect(res.status, `person ${i}`).toBe(303);
    }
    const joined = await t.deps.db.select().from(employees).where(eq(employees.projectId, projectId));
    expect(joined.filter((e) => e.name.startsWith("Office "))).toHaveLength(12);
  });

  it("plain sign-ups from one address are still limited, and the wait is said in minutes", async () => {
    let last: Response | null = null;
    for (let i = 1; i <= 11; i++) {
      last = await t.app.request("/api/passport/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-Forwarded-For": "198.51.100.9", locale: "en" },
        body: JSON.stringify({ email: `plain-${i}@example.com`, password: "a long plain pass 2026", policy: true, terms: true, offer: true }),
      });
    }
    expect(last!.status).toBe(429);
    const body = (await last!.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/Try again in \d+ min\./);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(60);
  });
});

describe("a refused form refills only its own fields", () => {
  it("a refused role form leaves the move form showing the person's department, and saving it keeps them there", async () => {
    const person = (await t.deps.db.select().from(employees).where(eq(employees.projectId, projectId)))[0]!;
    await t.deps.db.update(employees).set({ departmentId: dep.Sales }).where(eq(employees.id, person.id));
    // "Apply" on the role form without a role: refused, the form posted department = "" (none)
    const refused = await t.form(`/business/employees/${person.id}?project=${projectId}`, { _form: "control", type: "", department: "" }, cookie);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const move = html.slice(html.indexOf('data-testid="form-move"'), html.indexOf("</form>", html.indexOf('data-testid="form-move"')));
    const select = move.slice(move.indexOf('name="department"'), move.indexOf("</select>", move.indexOf('name="department"')));
    expect(select).toMatch(new RegExp(`<option value="${dep.Sales}" selected=""`));
    // the two forms' department selects no longer share an id
    expect(html).toContain('id="move-department"');
    expect(html).toContain('id="control-department"');
  });
});
