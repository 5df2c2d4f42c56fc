// The back-office's commerce half: coupon rules and checkout, referral users,
// statistics and chart, review moderation with a photo, the operator's settings taking effect at
// once, and a project's change of owner (both told by e-mail) and deletion.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, coupons, orders, projects, users } from "../../db/schema";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { startSmtpSink } from "../mail";
import { businessProject, completedResult, manager, type Person, user } from "../fixtures";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url });
  const token = (await manager(t)).token;
  admin = { Authorization: `Bearer ${token}`, locale: "en" };
  cookie = `token=${token}; i18n_locale=en`;
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.deps.db;
const page = (path: string) => t.app.request(path, { headers: { Cookie: cookie } });
const postForm = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });
const userForm = (r: Person) => ({
  Cookie: `token=${r.token}`,
  "Content-Type": "application/x-www-form-urlencoded",
  Origin: "http://localhost",
  Host: "localhost",
});
const fieldsOf = async (res: Response) => ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe("coupons", () => {
  it("refuses each bad value with a field message in the request's language", async () => {
    const bad = async (body: Record<string, unknown>, field: string, message: string, status = 400, lang = "en") => {
      const res = await t.json(
        "POST",
        "/api/manager/coupon",
        { code: `BAD-${Math.random().toString(36).slice(2, 8)}`, type: "percent", amount: 10, ...body },
        { ...admin, locale: lang },
      );
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await fieldsOf(res))[field], JSON.stringify(body)).toBe(message);
    };
    await bad({ amount: 150 }, "amount", "A percent discount is from 1 to 100");
    await bad({ amount: 150 }, "amount", "Скидка в процентах — от 1 до 100", 400, "ru");
    await bad({ amount: 0 }, "amount", "Enter a whole number of at least 1");
    // the full report costs 990 ₽ (99 000 kopecks): a fixed discount must stay below it
    await bad({ type: "absolute", amount: 99_000 }, "amount", "A fixed discount must be less than the price of what it applies to");
    await bad({ count: 0 }, "count", "At least 1 use");
    await bad({ expiredAt: "2020-01-01" }, "expiredAt", "The expiry date must be in the future");
    await bad({ code: "a b" }, "code", "2–64 letters, digits, - or _");
    await bad({ type: "gift" }, "type", "Choose percent or a fixed amount");

    const ok = await t.json("POST", "/api/manager/coupon", { code: "Summer-10", type: "percent", amount: 10, expiredAt: future() }, admin);
    expect(ok.status).toBe(201);
    const coupon = await ok.json();
    expect(coupon).toMatchObject({ code: "Summer-10", type: "percent", amount: 10, count: 1, content: "full" });
    await bad({ code: "SUMMER-10" }, "code", "This code is taken (codes are the same in any letter case)", 409);

    // an edit is held to the same rules, against the coupon as it would be
    const edit = await t.json("PUT", `/api/manager/coupon/${coupon._id}`, { amount: 101 }, admin);
    expect(edit.status).toBe(400);
    expect((await fieldsOf(edit)).amount).toBe("A percent discount is from 1 to 100");
    const good = await t.json("PUT", `/api/manager/coupon/${coupon._id}`, { amount: 15, count: 3 }, admin);
    expect(await good.json()).toMatchObject({ amount: 15, count: 3 });
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "coupons"), eq(auditLog.entityId, coupon._id)));
    expect(audited.map((a) => a.action).sort()).toEqual(["coupons.create", "coupons.update"]);
  });

  it("creates one from the no-script form, showing a field message on a bad value", async () => {
    const form = await (await page("/manager/coupon/create")).text();
    expect(form).toContain('data-testid="form-create"');
    const bad = await postForm("/manager/coupon/create", {
      _form: "create",
      code: "FORM-1",
      type: "absolute",
      amount: "2000",
      count: "1",
      content: "full",
      expiredAt: "",
    }); // rubles on the page
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("A fixed discount must be less than the price");
    const ok = await postForm("/manager/coupon/create", {
      _form: "create",
      code: "FORM-1",
      type: "absolute",
      amount: "200",
      count: "2",
      content: "full",
      expiredAt: future(),
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toMatch(/^\/manager\/coupon\/[0-9a-f]{24}\?done=saved$/);
    const detail = await (await page(ok.headers.get("location")!)).text();
    expect(detail).toContain("FORM-1");
    expect(detail).toContain('data-section="users"');
    const list = await (await page("/manager/coupon")).text();
    expect(list).toContain("FORM-1");
    expect(list).toContain('data-testid="create-link"');
  });

  it("is refused at checkout when used up or expired, and lists who used it", async () => {
    const created = await (await t.json("POST", "/api/manager/coupon", { code: "ONCE-50", type: "percent", amount: 50, count: 1 }, admin)).json();
    const [a, b] = [await user(t, { confirmed: false }), await user(t, { confirmed: false })];
    // the code in another letter case is the same code
    const first = await t.json("POST", "/api/payment", { entityType: "report", coupon: "once-50" }, a.h);
    expect(first.status).toBe(201);
    const { order, redirect } = await first.json();
    expect((await db().select().from(orders).where(eq(orders.id, order)))[0]!.amount).toBe(49_500);
    await t.app.request(redirect, { method: "POST", headers: userForm(a), body: "decision=pay" });

    const usedUp = await t.json("POST", "/api/payment", { entityType: "report", coupon: "ONCE-50" }, { ...b.h, locale: "en" });
    expect(usedUp.status).toBe(404);
    expect((await fieldsOf(usedUp)).code).toBe("No such promo code, or it can no longer be used");

    await t.json("POST", "/api/manager/coupon", { code: "LATE-20", type: "percent", amount: 20, count: 5, expiredAt: future() }, admin);
    await db()
      .update(coupons)
      .set({ expiredAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, "LATE-20"));
    const expired = await t.json("POST", "/api/payment", { entityType: "report", coupon: "LATE-20" }, { ...b.h, locale: "en" });
    expect(expired.status).toBe(400);
    expect((await fieldsOf(expired)).code).toBe("This promo code has expired");

    const usersOf = await (await t.json("GET", `/api/manager/coupon/${created._id}/users`, undefined, admin)).json();
    expect(usersOf.docs).toEqual([expect.objectContaining({ _id: a._id, email: a.email, state: "paid", paid: 49_500 })]);
    expect(await (await t.json("GET", `/api/manager/coupon/${created._id}?populate=used,users`, undefined, admin)).json()).toMatchObject({
      count: 0,
      used: 1,
      users: [{ email: a.email }],
    });
    expect(await (await page(`/manager/coupon/${created._id}`)).text()).toContain(a.email);
  });
});

