// Hostile and careless input against every API route of the app's own route table (so a new route
// is fuzzed by default) and every page with a parameter: each field of a valid body (VALID, or `{}`
// for a route not listed) replaced by values of the wrong type, oversized, injected, malformed or
// named like Object.prototype's members; whole bodies that are not objects; and ids and query
// parameters (page, limit, sort, populate, match, …) that are none of those things. Nothing may
// answer 5xx, and every API refusal is a JSON error with a message. Each route runs with a fresh
// caller of the kind its guards ask for (a route that ends a session spoils no other). The count
// is printed for the issue notes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathMatcher, routeTable } from "../../server/route-table";
import { reviews } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, completedResult, manager, user } from "../fixtures";
import { createTestApp, fillSellerDetails, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await fillSellerDetails(t);
});
afterAll(() => t.close());

/** Object.prototype's member names: a whitelist written as `name in table` or `table[name]` lets them through. */
const PROTO = ["constructor", "__proto__", "toString"];
/** Every name a posted `_form` (or another dispatch key) might be looked up by in a table of forms or actions. */
const DISPATCH_PROTO = [...PROTO, "hasOwnProperty", "valueOf", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__"];
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
  ...PROTO,
  [],
  ["a", 1],
  {},
  { $gt: "" },
];
const BAD_BODIES = [
  "",
  "null",
  "[]",
  "42",
  '"text"',
  "{",
  '{"a":',
  "\u0000",
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}},"toString":1}',
];
const BAD_IDS = ["x", "0", "-1", "%00", "..%2F..%2Fetc", "' OR 1=1", "a".repeat(300), "ffffffffffffffffffffffff", ...PROTO];
/** Query parameters the list and filter handlers read. */
const QUERY_KEYS = ["page", "limit", "sort", "populate", "exclude", "match", "filter"];
const BAD_QUERY = ["x", "-1", ...PROTO, `-${PROTO[0]}`];
const SOME_ID = "ffffffffffffffffffffffff";

type Who = "guest" | "user" | "admin" | "owner";
interface Call {
  method: string;
  path: string;
  who: Who;
  body?: Record<string, unknown>;
}

