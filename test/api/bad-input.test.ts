// Hostile and careless input against every write and every parameterised read of the API: each
// field of a valid body replaced by values of the wrong type, oversized, injected or malformed,
// whole bodies that are not objects, and ids that are not ids. Nothing may answer 5xx, and every
// refusal is a JSON error with a message. The count is printed for the issue notes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, fillSellerDetails } from "../helpers";
import { businessProject } from "../fixtures";
import { signUp, type Respondent } from "../respondent";

const ADMIN = { email: "manager@example.com", password: "manager-pass-phrase" };
let t: TestApp;
let user: Respondent;
let admin: Record<string, string>;
let ownerH: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await fillSellerDetails(t);
  user = await signUp(t, "fuzz");
  // a business owner with a project, for the cabinet's calls
  const owner = await signUp(t, "fuzz-owner");
  const project = (await businessProject(t, { owner: owner, name: "Fuzz Co" })).id;
  ownerH = { ...owner.h, Project: project };
  admin = { Authorization: `Bearer ${(await (await t.json("POST", "/api/passport/auth", ADMIN)).json()).token}` };
});
afterAll(() => t.close());

const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  "",
  " ",
  "x".repeat(20_000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../../etc/passwd",
  "\u0000\u202e\ud83d\ude00",
  "2026-02-31",
  [],
  ["a", 1],
  {},
  { $gt: "" },
];
const BAD_BODIES = ["", "null", "[]", "42", '"text"', "{", '{"a":', "\u0000"];
const BAD_IDS = ["x", "0", "-1", "%00", "..%2F..%2Fetc", "' OR 1=1", "a".repeat(300), "ffffffffffffffffffffffff"];

type Who = "guest" | "user" | "admin" | "owner";
interface Call {
  method: string;
  path: string;
  who: Who;
  body?: Record<string, unknown>;
}