describe("referrals", () => {
  it("lists the users who signed up through the link, with the statistics and the chart by day", async () => {
    const ref = await (await t.json("POST", "/api/manager/referral", { code: "podcast", name: "Podcast" }, admin)).json();
    expect(ref.link).toBe("http://localhost/?ref=podcast");
    const landing = await t.app.request("/?ref=podcast");
    expect(cookiesOf(landing).ref).toBe("podcast");
    const email = `ref-${Date.now()}@example.com`;
    const signup = await (await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true }, { Cookie: "ref=podcast" })).json();
    const r: Person = { email, token: signup.token, _id: signup._id, h: { Authorization: `Bearer ${signup.token}` } };
    await user(t, { confirmed: false });
    await completedResult(t, r);

    const usersOf = await (await t.json("GET", `/api/manager/referral/${ref._id}/users`, undefined, admin)).json();
    expect(usersOf.docs).toEqual([expect.objectContaining({ _id: r._id, email, isCompleted: true })]);
    expect((await (await t.json("GET", `/api/manager/referral/${ref._id}/stat`, undefined, admin)).json()).stat).toEqual({
      signups: 1,
      completed: 1,
      payments: 0,
    });
    const list = await (await t.json("GET", "/api/manager/referral?populate=signups", undefined, admin)).json();
    expect(list.docs.find((d: { _id: string }) => d._id === ref._id)).toMatchObject({ code: "podcast", signups: 1 });

    const chart = await (await page(`/manager/referral/${ref._id}/ReferralChart`)).text();
    expect(chart).toContain('data-island="stats-chart"');
    expect(chart).toContain('data-hydrate="visible"');
    const today = new Date().toISOString().slice(0, 10);
    // the date cell holds the day and month for phones and the full date for wider screens
    expect(chart).toMatch(new RegExp(`<span[^>]*>${today}</span></td><td[^>]*>1</td><td[^>]*>1</td><td[^>]*>0</td>`));
    const detail = await (await page(`/manager/referral/${ref._id}`)).text();
    expect(detail).toContain(email);
    // the figures as labelled fields, never a JSON dump
    expect(detail).not.toContain("&quot;signups&quot;");
    expect(detail).toContain('data-field="signups">1<');
    expect(detail).toContain('data-field="completed">1<');
    expect(detail).toContain('data-field="payments">0<');

    // a new code moves the link with it; a taken one is refused with a field message
    const moved = await (await t.json("PUT", `/api/manager/referral/${ref._id}`, { code: "podcast-2" }, admin)).json();
    expect(moved.link).toBe("http://localhost/?ref=podcast-2");
    await t.json("POST", "/api/manager/referral", { code: "taken-ref" }, admin);
    const taken = await t.json("PUT", `/api/manager/referral/${ref._id}`, { code: "taken-ref" }, admin);
    expect(taken.status).toBe(409);
    expect((await fieldsOf(taken)).code).toBe("This code is taken");
    expect((await page(`/manager/referral/${ref._id}/edit`)).status).toBe(200);
  });
});

