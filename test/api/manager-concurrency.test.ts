// Optimistic concurrency in the back-office: a form or a PUT made from a record
// that has changed since is refused with 409 and overwrites nothing; counters that users spend are
// not edit-form fields; a save that changes nothing records nothing. Each case is posted the way a
// browser would post the form the page rendered (the form's own fields and values, parsed from
// the HTML), so a field the page stops rendering, or a select without its value, shows.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, coupons, formats, questions, reports, results, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { manager } from "../fixtures";
import { signUp, takeTest } from "../respondent";
import { FORMATS } from "../../model";

let t: TestApp;
let admin: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await manager(t);
  admin = { Authorization: `Bearer ${token}`, locale: "en" };
  cookie = `token=${token}; i18n_locale=en`;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const STALE_EN = "Someone changed this record after you opened the form";
const page = async (path: string) => {
  const res = await t.app.request(path, { headers: { Cookie: cookie } });
  expect(res.status, path).toBe(200);
  return res.text();
};
const postForm = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescapeHtml(m[1]!) : null;
};

/** What a browser would post from the form marked `marker` (a data-testid): its inputs, textareas
 * and selects, a select posting its selected option or, with none selected, its first one. */
function formFields(html: string, marker: string): Record<string, string> {
  const start = html.indexOf(marker.includes("=") ? marker : `data-testid="${marker}"`);
  expect(start, marker).toBeGreaterThan(-1);
  const body = html.slice(start, html.indexOf("</form>", start));
  const out: Record<string, string> = {};
  for (const [tag] of body.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, "name");
    const type = attr(tag, "type") ?? "text";
    if (!name || type === "file" || type === "submit") continue;
    if (type === "checkbox") {
      if (/\schecked=""/.test(tag)) out[name] = "on";
      continue;
    }
    out[name] = attr(tag, "value") ?? "";
  }
  for (const [, open, text] of body.matchAll(/(<textarea\b[^>]*>)([\s\S]*?)<\/textarea>/g)) {
    const name = attr(open!, "name");
    if (name) out[name] = unescapeHtml(text!).replace(/^\n/, "");
  }
  for (const [, open, inner] of body.matchAll(/(<select\b[^>]*>)([\s\S]*?)<\/select>/g)) {
    const name = attr(open!, "name");
    if (!name) continue;
    const options = [...inner!.matchAll(/<option\b[^>]*>/g)].map(([o]) => o);
    const chosen = options.find((o) => /\sselected=""/.test(o)) ?? options[0];
    out[name] = chosen ? (attr(chosen, "value") ?? "") : "";
  }
  return out;
}

async function newCoupon(count: number) {
  const code = `RACE-${Math.random().toString(36).slice(2, 8)}`;
  const res = await t.json("POST", "/api/manager/coupon", { code, type: "percent", amount: 100, count }, admin);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { _id: string; code: string };
}
const couponRow = async (id: string) => (await db().select().from(coupons).where(eq(coupons.id, id)))[0]!;

describe("a stale coupon form", () => {
  it("is refused with 409 after someone used the coupon, and does not give the use back (3 left, one used: 2, not 3)", async () => {
    const coupon = await newCoupon(3);
    const form = formFields(await page(`/manager/coupon/${coupon._id}/edit`), "form-edit");
    // a customer spends one use (a 100 % coupon is spent when it is redeemed) while the form is open
    const buyer = await signUp(t, "racer");
    expect((await t.json("POST", "/api/coupon", { code: coupon.code }, buyer.h)).status).toBe(200);
    expect((await couponRow(coupon._id)).count).toBe(2);

    const res = await postForm(`/manager/coupon/${coupon._id}/edit`, { ...form, amount: "50" });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(STALE_EN);
    // the form shows the coupon as it is now, with its new version, so a second save is deliberate
    const again = formFields(html, "form-edit");
    expect(again.amount).toBe("100");
    expect(again._version).not.toBe(form._version);
    const row = await couponRow(coupon._id);
    expect(row).toMatchObject({ count: 2, amount: 100 });

    // saved from the fresh form it goes through, and still leaves the uses alone
    const ok = await postForm(`/manager/coupon/${coupon._id}/edit`, { ...again, amount: "50" });
    expect(ok.status).toBe(303);
    expect(await couponRow(coupon._id)).toMatchObject({ count: 2, amount: 50 });
  });

  it("has no 'uses left' field; more uses are added, not set", async () => {
    const coupon = await newCoupon(2);
    const html = await page(`/manager/coupon/${coupon._id}`);
    expect(formFields(html, "form-edit")).not.toHaveProperty("count");
    const res = await postForm(`/manager/coupon/${coupon._id}`, { _form: "addUses", count: "5" });
    expect(res.status).toBe(303);
    expect((await couponRow(coupon._id)).count).toBe(7);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, coupon._id), eq(auditLog.action, "coupons.addUses")));
    expect(audited[0]!.changes).toEqual({ count: { from: 2, to: 7 } });
  });
});