const calls: Call[] = [
  { method: "POST", path: "/api/passport/signup", who: "guest", body: { email: "fuzz-new@example.com", password: "long enough phrase", policy: true, terms: true, offer: true, ref: "r", invite: "i" } },
  { method: "POST", path: "/api/passport/auth", who: "guest", body: { email: "nobody@example.com", password: "long enough phrase" } },
  { method: "PUT", path: "/api/passport", who: "user", body: { name: "Ann", birthday: "1990-01-02", city: "Omsk", phone: "+79001234567", gender: "Female", locale: "en" } },
  { method: "POST", path: "/api/passport/changePassword", who: "user", body: { current: "wrong phrase here", new: "another phrase 5", repeat: "another phrase 5" } },
  { method: "POST", path: "/api/passport/restore", who: "guest", body: { email: "nobody@example.com" } },
  { method: "POST", path: "/api/passport/restore/confirm", who: "guest", body: { token: "abc", password: "brand new phrase", repeat: "brand new phrase" } },
  { method: "POST", path: "/api/passport/resend", who: "user", body: {} },
  { method: "DELETE", path: "/api/passport", who: "user", body: { password: "wrong phrase here" } },
  { method: "POST", path: "/api/answer", who: "user", body: { result: "ffffffffffffffffffffffff", question: "ffffffffffffffffffffffff", value: 2, elapsedMs: 5000 } },
  { method: "POST", path: "/api/result", who: "user", body: { result: "ffffffffffffffffffffffff" } },
  { method: "POST", path: "/api/review", who: "user", body: { name: "Ann", position: "Analyst", text: "A review that is long enough to pass the length check." } },
  { method: "POST", path: "/api/payment", who: "user", body: { entityType: "report", entityId: "x", amount: 99_000, order: "o", quantity: 1, coupon: "C" } },
  { method: "POST", path: "/api/coupon", who: "user", body: { code: "NOPE" } },
  { method: "POST", path: "/api/business", who: "user", body: { name: "Acme" } },
  { method: "POST", path: "/api/business/refill", who: "user", body: { project: "ffffffffffffffffffffffff", quantity: 5, method: "invoice", company: "Acme", inn: "7700000000" } },
  { method: "POST", path: "/api/amo/business-lead", who: "guest", body: { name: "Ann", phone: "+79001234567", email: "ann@example.com", company: "Acme", message: "Hi" } },
  { method: "POST", path: "/api/consultation/add-ticket", who: "guest", body: { name: "Ann", phone: "+79001234567", email: "ann@example.com", message: "Hi" } },
  { method: "POST", path: "/api/webinar/user", who: "guest", body: { name: "Ann", email: "ann@example.com", phone: "+79001234567", webinar: "w" } },
  { method: "POST", path: "/api/notify/send-form", who: "guest", body: { form: "demo", name: "Ann", phone: "+79001234567", email: "ann@example.com" } },
  { method: "POST", path: "/api/payment/yookassa/notify", who: "guest", body: { type: "notification", event: "payment.succeeded", object: { id: "x" } } },
  { method: "POST", path: "/api/manager/coupon", who: "admin", body: { code: "FUZZ", type: "percent", amount: 10, count: 1, content: "full", expiredAt: "2030-01-01" } },
  { method: "POST", path: "/api/manager/referral", who: "admin", body: { code: "fuzz-ref", name: "Fuzz" } },
  { method: "PUT", path: "/api/manager/coupon/ffffffffffffffffffffffff", who: "admin", body: { code: "FUZZ2", type: "absolute", amount: 100, count: 2, content: "all", expiredAt: "2030-01-01" } },
  { method: "PUT", path: "/api/manager/referral/ffffffffffffffffffffffff", who: "admin", body: { code: "fuzz-ref-2", name: "Fuzz" } },
  { method: "POST", path: "/api/manager/reviews/", who: "admin", body: { name: "Fuzz", position: "QA", textRu: "Текст отзыва", textEn: "Review text", img: "https://example.com/a.png", isPublished: false, user: "ffffffffffffffffffffffff" } },
  { method: "PUT", path: "/api/manager/reviews/ffffffffffffffffffffffff", who: "admin", body: { name: "Fuzz", position: "QA", textRu: "Текст", textEn: "Text", img: "https://example.com/a.png", isPublished: true } },
  { method: "POST", path: "/api/manager/project", who: "admin", body: { name: "Fuzz project", description: "D", email: "manager@example.com", inviteBalance: 5 } },
  { method: "PUT", path: "/api/manager/project/ffffffffffffffffffffffff", who: "admin", body: { name: "Fuzz project", description: "D", inviteBalance: 5 } },
  { method: "POST", path: "/api/manager/projects/change-owner", who: "admin", body: { projectId: "ffffffffffffffffffffffff", email: "manager@example.com" } },
  { method: "PUT", path: "/api/manager/setting/prices", who: "admin", body: { fullReport: 99_000, perInvite: { base: 90_000, norma: 80_000, full: 70_000 } } },
  { method: "PUT", path: "/api/manager/setting/plans", who: "admin", body: { base: 5, norma: 20, full: 100 } },
  { method: "PUT", path: "/api/manager/setting/maintenance", who: "admin", body: { enabled: false, ru: "Работы", en: "Maintenance" } },
  { method: "PUT", path: "/api/manager/setting/contacts", who: "admin", body: { email: "a@example.com", phone: "+7 900 000-00-00" } },
  // the business cabinet
  { method: "POST", path: "/api/business/projects", who: "owner", body: { name: "Fuzz Two", description: "d" } },
  { method: "PUT", path: "/api/business/projects", who: "owner", body: { name: "Fuzz Co", description: "d" } },
  { method: "PUT", path: "/api/business/projects/details", who: "owner", body: { company: "Acme", inn: "7700000000", kpp: "770001001", address: "Moscow", email: "a@example.com", phone: "+79001234567" } },
  { method: "POST", path: "/api/business/departments", who: "owner", body: { name: "Sales", parent: "ffffffffffffffffffffffff", supervisor: "ffffffffffffffffffffffff" } },
  { method: "PUT", path: "/api/business/departments/ffffffffffffffffffffffff", who: "owner", body: { name: "Sales", parent: null } },
  {
    method: "POST",
    path: "/api/business/positions",
    who: "owner",
    body: { name: "Analyst", department: null, priority: 1, classification: "c", tasks: [{ name: "a", communication: "team", decision: "balanced", content: "c", priority: 1 }] },
  },
  { method: "PUT", path: "/api/business/positions/ffffffffffffffffffffffff", who: "owner", body: { name: "Analyst", tasks: [{ name: "a", communication: "team", decision: "balanced" }] } },
  { method: "POST", path: "/api/business/employees", who: "owner", body: { filter: { department: "ffffffffffffffffffffffff", status: "completed", format: "SYS-HIGH-FAST", name: "a" }, page: 1, limit: 10, sortType: "harmony", sortDirection: "desc" } },
  { method: "POST", path: "/api/business/employees/change-department", who: "owner", body: { employee: "ffffffffffffffffffffffff", department: "ffffffffffffffffffffffff" } },
  { method: "POST", path: "/api/business/employees/change-position", who: "owner", body: { employee: "ffffffffffffffffffffffff", position: null } },
  { method: "POST", path: "/api/business/employees/change-supervisor", who: "owner", body: { employee: "ffffffffffffffffffffffff", supervisor: "ffffffffffffffffffffffff" } },
  { method: "POST", path: "/api/business/employees/activate-manager", who: "owner", body: { employee: "ffffffffffffffffffffffff", type: "department", department: "ffffffffffffffffffffffff" } },
  { method: "POST", path: "/api/business/invites", who: "owner", body: { email: "fuzz-invitee@example.com", emails: ["a@example.com"], locale: "en" } },
  { method: "PUT", path: "/api/business/invites/createOrUpdateInvite", who: "owner", body: { email: "fuzz-invitee@example.com", resend: true, isActive: true, locale: "ru" } },
  { method: "POST", path: "/api/invite", who: "owner", body: { emails: "b@example.com c@example.com" } },
  { method: "PUT", path: "/api/invite/ffffffffffffffffffffffff", who: "owner", body: { resend: true, isActive: false, locale: "en" } },
  // business analytics (issue 16)
  { method: "POST", path: "/api/business/skills", who: "owner", body: { kind: "definition", name: "Negotiation", description: "d", weights: { WE_ANALYT: 2, confidence: 1 } } },
  { method: "POST", path: "/api/business/skills", who: "owner", body: { kind: "acquired", employee: "ffffffffffffffffffffffff", skill: "seller", value: 50, note: "n" } },
  { method: "PUT", path: "/api/business/skills/ffffffffffffffffffffffff", who: "owner", body: { name: "N", description: "d", weights: { system: 1 }, value: 10, note: "n" } },
  { method: "POST", path: "/api/business/projects/reset-efficiency", who: "owner", body: {} },
  {
    method: "POST",
    path: "/api/business/employees",
    who: "owner",
    body: {
      filter: { manager: { type: "tactical", resource: { min: 1, max: 99 } }, leader: { type: "expert" }, researcher: { min: 1, max: 99, basis: "actual" }, seller: { min: 1, max: 99 }, businessman: { system: { min: 1 }, energy: { max: 99 } }, harmony: "crisis", anxiety: { min: -5, max: 5 }, efficiency: { min: 10 }, diff: { max: 50 } },
      sortType: "efficiency",
      sortDirection: "desc",
    },
  },
  { method: "POST", path: "/api/business/support", who: "owner", body: { subject: "Help", message: "Text", email: "a@example.com" } },
  { method: "POST", path: "/api/business/join/fuzz-code-1", who: "user", body: { agree: true } },
  { method: "POST", path: "/api/business/consent/ffffffffffffffffffffffff", who: "user", body: { consent: false } },
  { method: "POST", path: "/api/format", who: "admin", body: { _id: "SYS-HIGH-FAST", name: { ru: "Имя", en: "Name", ch: "名" }, description: { ru: "Описание", en: "Description" } } },
  { method: "POST", path: "/api/manager/reports", who: "admin", body: { fm: "SYS-HIGH-FAST", type: "couple", language: "ch", title: "T", text: "x", sections: [{ key: "a", tab: "general", title: "A", text: "t", teaser: "", locked: false }] } },
  { method: "PUT", path: "/api/manager/reports/ffffffffffffffffffffffff", who: "admin", body: { title: "T", text: "x", sections: [{ key: "a", tab: "general", title: "A", text: "t", teaser: "", locked: true }] } },
  { method: "PUT", path: "/api/manager/question/ffffffffffffffffffffffff", who: "admin", body: { text: { ru: "Текст", en: "Text" }, keys: [{ scale: "ME_SYSTEM", sign: 1, weight: 1 }] } },
];