// the smallest valid PNG (1×1)
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

describe("reviews", () => {
  const publicNames = async () => ((await (await t.app.request("/api/review")).json()) as { docs: { name: string }[] }).docs.map((d) => d.name);

  it("shows a review on the public list only once approved, and hides it again", async () => {
    const created = await t.json(
      "POST",
      "/api/manager/reviews/",
      { name: "Olga Moderated", position: "CTO", textEn: "Clear, short and useful for our whole team." },
      admin,
    );
    expect(created.status).toBe(201);
    const review = await created.json();
    expect(review).toMatchObject({ name: "Olga Moderated", isPublished: false, text: { en: "Clear, short and useful for our whole team." } });
    expect(await publicNames()).not.toContain("Olga Moderated");

    expect((await t.json("PUT", `/api/manager/reviews/${review._id}/approve`, {}, admin)).status).toBe(200);
    expect(await publicNames()).toContain("Olga Moderated");
    expect(await (await t.app.request("/review")).text()).toContain("Olga Moderated");

    // the page's action hides it; the edit form changes its text per language
    expect((await postForm(`/manager/reviews/${review._id}`, { _form: "hide" })).status).toBe(303);
    expect(await publicNames()).not.toContain("Olga Moderated");
    const edit = await postForm(`/manager/reviews/${review._id}`, {
      _form: "edit",
      name: "Olga M.",
      position: "CTO",
      textRu: "Коротко и полезно.",
      textEn: "Short and useful.",
    });
    expect(edit.status).toBe(303);
    const after = await (await t.json("GET", `/api/manager/reviews/${review._id}?populate=user`, undefined, admin)).json();
    expect(after).toMatchObject({ name: "Olga M.", text: { ru: "Коротко и полезно.", en: "Short and useful." } });
    const list = await (
      await t.json("GET", `/api/manager/reviews?match=${encodeURIComponent(JSON.stringify({ isPublished: false }))}&populate=user`, undefined, admin)
    ).json();
    expect(list.docs.map((d: { _id: string }) => d._id)).toContain(review._id);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, review._id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["reviews.create", "reviews.approve", "reviews.hide", "reviews.update"]));
    const needsText = await t.json("POST", "/api/manager/reviews/", { name: "No text" }, admin);
    expect((await fieldsOf(needsText)).textRu).toBe("Write the text in at least one language");
  });

  it("adds a review with a photo from the form: an image is stored and served, anything else is refused", async () => {
    const upload = (file: Blob, name: string) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ _form: "create", name: "Photo Person", textEn: "A review with a photo attached.", isPublished: "on" }))
        body.set(k, v);
      body.set("img", file, name);
      return t.app.request("/manager/reviews/create", { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost", Host: "localhost" }, body });
    };
    const wrong = await upload(new Blob(["<script>alert(1)</script>"], { type: "image/png" }), "evil.png");
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Only a JPEG, PNG or WebP image");
    const huge = await upload(new Blob([PNG, new Uint8Array(900 * 1024)], { type: "image/png" }), "big.png");
    expect(huge.status).toBe(400);
    expect(await huge.text()).toContain("The photo is larger than 800 KB");

    const ok = await upload(new Blob([PNG], { type: "image/png" }), "me.png");
    expect(ok.status).toBe(303);
    const id = ok.headers.get("location")!.match(/[0-9a-f]{24}/)![0];
    const doc = await (await t.json("GET", `/api/manager/reviews/${id}`, undefined, admin)).json();
    expect(doc.img).toMatch(/^\/uploads\/reviews\/[0-9a-f]{24}\.png$/);
    const photo = await t.app.request(doc.img);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await (await t.app.request("/review")).text()).toContain(`src="${doc.img}"`);
    expect((await t.app.request("/uploads/reviews/..%2Fapp.db")).status).toBe(404);
  });
});