describe("two tabs editing one record", () => {
  it("refuses the second save with 409 and keeps the first", async () => {
    const person = await signUp(t, "tabs");
    const tab1 = formFields(await page(`/manager/users/${person._id}`), "form-edit");
    const tab2 = formFields(await page(`/manager/users/${person._id}`), "form-edit");
    expect((await postForm(`/manager/users/${person._id}`, { ...tab1, name: "First Tab", city: "Kazan" })).status).toBe(303);

    const second = await postForm(`/manager/users/${person._id}`, { ...tab2, name: "Second Tab" });
    expect(second.status).toBe(409);
    const html = await second.text();
    expect(html).toContain(STALE_EN);
    expect(formFields(html, "form-edit")).toMatchObject({ name: "First Tab", city: "Kazan" });
    const [row] = await db().select().from(users).where(eq(users.id, person._id));
    expect(row).toMatchObject({ name: "First Tab", city: "Kazan" });
  });

  it("says so in Russian too", async () => {
    const person = await signUp(t, "tabs-ru");
    const form = formFields(await page(`/manager/users/${person._id}`), "form-edit");
    await db().update(users).set({ city: "Омск" }).where(eq(users.id, person._id));
    const res = await t.app.request(`/manager/users/${person._id}?lang=ru`, {
      method: "POST",
      headers: {
        Cookie: cookie.replace("i18n_locale=en", "i18n_locale=ru"),
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        Host: "localhost",
      },
      body: new URLSearchParams({ ...form, name: "Кто-то" }).toString(),
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Эту запись изменили после того, как вы открыли форму");
  });

  it("over the API: GET answers an ETag, a PUT with a stale If-Match is 409, without one it saves as the spec's clients expect", async () => {
    const coupon = await newCoupon(4);
    const got = await t.json("GET", `/api/manager/coupon/${coupon._id}`, undefined, admin);
    const etag = got.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const first = await t.json("PUT", `/api/manager/coupon/${coupon._id}`, { amount: 40 }, { ...admin, "If-Match": etag });
    expect(first.status).toBe(200);
    const next = first.headers.get("etag");
    expect(next).not.toBe(etag);

    const stale = await t.json("PUT", `/api/manager/coupon/${coupon._id}`, { amount: 60 }, { ...admin, "If-Match": etag });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: "stale_version", message: expect.stringContaining(STALE_EN) } });
    expect((await couponRow(coupon._id)).amount).toBe(40);

    expect((await t.json("PUT", `/api/manager/coupon/${coupon._id}`, { amount: 70 }, { ...admin, "If-Match": next! })).status).toBe(200);
    expect((await t.json("PUT", `/api/manager/coupon/${coupon._id}`, { amount: 80 }, admin)).status).toBe(200);
    expect((await couponRow(coupon._id)).amount).toBe(80);
  });
});

describe("report texts", () => {
  const businessReport = async (type: "business" | "chief") => {
    const [row] = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.type, type), eq(reports.language, "en")))
      .limit(1);
    expect(row, type).toBeTruthy();
    expect(row!.sections.every((s) => s.tab === "business")).toBe(true);
    return row!;
  };

  it.each(["business", "chief"] as const)("a %s report saved unchanged keeps every section on the business tab and records nothing", async (type) => {
    const row = await businessReport(type);
    const form = formFields(await page(`/manager/reports/${row.id}/edit`), "report-form");
    const res = await postForm(`/manager/reports/${row.id}/edit`, { ...form, _form: "save" });
    expect(res.status).toBe(303);
    const [after] = await db().select().from(reports).where(eq(reports.id, row.id));
    expect(after!.sections.map((s) => s.tab)).toEqual(row.sections.map(() => "business"));
    expect(after!.sections).toEqual(row.sections);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, row.id))).toHaveLength(0);
  });

  it("a stale report form is refused with 409 and shows the text as it is now", async () => {
    const [row] = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.type, "full"), eq(reports.language, "en")))
      .limit(1);
    const form = formFields(await page(`/manager/reports/${row!.id}/edit`), "report-form");
    const put = await t.json("PUT", `/api/manager/reports/${row!.id}`, { title: "Changed elsewhere", text: row!.text, sections: row!.sections }, admin);
    expect(put.status).toBe(200);
    const res = await postForm(`/manager/reports/${row!.id}/edit`, { ...form, _form: "save", title: "Mine" });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(STALE_EN);
    expect(formFields(html, "report-form").title).toBe("Changed elsewhere");
    expect((await db().select().from(reports).where(eq(reports.id, row!.id)))[0]!.title).toBe("Changed elsewhere");
  });
});

