// The cabinets' first pages and the layouts: /business (activate, buy invites by card or invoice,
// follow orders; the demo account only looks), /manager (totals, marking an invoice paid), and
// the lab and sales menus.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, projects } from "../../db/schema";
import { cookiesOf, createTestApp, type TestApp, fillSellerDetails } from "../helpers";
import { manager, type Person, user } from "../fixtures";

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await fillSellerDetails(t);
  adminToken = (await manager(t)).token;
});
afterAll(() => t.close());

const get = (path: string, cookie: string) => t.app.request(path, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });

describe("the business cabinet's Begin page", () => {
  let owner: Person;
  let cookie: string;
  let project: string;
  const balance = async () => (await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteBalance;

  beforeAll(async () => {
    owner = await user(t, { confirmed: false });
    cookie = `token=${owner.token}; i18n_locale=en`;
  });

  it("sends a guest to log in and back", async () => {
    const res = await t.app.request("/business");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?fallback=%2Fbusiness");
  });

  it("lets a private user activate a business account with one free test", async () => {
    const before = await (await get("/business", cookie)).text();
    expect(before).toContain('data-testid="activate-business"');
    expect(before).toContain('data-cabinet="business"');
    const res = await post("/business", cookie, { _form: "activate-business", name: "Acme" });
    expect(res.status).toBe(303);
    const html = await (await get("/business", cookie)).text();
    project = html.match(/data-project="([0-9a-f]{24})"/)![1]!;
    expect(html).toContain("Acme");
    expect(html).toMatch(/data-testid="invite-balance">1</);
    expect(html).toContain('data-testid="form-refill"');
  });

  it("buys invites by card through the sandbox, and explains a too-small pack on the field", async () => {
    const small = await post("/business", cookie, { _form: "refill", project, quantity: "3", method: "card" });
    expect(small.status).toBe(400);
    const smallHtml = await small.text();
    expect(smallHtml).toContain('id="refill-quantity-error"');
    expect(smallHtml).toContain("The smallest pack is 5 invites");
    const notNumber = await post("/business", cookie, { _form: "refill", project, quantity: "many", method: "card" });
    expect(notNumber.status).toBe(400);

    const res = await post("/business", cookie, { _form: "refill", project, quantity: "5", method: "card" });
    expect(res.status).toBe(303);
    const sandbox = res.headers.get("location")!;
    expect(sandbox).toMatch(/^\/payment\/sandbox\/[0-9a-f]{24}$/);
    const pay = await post(sandbox, cookie, { decision: "pay" });
    expect(pay.headers.get("location")).toMatch(/^\/payment\/business\/success\?order=/);
    const success = await (await get(pay.headers.get("location")!, cookie)).text();
    expect(success).toContain('href="/business"');
    expect(await balance()).toBe(7);
  });

  it("issues an invoice from the page, lists it, and refuses a malformed INN", async () => {
    const bad = await post("/business", cookie, { _form: "refill", project, quantity: "20", method: "invoice", inn: "123" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("An INN has 10 or 12 digits");
    const res = await post("/business", cookie, { _form: "refill", project, quantity: "20", method: "invoice", company: "Acme LLC", inn: "7701234567" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    const order = location.match(/invoice=([0-9a-f]{24})/)![1]!;
    const html = await (await get(location, cookie)).text();
    expect(html).toContain(`href="/api/order/${order}/invoice.pdf"`);
    expect(html).toMatch(new RegExp(`data-order="${order}" data-state="pending"`));
    expect(html).toMatch(/16\s000 ₽/);
    const pdf = await get(`/api/order/${order}/invoice.pdf`, cookie);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("turns a corporate quantity into a request", async () => {
    const res = await post("/business", cookie, { _form: "refill", project, quantity: "600", method: "card" });
    expect(res.headers.get("location")).toBe("/business?requested=1");
    expect(await (await get("/business?requested=1", cookie)).text()).toContain("request for a corporate plan");
  });

  it("refuses to buy for someone else's project", async () => {
    const other = await user(t, { confirmed: false });
    const otherCookie = `token=${other.token}`;
    await post("/business", otherCookie, { _form: "activate-business", name: "Other" });
    const res = await post("/business", otherCookie, { _form: "refill", project, quantity: "5", method: "card" });
    // the form says the project was not found, and nothing is ordered
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, other._id))).toEqual([]);
  });

  describe("the back-office main page", () => {
    it("is for managers only", async () => {
      const res = await get("/manager", cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    });

    it("shows the totals and the unpaid invoice, and marking it paid credits the project once", async () => {
      const admin = `token=${adminToken}; i18n_locale=en`;
      const html = await (await get("/manager", admin)).text();
      expect(html).toContain('data-cabinet="manager"');
      expect(html).toContain('data-stat="users"');
      const invoice = html.match(/<tr data-invoice="(\d+)">[\s\S]*?name="order" value="([0-9a-f]{24})"/)!;
      expect(html).toContain(owner.email);
      const order = invoice[2]!;
      const before = await balance();
      const res = await post("/manager", admin, { _form: "invoice-paid", order });
      expect(res.headers.get("location")).toBe("/manager?done=paid");
      expect(await balance()).toBe(before + 21);
      await post("/manager", admin, { _form: "invoice-paid", order });
      expect(await balance()).toBe(before + 21);
      const after = await (await get("/manager?done=paid", admin)).text();
      expect(after).not.toContain(`data-invoice="${invoice[1]}"`);
      const mine = await (await get("/business", cookie)).text();
      expect(mine).toMatch(new RegExp(`data-order="${order}" data-state="paid"`));
    });
  });
});

describe("the demo business account", () => {
  it("shows the demo project read-only and refuses any change", async () => {
    const demo = cookiesOf(await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } })).masqDemoToken!;
    const cookie = `masqDemoToken=${demo}; i18n_locale=en`;
    const html = await (await get("/business", cookie)).text();
    expect(html).toContain('data-testid="demo-banner"');
    expect(html).toMatch(/data-testid="invite-balance">1</);
    expect(html).not.toContain('data-testid="form-refill"');
    const res = await post("/business", cookie, { _form: "refill", project: "0000000000000000000000d2", quantity: "5", method: "card" });
    expect(res.status).toBe(403);
  });
});

describe("layouts", () => {
  it("gives the test pages the lab menu and the sales pages a menu that leads to their form", async () => {
    const r = await user(t, { confirmed: false });
    const lab = await (await get("/test/start", `token=${r.token}; i18n_locale=en`)).text();
    expect(lab).toMatch(/data-testid="menu-primary">Testing</);
    expect(lab).not.toContain('href="/lab"');
    const sales = await (await t.app.request("/salles?lang=en")).text();
    expect(sales).toMatch(/href="#form"[^>]*data-testid="menu-primary">Request a demo</);
    const home = await (await t.app.request("/?lang=en")).text();
    expect(home).toContain('href="/lab"');
  });
});