describe("settings", () => {
  it("lists every setting and refuses a bad value with a field message", async () => {
    const list = await (await t.json("GET", "/api/manager/setting", undefined, admin)).json();
    expect(list).toMatchObject({ page: 1, total: 7, pages: 1 });
    expect(list.docs.map((d: { _id: string }) => d._id)).toEqual(["counterBase", "maintenance", "prices", "plans", "contacts", "referrals", "seller"]);
    const put = (key: string, body: unknown) => t.json("PUT", `/api/manager/setting/${key}`, body, admin);
    expect((await fieldsOf(await put("prices", { fullReport: 0, perInvite: { base: 90_000, norma: 80_000, full: 70_000 } }))).fullReport).toBe(
      "A price in roubles, at least 1 ₽",
    );
    expect((await fieldsOf(await put("plans", { base: 5, norma: 3, full: 100 }))).norma).toBe("Each plan must start above the previous one");
    expect((await fieldsOf(await put("maintenance", { enabled: true, ru: "", en: "" }))).ru).toBe("Write the notice in at least one language");
    expect((await fieldsOf(await put("contacts", { email: "nope", phone: "" }))).email).toBe("Enter a valid e-mail address");
    expect((await put("no-such-setting", {})).status).toBe(404);
  });

  it("takes effect at once: the price at checkout, the counter, the notice, the contacts and the plan sizes", async () => {
    const put = (key: string, body: unknown) => t.json("PUT", `/api/manager/setting/${key}`, body, admin);
    const before = (await (await t.app.request("/api/total")).json()).total;
    expect((await put("counterBase", 1000)).status).toBe(200);
    expect((await (await t.app.request("/api/total")).json()).total).toBe(before + 1000);

    // the settings page takes the price in roubles
    const saved = await postForm("/manager/settings", {
      _form: "prices",
      fullReport: "1490",
      "perInvite.base": "900",
      "perInvite.norma": "800",
      "perInvite.full": "700",
    });
    expect(saved.status).toBe(303);
    const r = await user(t, { confirmed: false });
    const { order } = await (await t.json("POST", "/api/payment", { entityType: "report" }, r.h)).json();
    expect((await db().select().from(orders).where(eq(orders.id, order)))[0]!.amount).toBe(149_000);

    await put("maintenance", { enabled: true, ru: "Плановые работы в 23:00", en: "Maintenance at 23:00" });
    await put("contacts", { email: "hello@example.com", phone: "+7 495 000-00-00" });
    const home = await (await t.app.request("/", { headers: { Cookie: "i18n_locale=en" } })).text();
    expect(home).toContain("Maintenance at 23:00");
    expect(home).toContain("mailto:hello@example.com");
    expect(await (await t.app.request("/")).text()).toContain("Плановые работы в 23:00");
    // the footer is rendered once and kept: new contacts replace it at once
    await put("contacts", { email: "second@example.com", phone: "" });
    const again = await (await t.app.request("/about", { headers: { Cookie: "i18n_locale=en" } })).text();
    expect(again).toContain("mailto:second@example.com");
    expect(again).not.toContain("hello@example.com");
    await put("maintenance", { enabled: false, ru: "", en: "" });
    expect(await (await t.app.request("/")).text()).not.toContain('data-testid="maintenance"');

    // plans: 3 invites are too few by default and enough once the smallest plan starts at 3
    const owner = await user(t, { confirmed: false });
    await businessProject(t, { owner: owner, name: "Plans Co" });
    const [project] = await db().select().from(projects).where(eq(projects.ownerId, owner._id));
    const buy = () => t.json("POST", "/api/payment", { entityType: "invites", entityId: project!.id, quantity: 3 }, owner.h);
    expect((await buy()).status).toBe(400);
    await put("plans", { base: 3, norma: 20, full: 100 });
    expect((await buy()).status).toBe(201);
    const pageHtml = await (await page("/manager/settings")).text();
    expect(pageHtml).toContain('data-setting="plans"');
    expect(pageHtml).toContain('value="1490"');
    const bad = await postForm("/manager/settings", { _form: "plans", base: "30", norma: "20", full: "100" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Each plan must start above the previous one");
  });
});

describe("projects", () => {
  async function companyOf(prefix: string) {
    const owner = await user(t, { confirmed: false });
    const { id } = await businessProject(t, { owner, name: `${prefix} Co` });
    const [project] = await db().select().from(projects).where(eq(projects.id, id));
    return { owner, project: project! };
  }

  it("lists any company's project with its employees, invites and orders, paged", async () => {
    const { owner, project } = await companyOf("listed");
    const list = await (await t.json("GET", "/api/manager/projects?populate=owner", undefined, admin)).json();
    expect(list.docs.find((d: { _id: string }) => d._id === project.id)).toMatchObject({ name: "listed Co", owner: { email: owner.email } });
    const one = await (await t.json("GET", `/api/manager/projects/${project.id}?page=1&limit=1`, undefined, admin)).json();
    expect(one).toMatchObject({
      _id: project.id,
      owner: { _id: owner._id },
      employees: { page: 1, limit: 1 },
      invites: { page: 1, limit: 1 },
      orders: { page: 1, limit: 1 },
    });
    expect((await t.json("GET", "/api/manager/project", undefined, admin)).status).toBe(200);
    const renamed = await t.json("PUT", `/api/manager/project/${project.id}`, { name: "Listed Renamed", inviteBalance: 7 }, admin);
    expect(await renamed.json()).toMatchObject({ name: "Listed Renamed", inviteBalance: 7 });
    const html = await (await page(`/manager/projects/${project.id}`)).text();
    expect(html).toContain('data-section="employees"');
    expect(html).toContain('data-section="orders"');
  });

  it("hands a project to an existing account and tells both owners by e-mail", async () => {
    const { owner, project } = await companyOf("handover");
    // only a confirmed account may be handed a company
    const next = await user(t, { confirmed: true });
    const unknown = await t.json("POST", "/api/manager/projects/change-owner", { projectId: project.id, email: "nobody@example.com" }, admin);
    expect(unknown.status).toBe(400);
    expect((await fieldsOf(unknown)).email).toBe("No account with this e-mail");

    const res = await t.json("POST", "/api/manager/projects/change-owner", { projectId: project.id, email: next.email.toUpperCase() }, admin);
    expect(res.status).toBe(200);
    expect((await db().select().from(projects).where(eq(projects.id, project.id)))[0]!.ownerId).toBe(next._id);
    expect((await db().select().from(users).where(eq(users.id, next._id)))[0]!.isBusiness).toBe(true);
    await expect
      .poll(() =>
        smtp.received
          .filter((m) => (m.to.includes(next.email) || m.to.includes(owner.email)) && m.subject.includes("проект"))
          .map((m) => m.subject)
          .sort(),
      )
      .toEqual(
        // both accounts are Russian-speaking (the default locale)
        ["Теперь вы владелец проекта «handover Co»", "У проекта «handover Co» новый владелец"].sort(),
      );
    const toOld = smtp.received.find((m) => m.to.includes(owner.email) && m.subject.includes("новый владелец"))!;
    expect(toOld.text).toContain(next.email);
  });

  it("deletes a project only after its name is typed, and over the API", async () => {
    const { project } = await companyOf("doomed");
    const html = await (await page(`/manager/projects/${project.id}`)).text();
    expect(html).toContain('data-confirm="delete"');
    const wrong = await postForm(`/manager/projects/${project.id}`, { _form: "delete", confirm: "something else" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("The name does not match the project");
    expect(await db().select().from(projects).where(eq(projects.id, project.id))).toHaveLength(1);
    const ok = await postForm(`/manager/projects/${project.id}`, { _form: "delete", confirm: "doomed Co" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/manager/projects?done=deleted");
    expect(await db().select().from(projects).where(eq(projects.id, project.id))).toHaveLength(0);

    const other = await companyOf("api-doomed");
    expect((await t.json("DELETE", `/api/manager/projects/${other.project.id}`, undefined, admin)).status).toBe(200);
    expect((await t.json("GET", `/api/manager/projects/${other.project.id}`, undefined, admin)).status).toBe(404);
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, "projects.delete"));
    expect(audited.map((a) => a.entityId)).toEqual(expect.arrayContaining([project.id, other.project.id]));
  });
});