/** Valid bodies (a route not listed here is fuzzed with `{}`): each field in turn gets every bad value. */
const VALID: Call[] = [
  {
    method: "POST",
    path: "/api/passport/signup",
    who: "guest",
    body: { email: "fuzz-new@example.com", password: "long enough phrase", policy: true, terms: true, offer: true, ref: "r", invite: "i" },
  },
  { method: "POST", path: "/api/passport/auth", who: "guest", body: { email: "nobody@example.com", password: "long enough phrase" } },
  {
    method: "PUT",
    path: "/api/passport",
    who: "user",
    body: { name: "Ann", birthday: "1990-01-02", city: "Omsk", phone: "+79001234567", gender: "Female", locale: "en" },
  },
  {
    method: "POST",
    path: "/api/passport/changePassword",
    who: "user",
    body: { current: "wrong phrase here", new: "another phrase 5", repeat: "another phrase 5" },
  },
  { method: "POST", path: "/api/passport/restore", who: "guest", body: { email: "nobody@example.com" } },
  { method: "POST", path: "/api/passport/restore/confirm", who: "guest", body: { token: "abc", password: "brand new phrase", repeat: "brand new phrase" } },
  { method: "POST", path: "/api/passport/resend", who: "user", body: {} },
  { method: "DELETE", path: "/api/passport", who: "user", body: { password: "wrong phrase here" } },
  {
    method: "POST",
    path: "/api/answer",
    who: "user",
    body: { result: "ffffffffffffffffffffffff", question: "ffffffffffffffffffffffff", value: 2, elapsedMs: 5000 },
  },
  { method: "POST", path: "/api/result", who: "user", body: { result: "ffffffffffffffffffffffff" } },
  {
    method: "POST",
    path: "/api/review",
    who: "user",
    body: { name: "Ann", position: "Analyst", text: "A review that is long enough to pass the length check." },
  },
  { method: "POST", path: "/api/payment", who: "user", body: { entityType: "report", entityId: "x", amount: 99_000, order: "o", quantity: 1, coupon: "C" } },
  { method: "POST", path: "/api/coupon", who: "user", body: { code: "NOPE" } },
  { method: "POST", path: "/api/business", who: "user", body: { name: "Acme" } },
  {
    method: "POST",
    path: "/api/business/refill",
    who: "user",
    body: { project: "ffffffffffffffffffffffff", quantity: 5, method: "invoice", company: "Acme", inn: "7700000000" },
  },
  {
    method: "POST",
    path: "/api/amo/business-lead",
    who: "guest",
    body: { name: "Ann", phone: "+79001234567", email: "ann@example.com", company: "Acme", message: "Hi" },
  },
  { method: "POST", path: "/api/consultation/add-ticket", who: "guest", body: { name: "Ann", phone: "+79001234567", email: "ann@example.com", message: "Hi" } },
  { method: "POST", path: "/api/webinar/user", who: "guest", body: { name: "Ann", email: "ann@example.com", phone: "+79001234567", webinar: "w" } },
  { method: "POST", path: "/api/notify/send-form", who: "guest", body: { form: "demo", name: "Ann", phone: "+79001234567", email: "ann@example.com" } },
  { method: "POST", path: "/api/payment/yookassa/notify", who: "guest", body: { type: "notification", event: "payment.succeeded", object: { id: "x" } } },
  {
    method: "POST",
    path: "/api/manager/coupon",
    who: "admin",
    body: { code: "FUZZ", type: "percent", amount: 10, count: 1, content: "full", expiredAt: "2030-01-01" },
  },
  { method: "POST", path: "/api/manager/referral", who: "admin", body: { code: "fuzz-ref", name: "Fuzz" } },
  {
    method: "PUT",
    path: "/api/manager/coupon/ffffffffffffffffffffffff",
    who: "admin",
    body: { code: "FUZZ2", type: "absolute", amount: 100, count: 2, content: "all", expiredAt: "2030-01-01" },
  },
  { method: "PUT", path: "/api/manager/referral/ffffffffffffffffffffffff", who: "admin", body: { code: "fuzz-ref-2", name: "Fuzz" } },
  {
    method: "POST",
    path: "/api/manager/reviews/",
    who: "admin",
    body: {
      name: "Fuzz",
      position: "QA",
      textRu: "Текст отзыва",
      textEn: "Review text",
      img: "https://example.com/a.png",
      isPublished: false,
      user: "ffffffffffffffffffffffff",
    },
  },
  {
    method: "PUT",
    path: "/api/manager/reviews/ffffffffffffffffffffffff",
    who: "admin",
    body: { name: "Fuzz", position: "QA", textRu: "Текст", textEn: "Text", img: "https://example.com/a.png", isPublished: true },
  },
  {
    method: "POST",
    path: "/api/manager/project",
    who: "admin",
    body: { name: "Fuzz project", description: "D", email: "manager@example.com", inviteBalance: 5 },
  },
  { method: "PUT", path: "/api/manager/project/ffffffffffffffffffffffff", who: "admin", body: { name: "Fuzz project", description: "D", inviteBalance: 5 } },
  { method: "POST", path: "/api/manager/projects/change-owner", who: "admin", body: { projectId: "ffffffffffffffffffffffff", email: "manager@example.com" } },
  { method: "PUT", path: "/api/manager/setting/prices", who: "admin", body: { fullReport: 99_000, perInvite: { base: 90_000, norma: 80_000, full: 70_000 } } },
  { method: "PUT", path: "/api/manager/setting/plans", who: "admin", body: { base: 5, norma: 20, full: 100 } },
  { method: "PUT", path: "/api/manager/setting/maintenance", who: "admin", body: { enabled: false, ru: "Работы", en: "Maintenance" } },
  { method: "PUT", path: "/api/manager/setting/contacts", who: "admin", body: { email: "a@example.com", phone: "+7 900 000-00-00" } },
  // the business cabinet
  { method: "POST", path: "/api/business/projects", who: "owner", body: { name: "Fuzz Two", description: "d" } },
  { method: "PUT", path: "/api/business/projects", who: "owner", body: { name: "Fuzz Co", description: "d" } },
  {
    method: "PUT",
    path: "/api/business/projects/details",
    who: "owner",
    body: { company: "Acme", inn: "7700000000", kpp: "770001001", address: "Moscow", email: "a@example.com", phone: "+79001234567" },
  },
  {
    method: "POST",
    path: "/api/business/departments",
    who: "owner",
    body: { name: "Sales", parent: "ffffffffffffffffffffffff", supervisor: "ffffffffffffffffffffffff" },
  },
  { method: "PUT", path: "/api/business/departments/ffffffffffffffffffffffff", who: "owner", body: { name: "Sales", parent: null } },
  {
    method: "POST",
    path: "/api/business/positions",
    who: "owner",
    body: {
      name: "Analyst",
      department: null,
      priority: 1,
      classification: "c",
      tasks: [{ name: "a", communication: "team", decision: "balanced", content: "c", priority: 1 }],
    },
  },
  {
    method: "POST",
    path: "/api/business/positions/preview",
    who: "owner",
    body: { tasks: [{ name: "a", communication: "team", decision: "balanced", priority: 1 }] },
  },
  {
    method: "PUT",
    path: "/api/business/positions/ffffffffffffffffffffffff",
    who: "owner",
    body: { name: "Analyst", tasks: [{ name: "a", communication: "team", decision: "balanced" }] },
  },
  {
    method: "POST",
    path: "/api/business/employees",
    who: "owner",
    body: {
      filter: { department: "ffffffffffffffffffffffff", status: "completed", format: "SYS-HIGH-FAST", name: "a" },
      page: 1,
      limit: 10,
      sortType: "harmony",
      sortDirection: "desc",
    },
  },
  {
    method: "POST",
    path: "/api/business/employees/change-department",
    who: "owner",
    body: { employee: "ffffffffffffffffffffffff", department: "ffffffffffffffffffffffff" },
  },
  { method: "POST", path: "/api/business/employees/change-position", who: "owner", body: { employee: "ffffffffffffffffffffffff", position: null } },
  {
    method: "POST",
    path: "/api/business/employees/change-supervisor",
    who: "owner",
    body: { employee: "ffffffffffffffffffffffff", supervisor: "ffffffffffffffffffffffff" },
  },
  {
    method: "POST",
    path: "/api/business/employees/activate-manager",
    who: "owner",
    body: { employee: "ffffffffffffffffffffffff", type: "department", department: "ffffffffffffffffffffffff" },
  },
  { method: "POST", path: "/api/business/employees/rename", who: "owner", body: { employee: "ffffffffffffffffffffffff", name: "N", personnelNumber: "1" } },
  { method: "POST", path: "/api/business/employees/ask-retake", who: "owner", body: { employee: "ffffffffffffffffffffffff" } },
  { method: "POST", path: "/api/business/invites", who: "owner", body: { email: "fuzz-invitee@example.com", emails: ["a@example.com"], locale: "en" } },
  {
    method: "PUT",
    path: "/api/business/invites/createOrUpdateInvite",
    who: "owner",
    body: { email: "fuzz-invitee@example.com", resend: true, isActive: true, locale: "ru" },
  },
  { method: "POST", path: "/api/invite", who: "owner", body: { emails: "b@example.com c@example.com" } },
  { method: "PUT", path: "/api/invite/ffffffffffffffffffffffff", who: "owner", body: { resend: true, isActive: false, locale: "en" } },
  // business analytics
  {
    method: "POST",
    path: "/api/business/skills",
    who: "owner",
    body: { kind: "definition", name: "Negotiation", description: "d", weights: { WE_ANALYT: 2, confidence: 1 } },
  },
  {
    method: "POST",
    path: "/api/business/skills",
    who: "owner",
    body: { kind: "acquired", employee: "ffffffffffffffffffffffff", skill: "seller", value: 50, note: "n" },
  },
  {
    method: "PUT",
    path: "/api/business/skills/ffffffffffffffffffffffff",
    who: "owner",
    body: { name: "N", description: "d", weights: { system: 1 }, value: 10, note: "n" },
  },
  { method: "POST", path: "/api/business/projects/reset-efficiency", who: "owner", body: {} },
  {
    method: "POST",
    path: "/api/business/employees",
    who: "owner",
    body: {
      filter: {
        manager: { type: "tactical", resource: { min: 1, max: 99 } },
        leader: { type: "expert" },
        researcher: { min: 1, max: 99, basis: "actual" },
        seller: { min: 1, max: 99 },
        businessman: { system: { min: 1 }, energy: { max: 99 } },
        harmony: "crisis",
        anxiety: { min: -5, max: 5 },
        efficiency: { min: 10 },
        diff: { max: 50 },
      },
      sortType: "efficiency",
      sortDirection: "desc",
    },
  },
  { method: "POST", path: "/api/business/support", who: "owner", body: { subject: "Help", message: "Text", email: "a@example.com" } },
  { method: "POST", path: "/api/business/join/fuzz-code-1", who: "user", body: { agree: true } },
  { method: "POST", path: "/api/business/consent/ffffffffffffffffffffffff", who: "user", body: { consent: false } },
  {
    method: "POST",
    path: "/api/format",
    who: "admin",
    body: { _id: "SYS-HIGH-FAST", name: { ru: "Имя", en: "Name", ch: "名" }, description: { ru: "Описание", en: "Description" } },
  },
  {
    method: "POST",
    path: "/api/manager/reports",
    who: "admin",
    body: {
      fm: "SYS-HIGH-FAST",
      type: "couple",
      language: "ch",
      title: "T",
      text: "x",
      sections: [{ key: "a", tab: "general", title: "A", text: "t", teaser: "", locked: false }],
    },
  },
  {
    method: "PUT",
    path: "/api/manager/reports/ffffffffffffffffffffffff",
    who: "admin",
    body: { title: "T", text: "x", sections: [{ key: "a", tab: "general", title: "A", text: "t", teaser: "", locked: true }] },
  },
  {
    method: "PUT",
    path: "/api/manager/question/ffffffffffffffffffffffff",
    who: "admin",
    body: { text: { ru: "Текст", en: "Text" }, keys: [{ scale: "ME_SYSTEM", sign: 1, weight: 1 }] },
  },
];

