import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { businessRequests, consultationTickets, webinarSignups } from "../../db/schema";
import { MARKETING_PAGES } from "../../routes/marketing";
import { translator } from "../../locales";
import { ITEMS } from "../../model/items";
import { submitLead } from "../../server/services/leads";
import { systemScope } from "../../server/scope";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = async (path: string, lang: "ru" | "en") => {
  const res = await t.app.request(`${path}?lang=${lang}`);
  return { status: res.status, html: await res.text() };
};
const formHeaders = { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" };
const visibleText = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");

describe("marketing, legal and sales pages", () => {
  it("serves every page in both languages with its own title and no untranslated keys", async () => {
    for (const { path, ns } of MARKETING_PAGES) {
      for (const lang of ["ru", "en"] as const) {
        const { status, html } = await page(path, lang);
        expect(status, `${path} ${lang}`).toBe(200);
        expect(html).toContain(`<html lang="${lang}">`);
        const title = translator(lang)(`pages.${ns}.title`);
        expect(title).not.toBe(`pages.${ns}.title`);
        expect(html, `${path} ${lang} title`).toContain(`<title>${title.replace(/&/g, "&amp;")}`);
        // A missing string renders as its key: none may reach the reader.
        expect(visibleText(html), `${path} ${lang}`).not.toMatch(/\b(pages|sales|legal|home|common)\.[a-z][A-Za-z0-9]*\.[a-z]/);
      }
    }
  });

  it("ships no JavaScript except on the landing variants, which carry the sign-up island", async () => {
    for (const { path, blocks } of MARKETING_PAGES) {
      const { html } = await page(path, "ru");
      const hasSignup = blocks.some((b) => b.kind === "promo");
      if (hasSignup) expect(html, path).toContain('data-island="signup-form"');
      else expect(html, path).not.toContain("<script");
    }
  });

  it("shows the business plans with their prices, minimums and the corporate offer", async () => {
    const { html } = await page("/salles", "en");
    for (const [plan, price, min] of [
      ["base", "900", 5],
      ["norma", "800", 20],
      ["full", "700", 100],
    ] as const) {
      const card = html.match(new RegExp(`data-testid="plan-${plan}"[\\s\\S]*?</div>`))![0];
      expect(card).toMatch(new RegExp(`>${price} ₽</span> <span[^>]*>per invitation<`));
      expect(card).toContain(`from ${min} invitations`);
    }
    expect(html).toContain("500+ people");
    expect(html).toContain("By request");
  });

  it("shows the full report price from the settings on the product page", async () => {
    const { html } = await page("/product", "ru");
    expect(html).toMatch(/data-amount="99000"/);
    expect(html).toContain("990 ₽");
  });

  it("shows the laboratory forum with its dates and programme", async () => {
    const { html } = await page("/lab", "ru");
    expect(html).toContain("7–12 ноября 2020 года");
    expect(html).toContain("12 ноября: итоги");
    expect(html).toContain('data-testid="form-research"');
  });

  it("lists all 27 formats on the theory page and places them in the chart", async () => {
    const theory = (await page("/theory", "en")).html;
    // the method text states how many items are reverse-keyed: it must match the item bank
    const reversed = ITEMS.filter((i) => i.keys.some((k) => k.sign < 0)).length;
    expect(theory).toContain(`${reversed} of them are worded in reverse`);
    expect(theory.match(/data-format="[A-Z]+-[A-Z]+-[A-Z]+"/g)).toHaveLength(27);
    const chart = (await page("/chart", "ru")).html;
    for (const s of ["system", "analytic", "balanced"]) {
      const table = chart.match(new RegExp(`data-testid="chart-${s}"[\\s\\S]*?</table>`))![0];
      expect(table.match(/<td [^>]*>[^<]+<\/td>/g), s).toHaveLength(9);
    }
  });

  it("shows a real base report on the demo page: three open blocks and locked teasers", async () => {
    const { html } = await page("/demo", "en");
    expect(html.match(/data-section="/g)).toHaveLength(12);
    expect(html.match(/data-locked="true"/g)).toHaveLength(9);
  });

  it("numbers the clauses of the legal documents and shows the offer's payment terms", async () => {
    const offer = (await page("/offer", "ru")).html;
    expect(offer).toContain("Редакция от");
    expect(offer).toContain("100% предоплаты");
    expect(offer).toContain("до 12:00 по московскому времени");
    expect(offer).toContain("в течение 30 календарных дней");
    expect(offer).toMatch(/3\.2\. /);
    const policy = (await page("/policy", "en")).html;
    expect(policy).toContain("Privacy policy");
  });

  it("stores a demo request from a sales page and confirms it after the redirect", async () => {
    const email = "buyer@example.com";
    const body = new URLSearchParams({ _form: "demo", name: "Anna Buyer", phone: "+7 900 123-45-67", email, company: "Acme" });
    const res = await t.app.request("/salles?lang=en", { method: "POST", headers: formHeaders, body: body.toString() });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toContain("done=demo");
    const [row] = await t.deps.db.select().from(businessRequests).where(eq(businessRequests.email, email));
    expect(row).toMatchObject({ kind: "demo", name: "Anna Buyer", company: "Acme" });
    const after = await (await t.app.request(location)).text();
    expect(after).toContain("Thank you! We have your request");
  });

  it("re-shows an invalid form with per-field messages in the page's language and keeps what was typed", async () => {
    const body = new URLSearchParams({ _form: "demo", name: "Олег", phone: "", email: "not-an-email" });
    const res = await t.app.request("/business_demo?lang=ru", { method: "POST", headers: formHeaders, body: body.toString() });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="demo-phone-error"');
    expect(html).toContain('id="demo-email-error"');
    expect(html).not.toContain('id="demo-name-error"');
    expect(html).toContain('value="Олег"');
    expect(html).toContain('value="not-an-email"');
    const rows = await t.deps.db.select().from(businessRequests).where(eq(businessRequests.name, "Олег"));
    expect(rows).toHaveLength(0);
  });

  it("takes research requests, consultations and webinar sign-ups from their pages", async () => {
    const post = (path: string, fields: Record<string, string>) =>
      t.app.request(path, { method: "POST", headers: formHeaders, body: new URLSearchParams(fields).toString() });
    const short = await post("/lab", { _form: "research", name: "Researcher", email: "r@example.com", message: "Hi" });
    expect(short.status).toBe(400);
    const research = await post("/lab", {
      _form: "research",
      name: "Researcher",
      email: "r@example.com",
      message: "I teach statistics and want to study formats of students.",
    });
    expect(research.status).toBe(303);
    const [r] = await t.deps.db.select().from(businessRequests).where(eq(businessRequests.email, "r@example.com"));
    expect(r?.kind).toBe("research");

    expect((await post("/b2b2", { _form: "consultation", name: "Client", phone: "+79001112233" })).status).toBe(303);
    const [ticket] = await t.deps.db.select().from(consultationTickets).where(eq(consultationTickets.name, "Client"));
    expect(ticket?.phone).toBe("+79001112233");

    for (let i = 0; i < 2; i++) expect((await post("/tools", { _form: "webinar", name: "Listener", email: "l@example.com" })).status).toBe(303);
    const signups = await t.deps.db.select().from(webinarSignups).where(eq(webinarSignups.email, "l@example.com"));
    expect(signups).toHaveLength(1);
  });

  it("refuses a form posted from another site", async () => {
    const res = await t.app.request("/salles", {
      method: "POST",
      headers: { ...formHeaders, Origin: "https://evil.example" },
      body: "_form=demo&name=X&phone=%2B79001112233&email=x%40example.com",
    });
    expect(res.status).toBe(403);
  });
});

describe("submitLead, the one way in for the API's and the pages' marketing forms", () => {
  it("validates with the kind's schema, messages in the reader's language, then saves", async () => {
    const en = translator("en");
    await expect(
      submitLead(systemScope(t.deps, "en"), "demo", { name: "Ann", phone: "abc", email: "nope" }, { userId: null, t: en, ip: null }),
    ).rejects.toMatchObject({
      status: 400,
      code: "validation_failed",
      fields: { phone: en("common.validation.phone"), email: en("common.validation.email") },
    });
    const saved = await submitLead(
      systemScope(t.deps, "en"),
      "consultation",
      { name: "Via service", phone: "+7 900 000-00-01", extra: "dropped" },
      { userId: null, t: en, ip: null },
    );
    expect(saved.kind).toBe("consultation");
    const [row] = await t.deps.db.select().from(consultationTickets).where(eq(consultationTickets.id, saved._id));
    expect(row).toMatchObject({ name: "Via service", phone: "+7 900 000-00-01", email: null });
  });
});