describe("a save that changes nothing", () => {
  it("records no audit entry and leaves the row as it was (user form, report PUT, setting)", async () => {
    const person = await signUp(t, "noop");
    const [before] = await db().select().from(users).where(eq(users.id, person._id));
    const form = formFields(await page(`/manager/users/${person._id}`), "form-edit");
    expect((await postForm(`/manager/users/${person._id}`, form)).status).toBe(303);
    const [after] = await db().select().from(users).where(eq(users.id, person._id));
    expect(after!.updatedAt?.getTime() ?? null).toBe(before!.updatedAt?.getTime() ?? null);
    expect(await db().select().from(auditLog).where(eq(auditLog.subjectUserId, person._id))).toHaveLength(0);

    const [report] = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.type, "base"), eq(reports.language, "ru")))
      .limit(1);
    const same = await t.json("PUT", `/api/manager/reports/${report!.id}`, { title: report!.title, text: report!.text, sections: report!.sections }, admin);
    expect(same.status).toBe(200);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, report!.id))).toHaveLength(0);

    const current = (await (await t.json("GET", "/api/manager/setting/counterBase", undefined, admin)).json()).value;
    expect((await t.json("PUT", "/api/manager/setting/counterBase", current, admin)).status).toBe(200);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, "counterBase"))).toHaveLength(0);
  });
});

describe("every edit form carries its record's version", () => {
  it("a format's form, a question's form and a setting's form are refused with 409 once the record changed", async () => {
    const [format] = await db().select().from(formats).limit(1);
    const formatForm = formFields(await page(`/manager/formats/${format!.code}`), "form-edit");
    expect(formatForm._version).toMatch(/^[0-9a-f]{16}$/);
    await db()
      .update(formats)
      .set({ name: { ...format!.name, en: "Renamed elsewhere" } })
      .where(eq(formats.code, format!.code));
    const f = await postForm(`/manager/formats/${format!.code}`, { ...formatForm, nameEn: "Mine" });
    expect(f.status).toBe(409);
    expect((await db().select().from(formats).where(eq(formats.code, format!.code)))[0]!.name.en).toBe("Renamed elsewhere");

    const [question] = await db().select().from(questions).limit(1);
    const questionForm = formFields(await page(`/manager/questions/${question!.id}`), "form-edit");
    const put = await t.json("PUT", `/api/manager/question/${question!.id}`, { text: { en: "Changed elsewhere" } }, admin);
    expect(put.status).toBe(200);
    const q = await postForm(`/manager/questions/${question!.id}`, { ...questionForm, textEn: "Mine" });
    expect(q.status).toBe(409);
    expect((await db().select().from(questions).where(eq(questions.id, question!.id)))[0]!.text.en).toBe("Changed elsewhere");
    // the API's own PUT honours If-Match too
    const etag = (await t.json("GET", `/api/manager/question/${question!.id}`, undefined, admin)).headers.get("etag")!;
    await t.json("PUT", `/api/manager/question/${question!.id}`, { text: { en: "Changed again" } }, admin);
    expect((await t.json("PUT", `/api/manager/question/${question!.id}`, { text: { en: "Mine" } }, { ...admin, "If-Match": etag })).status).toBe(409);

    const settingForm = formFields(await page("/manager/settings"), 'data-setting="counterBase"');
    expect((await t.json("PUT", "/api/manager/setting/counterBase", 1234, admin)).status).toBe(200);
    const s = await postForm("/manager/settings", { ...settingForm, value: "99" });
    expect(s.status).toBe(409);
    const html = await s.text();
    expect(html).toContain(STALE_EN);
    expect(formFields(html, 'data-setting="counterBase"').value).toBe("1234");
    expect((await (await t.json("GET", "/api/manager/setting/counterBase", undefined, admin)).json()).value).toBe(1234);
  });
});

describe("the rechecker's format correction", () => {
  it("PUT /formats/{resultId} with a stale If-Match and the page's stale set-format form are 409 and change nothing", async () => {
    const person = await signUp(t, "recheck-race");
    const resultId = await takeTest(t, person);
    const codes = FORMATS.map((f) => f.code);
    const etag = (await t.json("GET", `/api/manager/formats/${resultId}`, undefined, admin)).headers.get("etag")!;
    const form = formFields(await page(`/manager/rechecker/${resultId}`), "form-set-format");
    expect(form._version).toBe(etag.replace(/"/g, ""));
    // another manager corrects it first
    expect((await t.json("PUT", `/api/manager/formats/${resultId}`, { format: codes[3] }, admin)).status).toBe(200);

    expect((await t.json("PUT", `/api/manager/formats/${resultId}`, { format: codes[4] }, { ...admin, "If-Match": etag })).status).toBe(409);
    const res = await postForm(`/manager/rechecker/${resultId}`, { ...form, format: codes[5]! });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(STALE_EN);
    expect((await db().select().from(results).where(eq(results.id, resultId)))[0]!.formatCode).toBe(codes[3]);
    expect((await db().select().from(users).where(eq(users.id, person._id)))[0]!.formatCode).toBe(codes[3]);
  }, 60_000);
});