/** The caller a route's guards ask for. */
function whoFor(guards: string[]): Who {
  if (guards.includes("admin")) return "admin";
  if (guards.includes("project") || guards.includes("business")) return "owner";
  if (guards.includes("guest")) return "guest";
  if (guards.includes("auth") || guards.includes("profile") || guards.includes("bearer")) return "user";
  return "guest";
}

/** A fresh caller of that kind: its headers. */
async function caller(who: Who): Promise<Record<string, string>> {
  if (who === "admin") return (await manager(t)).h;
  if (who === "owner") return (await businessProject(t)).h;
  if (who === "user") return (await user(t)).h;
  return {};
}

const fill = (path: string, id: string) => path.replace(/:[A-Za-z]+\??/g, id).replace(/\/\*$/, "");

describe("bad input", () => {
  it("never answers 5xx, and refuses with a JSON error that has a message", async () => {
    const table = routeTable(t.app);
    let tried = 0;
    let defaulted = 0;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = async (label: string, res: Response, api: boolean) => {
      tried++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${label} → ${res.status}`);
      else if (api && res.status >= 400 && !(res.headers.get("content-type") ?? "").includes("pdf")) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        if (!body?.error?.message) failures.push(`${label} → ${res.status} without a JSON error message`);
      }
    };

    for (const route of table) {
      const api = route.path.startsWith("/api/");
      const who = whoFor(route.guards);
      const headers = await caller(who);
      if (route.method === "GET") {
        if (!api && !route.path.includes(":")) continue; // pages without parameters: the page tests
        const ids = route.path.includes(":") ? BAD_IDS : [SOME_ID];
        for (const id of ids) {
          const path = fill(route.path, encodeURIComponent(id).replace(/%25/g, "%"));
          await check(`GET ${path}`, await t.app.request(path, { headers: { ...headers, Accept: api ? "application/json" : "text/html" } }), api);
        }
        if (!api) continue;
        const base = fill(route.path, SOME_ID);
        // one parameter at a time: a bad page must not hide a bad sort behind its 400
        for (const key of QUERY_KEYS) {
          for (const value of BAD_QUERY) {
            await check(`GET ${base}?${key}=${value.slice(0, 20)}`, await t.app.request(`${base}?${key}=${encodeURIComponent(value)}`, { headers }), true);
          }
        }
        continue;
      }
      if (!api) continue;
      const matcher = pathMatcher(route.path);
      const listed = VALID.filter((c) => c.method === route.method && matcher.test(c.path));
      if (listed.length === 0) defaulted++;
      const samples = listed.length ? listed : [{ method: route.method, path: fill(route.path, SOME_ID), who, body: {} }];
      for (const call of samples) {
        const h = call.who === who ? headers : await caller(call.who);
        for (const field of Object.keys(call.body ?? {})) {
          for (const bad of BAD_VALUES) {
            const body = { ...call.body, [field]: bad };
            await check(`${call.method} ${call.path} ${field}=${JSON.stringify(bad).slice(0, 40)}`, await t.json(call.method, call.path, body, h), true);
          }
        }
        for (const raw of BAD_BODIES) {
          await check(`${call.method} ${call.path} body ${JSON.stringify(raw).slice(0, 40)}`, await t.json(call.method, call.path, raw, h), true);
        }
        // a form body where JSON is expected
        const form = await t.app.request(call.path, {
          method: call.method,
          headers: { ...h, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
          body: "a=1&a=2&b&constructor=1&__proto__=x",
        });
        await check(`${call.method} ${call.path} as a form`, form, true);
      }
      // ids that are not ids, with the valid body
      if (route.path.includes(":")) {
        for (const id of BAD_IDS) {
          const path = fill(route.path, encodeURIComponent(id));
          await check(`${route.method} ${path}`, await t.json(route.method, path, samples[0]!.body ?? {}, headers), true);
        }
      }
    }
    const unused = VALID.filter((c) => !table.some((r) => r.method === c.method && pathMatcher(r.path).test(c.path))).map((c) => `${c.method} ${c.path}`);
    console.log(
      `bad-input sweep: ${tried} requests over ${table.length} routes (${defaulted} writes with the default body {}), ${failures.length} failures; statuses ${[
        ...statuses,
      ]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
    );
    expect(unused, "VALID bodies for routes the app does not serve").toEqual([]);
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(5000);
  }, 300_000);
});

describe("page forms named like Object.prototype's members", () => {
  it("answers every page that dispatches forms with a clear refusal, never a 500", async () => {
    const boss = await manager(t);
    const owner = await businessProject(t, { departments: ["Sales"], positions: [{ name: "Clerk", department: "Sales" }] });
    const person = await user(t);
    const result = await completedResult(t, person);
    const review = createId();
    await t.deps.db.insert(reviews).values({ id: review, name: "R", text: { en: "Fine" } });
    // a real record for the pages whose actions are looked up on one
    const records: Record<string, string> = { users: person._id, projects: owner.id, results: result, reviews: review };
    const table = routeTable(t.app).filter((r) => r.method === "POST" && !r.path.startsWith("/api/"));
    const failures: string[] = [];
    let tried = 0;
    for (const route of table) {
      const manager = route.path.startsWith("/manager");
      const resource = route.path.match(/^\/manager\/([a-z-]+)\/:/)?.[1];
      const id = (resource && records[resource]) || SOME_ID;
      const path = fill(route.path, id);
      const cookie = manager ? `token=${boss.token}` : `token=${owner.owner.token}`;
      for (const name of DISPATCH_PROTO) {
        tried++;
        const res = await t.form(`${path}${path.includes("?") ? "&" : "?"}project=${owner.id}`, { _form: name, action: name, kind: name }, cookie);
        if (res.status >= 500) failures.push(`POST ${path} _form=${name} → ${res.status}`);
      }
    }
    console.log(`page-form sweep: ${tried} posts over ${table.length} page forms`);
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(100);
    // the record pages answer a named refusal
    const res = await t.form(`/manager/users/${person._id}`, { _form: "constructor" }, `token=${boss.token}`);
    expect(res.status).toBe(400);
  }, 120_000);
});
