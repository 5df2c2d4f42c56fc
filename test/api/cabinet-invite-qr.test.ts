// The invite page's link: a QR code drawn on the server as inline SVG (no script for it), the
// same code as a download under the page's own guards, and every invitation status explained where
// it is shown (a tooltip on the chip, and the legend) in both languages.
import { eq } from "drizzle-orm";
import { encode } from "uqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, projects } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, type Person, type ProjectFixture, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let owner: Person;
let co: ProjectFixture;

const page = (path: string, p: Person = owner, locale = "en") => t.app.request(path, { headers: { Cookie: `token=${p.token}; i18n_locale=${locale}` } });
const linkOf = (html: string) =>
  html
    .match(/data-testid="invite-link"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-testid="invite-link"/)!
    .slice(1)
    .find(Boolean)!;
const qrOf = (html: string) => html.match(/data-testid="invite-qr".*?(<svg[\s\S]*?<\/svg>)/)?.[1] ?? "";

/** The dark modules an SVG of unit squares paints, as "x,y" (uqr draws each as M x,y h1v1h-1z). */
function painted(svg: string) {
  const d = svg.match(/<path[^>]* d="([^"]+)"/)?.[1] ?? "";
  return new Set([...d.matchAll(/M(\d+),(\d+)/g)].map((m) => `${m[1]},${m[2]}`));
}
/** What a QR code of `text` must paint (the encoder's matrix, with the page's 2-module border). */
function expected(text: string) {
  const { data } = encode(text, { ecc: "M", border: 2 });
  const out = new Set<string>();
  data.forEach((row, y) => row.forEach((dark, x) => dark && out.add(`${x},${y}`)));
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await user(t, { confirmed: true, locale: "en" });
  co = await businessProject(t, { owner, name: "QR & Co" });
  await t.deps.db.update(projects).set({ inviteBalance: 10 }).where(eq(projects.id, co.id));
  for (const status of ["Sent", "Accepted", "completed test", "pending activation", "no action"] as const)
    await t.deps.db.insert(invites).values({ id: createId(), projectId: co.id, email: `${createId()}@example.com`, link: createId(), status });
});
afterAll(() => t.close());

describe("the invite link's QR code", () => {
  it("is inline SVG of the current link, with no script for it, and follows a refreshed link", async () => {
    const html = await (await page(`/business/invite?project=${co.id}`)).text();
    const link = linkOf(html);
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/invite\/[0-9a-zA-Z_-]+$/);
    const svg = qrOf(html);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(painted(svg)).toEqual(expected(link));
    expect(html).toContain('aria-label="QR code of the invitation link"');
    expect(html).toContain("Download QR (SVG)");
    // nothing but the copy button's loader: the QR adds no script
    expect(html).not.toMatch(/<script[^>]*>[^<]*qr/i);

    const res = await t.form(`/business/invite?project=${co.id}`, { _form: "refresh" }, `token=${owner.token}; i18n_locale=en`);
    expect(res.status).toBe(303);
    const after = await (await page(`/business/invite?project=${co.id}`)).text();
    expect(linkOf(after)).not.toBe(link);
    expect(painted(qrOf(after))).toEqual(expected(linkOf(after)));
  });

  it("downloads as an SVG file from either shell, only for those who may invite", async () => {
    const html = await (await page(`/dashboard/invites?project=${co.id}`)).text();
    expect(html).toContain(`href="/dashboard/invites?project=${co.id}&amp;qr=svg"`);
    const res = await page(`/dashboard/invites?project=${co.id}&qr=svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="invite-qr.svg"');
    const file = await res.text();
    expect(file).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(painted(file)).toEqual(expected(linkOf(html)));

    // an employee of the company may not invite: no code, no file
    const employee = await user(t);
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode;
    expect((await t.json("POST", `/api/business/join/${code}`, { agree: true, name: "Emp" }, employee.h)).status).toBeLessThan(300);
    const theirs = await page(`/business/invite?project=${co.id}&qr=svg`, employee);
    expect(theirs.headers.get("content-type") ?? "").not.toContain("svg");
    expect(await theirs.text()).not.toContain('xmlns="http://www.w3.org/2000/svg"');
  });
});

describe("the statuses explained", () => {
  it("every status chip says what it means on hover, and the legend uses the same chips (en and ru)", async () => {
    for (const [locale, sent, sentText] of [
      ["en", "Sent", "The mail has gone out; the person has not joined yet."],
      ["ru", "Отправлено", "Письмо ушло, человек ещё не присоединился."],
    ] as const) {
      const html = await (await page(`/business/invite?project=${co.id}`, owner, locale)).text();
      // the filter chips: one per status, each with its meaning as a tooltip
      const filters = [...html.matchAll(/<a [^>]*data-count="([^"]+)"[^>]*>/g)];
      expect(filters.map((m) => m[1])).toEqual(["Invited", "Sent", "Accepted", "completed test", "pending activation", "no action"]);
      for (const m of filters) expect(m[0]).toMatch(/title="[^"]{20,}"/);
      // the rows' and the legend's chips
      const chip = new RegExp(`<span [^>]*title="${sentText}[^"]*"[^>]*data-invite-status="Sent"[^>]*>${sent}</span>`);
      expect(html).toMatch(chip);
      expect((html.match(/data-invite-status="/g) ?? []).length).toBeGreaterThanOrEqual(5 + 6); // 5 rows, 6 in the legend
    }
  });
});