const reads: { path: (id: string) => string; who: Who }[] = [
  { path: (id) => `/api/review/${id}`, who: "guest" },
  { path: (id) => `/api/format/${id}`, who: "guest" },
  { path: (id) => `/api/manager/reports/${id}`, who: "admin" },
  { path: (id) => `/api/manager/reports/base/${id}`, who: "admin" },
  { path: (id) => `/api/manager/question/${id}`, who: "admin" },
  { path: (id) => `/api/manager/tests/${id}`, who: "admin" },
  { path: (id) => `/api/test/${id}`, who: "guest" },
  { path: (id) => `/api/test/start/${id}`, who: "user" },
  { path: (id) => `/api/result/${id}/format`, who: "user" },
  { path: (id) => `/api/order/${id}`, who: "user" },
  { path: (id) => `/api/order/${id}/invoice.pdf`, who: "user" },
  { path: (id) => `/api/report/${id}`, who: "user" },
  { path: (id) => `/api/passport/invites/${id}`, who: "user" },
  { path: (id) => `/api/passport/sessions/${id}`, who: "user" },
  { path: (id) => `/api/manager/referral/${id}/stat`, who: "admin" },
  { path: (id) => `/api/manager/referral/${id}/users`, who: "admin" },
  { path: (id) => `/api/manager/coupon/${id}`, who: "admin" },
  { path: (id) => `/api/manager/coupon/${id}/users`, who: "admin" },
  { path: (id) => `/api/manager/coupon?page=${id}&limit=${id}&populate=${id}&match=${id}`, who: "admin" },
  { path: (id) => `/api/manager/reviews/${id}`, who: "admin" },
  { path: (id) => `/api/manager/reviews?populate=${id}&match=${id}&exclude=${id}`, who: "admin" },
  { path: (id) => `/api/manager/projects/${id}?page=${id}&limit=${id}`, who: "admin" },
  { path: (id) => `/api/manager/setting/${id}`, who: "admin" },
  { path: (id) => `/api/manager/setting?page=${id}&limit=${id}&exclude=${id}&populate=${id}`, who: "admin" },
  { path: (id) => `/api/manager/user/${id}/masq`, who: "admin" },
  { path: (id) => `/api/manager/orders/${id}/paid`, who: "admin" },
  { path: (id) => `/api/review?page=${id}&limit=${id}&populate=${id}&exclude=${id}`, who: "guest" },
  { path: (id) => `/api/consultation/check?email=${id}`, who: "guest" },
  { path: (id) => `/api/notify/order-business?order=${id}`, who: "user" },
  { path: (id) => `/api/report/business?format=${id}&language=${id}`, who: "user" },
  { path: (id) => `/api/business/projects/${id}`, who: "owner" },
  { path: (id) => `/api/business/departments/${id}`, who: "owner" },
  { path: (id) => `/api/business/positions/${id}`, who: "owner" },
  { path: (id) => `/api/business/employees/${id}`, who: "owner" },
  { path: (id) => `/api/business/employees/efficiency/${id}?position=${id}`, who: "owner" },
  { path: (id) => `/api/business/positions/${id}/candidates`, who: "owner" },
  { path: (id) => `/api/business/skills?employee=${id}`, who: "owner" },
  { path: (id) => `/api/report/business?format=pdf&employee=${id}&team=${id}&project=${id}`, who: "owner" },
  { path: (id) => `/api/business/invites/${id}`, who: "owner" },
  { path: (id) => `/api/invite/${id}`, who: "owner" },
  { path: (id) => `/api/invite?projectId=${id}&status=${id}&page=${id}`, who: "owner" },
  { path: (id) => `/api/business/invites?status=${id}&page=${id}&limit=${id}`, who: "owner" },
  { path: (id) => `/api/business/dashboard?department=${id}`, who: "owner" },
  { path: (id) => `/api/business/stats?department=${id}`, who: "owner" },
  { path: (id) => `/api/business/communication?department=${id}`, who: "owner" },
  { path: (id) => `/api/business/projects/stats/${id}`, who: "owner" },
  { path: (id) => `/api/business/employees/export?format=${id}`, who: "owner" },
  { path: (id) => `/api/business/employees/export?format=csv&filter=${id}&sortType=${id}&sortDirection=${id}`, who: "owner" },
  { path: (id) => `/api/business/project-form-info/${id}`, who: "user" },
];

