// The invitation entry pages (/invite, /invite/business and /invite/{code}) and the component
// demo pages (/components, /b2b/components), in both languages and without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, projects, users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
const code = "welcome-team-42";
beforeAll(async () => {
  t = await createTestApp();
  const owner = createId();
  const project = createId();
  await t.deps.db.insert(users).values({ id: owner, email: "owner-invite@example.com", isBusiness: true });
  await t.deps.db.insert(projects).values({ id: project, name: "Acme & Co", ownerId: owner, inviteCode: "acme-code" });
  await t.deps.db.insert(invites).values({ id: createId(), projectId: project, link: code, kind: "link" });
});
afterAll(() => t.close());

const page = async (path: string, init?: RequestInit) => {
  const res = await t.app.request(path, init);
  return { res, html: await res.text() };
};
const form = (path: string, body: Record<string, string>) =>
  t.app.request(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body).toString() });

describe("invitation pages", () => {
  it("asks for the code on /invite and /invite/business, in both languages, without script", async () => {
    for (const path of ["/invite", "/invite/business"]) {
      const ru = await page(`${path}?lang=ru`);
      expect(ru.res.status).toBe(200);
      expect(ru.html).toContain("Код приглашения");
      expect(ru.html).toMatch(/<meta name="description" content="[^"]+">/);
      expect(ru.html).not.toContain("<script");
      const en = await page(`${path}?lang=en`);
      expect(en.html).toContain("Invitation code");
    }
  });

  it("leads from the code to /invite/{code} (business too), and shows a bad code again with its message", async () => {
    const res = await form("/invite", { _form: "invite-code", code });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/invite/${code}`);
    expect((await form("/invite/business", { _form: "invite-code", code })).headers.get("location")).toBe(`/invite/business/${code}`);
    const bad = await form("/invite?lang=en", { _form: "invite-code", code: "a b" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("does not look like an invitation code");
  });

  it("shows the invitation with its company and the next steps", async () => {
    for (const path of [`/invite/${code}`, `/invite/business/${code}`]) {
      const { res, html } = await page(`${path}?lang=en`);
      expect(res.status).toBe(200);
      expect(html).toContain("Acme &amp; Co invites you");
      expect(html).toContain('data-testid="form-join-signup"');
      expect(html).toContain(`/login?fallback=${encodeURIComponent(path)}`);
    }
  });

  it("answers 404 for an unknown or malformed code", async () => {
    expect((await page("/invite/no-such-invite")).res.status).toBe(404);
    expect((await page("/invite/%3Cx%3E")).res.status).toBe(404);
  });
});

describe("component demo pages", () => {
  it("show the shared pieces in their states, in both languages, without script", async () => {
    for (const path of ["/components", "/b2b/components"]) {
      for (const [lang, heading] of [
        ["ru", "Поля форм"],
        ["en", "Form fields"],
      ] as const) {
        const { res, html } = await page(`${path}?lang=${lang}`);
        expect(res.status).toBe(200);
        expect(html).toContain(heading);
        expect(html).toContain('data-testid="demo-table"');
        expect(html).toContain('aria-invalid="true"'); // the form with errors
        expect(html).toContain('role="alert"');
        expect(html).not.toContain("<script");
      }
    }
    expect((await page("/b2b/components")).html).toContain('data-cabinet="business"'); // with the side bar
  });
});