const headersFor = (who: Who): Record<string, string> => (who === "user" ? user.h : who === "admin" ? admin : who === "owner" ? ownerH : {});

describe("bad input", () => {
  it("never answers 5xx, and refuses with a JSON error that has a message", async () => {
    let tried = 0;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = async (label: string, res: Response) => {
      tried++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${label} → ${res.status}`);
      else if (res.status >= 400 && !(res.headers.get("content-type") ?? "").includes("pdf")) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        if (!body?.error?.message) failures.push(`${label} → ${res.status} without a JSON error message`);
      }
    };

    for (const call of calls) {
      const headers = headersFor(call.who);
      for (const [field] of Object.entries(call.body ?? {})) {
        for (const bad of BAD_VALUES) {
          const body = { ...call.body, [field]: bad };
          await check(`${call.method} ${call.path} ${field}=${JSON.stringify(bad).slice(0, 40)}`, await t.json(call.method, call.path, body, headers));
        }
      }
      for (const raw of BAD_BODIES) {
        await check(`${call.method} ${call.path} body ${JSON.stringify(raw)}`, await t.json(call.method, call.path, raw, headers));
      }
      // a form body or no content type where JSON is expected
      const form = await t.app.request(call.path, { method: call.method, headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" }, body: "a=1&a=2&b" });
      await check(`${call.method} ${call.path} as a form`, form);
    }
    for (const read of reads) {
      for (const id of BAD_IDS) {
        for (const method of ["GET", "POST"]) {
          const res = await t.app.request(read.path(id), { method, headers: { ...headersFor(read.who), ...(method === "POST" ? { "Content-Type": "application/json" } : {}) }, body: method === "POST" ? "{}" : undefined });
          if (res.status === 404 && !(res.headers.get("content-type") ?? "").includes("json")) failures.push(`${method} ${read.path(id)} → 404 not JSON`);
          await check(`${method} ${read.path(id)}`, res);
        }
      }
    }
    console.log(`bad-input sweep: ${tried} requests over ${calls.length} writes and ${reads.length} reads, ${failures.length} failures; statuses ${[...statuses].sort().map(([s, n]) => `${s}×${n}`).join(" ")}`);
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(1500);
  }, 120_000);
});
