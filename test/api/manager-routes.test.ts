// Every manager route of the spec that the app serves (spec-routes.ts minus the known-missing
// list) answers a manager and refuses anyone else: 403 on the API, a redirect home on pages.
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, invites, questions, reports, results } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, manager, type Person, businessProject as projectOf, user as newUser } from "../fixtures";
import { SPEC_ROUTES } from "../spec-routes";

const missing = new Set(
  readFileSync(new URL("../spec-routes.missing.txt", import.meta.url), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#")),
);
const managerRoutes = SPEC_ROUTES.filter((r) => /^\/(api\/)?manager(\/|$)/.test(r.path) && !missing.has(`${r.method} ${r.path}`));

let t: TestApp;
let token: string;
let user: Person;
let victim: Person;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  token = (await manager(t)).token;
  user = await newUser(t, { confirmed: false });
  victim = await newUser(t, { confirmed: false });
  ids.result = await completedResult(t, user);
  ids.answer = (await t.deps.db.select().from(answers).where(eq(answers.resultId, ids.result)))[0]!.id;
  const project = await projectOf(t, { owner: user, name: "Plain Co" });
  const referral = await t.json("POST", "/api/manager/referral", { code: "routes-ref" }, { Authorization: `Bearer ${token}` });
  ids.referral = (await referral.json())._id;
  ids.project = project!.id;
  const admin = { Authorization: `Bearer ${token}` };
  ids.coupon = (await (await t.json("POST", "/api/manager/coupon", { code: "ROUTES-10", type: "percent", amount: 10 }, admin)).json())._id;
  ids.review = (await (await t.json("POST", "/api/manager/reviews/", { name: "Routes", textEn: "A review for the route test." }, admin)).json())._id;
  ids.report = (await t.deps.db.select({ id: reports.id }).from(reports).limit(1))[0]!.id;
  ids.test = (await t.deps.db.select({ id: results.testId }).from(results).where(eq(results.id, ids.result)))[0]!.id;
  ids.question = (await t.deps.db.select({ id: questions.id }).from(questions).limit(1))[0]!.id;
  ids.invite = createId();
  await t.deps.db.insert(invites).values({ id: ids.invite, projectId: project!.id, email: "x@example.com", link: createId() });
}, 120_000);
afterAll(() => t.close());

/** A concrete path for a spec route, its parameters filled with records that exist. */
function concrete(method: string, path: string) {
  return path
    .replace("/user/{id}", method === "DELETE" ? `/user/${victim._id}` : `/user/${user._id}`)
    .replace("/users/{id}", `/users/${user._id}`)
    .replace("/invites/{id}", `/invites/${ids.invite}`)
    .replace("/referral/{id}", `/referral/${ids.referral}`)
    .replace("/coupon/{id}", `/coupon/${ids.coupon}`)
    .replace("/reviews/{id}", `/reviews/${ids.review}`)
    .replace(/\/projects?\/\{id\}/, (m) => m.replace("{id}", ids.project!))
    .replace("/reports/{type}/{id}", "/reports/base/1")
    .replace("/reports/{id}", `/reports/${ids.report}`)
    .replace(/\/(tests|question|questions)\/\{id\}/, (_, p: string) => `/${p}/${p === "tests" ? ids.test : ids.question}`)
    .replace("{resultId}", ids.result!)
    .replace("{answerId}", ids.answer!)
    .replace(/\{id\??\}/g, ids.result!);
}

describe("every served manager route of the spec", () => {
  it("covers the back-office built so far", () => {
    expect(managerRoutes.length).toBeGreaterThanOrEqual(45);
  });

  it("refuses a signed-in non-manager: 403 on the API, home on pages", async () => {
    for (const r of managerRoutes) {
      const path = concrete(r.method, r.path);
      if (path.startsWith("/api/")) {
        const res = await t.json(r.method, path, r.method === "GET" || r.method === "DELETE" ? undefined : {}, user.h);
        expect(res.status, `${r.method} ${path}`).toBe(403);
      } else {
        const res = await t.app.request(path, { headers: { Cookie: `token=${user.token}` } });
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toBe("/");
      }
    }
  });

  it("answers a manager (writes with an empty body answer with their validation message)", async () => {
    const h = { Authorization: `Bearer ${token}` };
    // deletions last, so the records the others use still exist
    const ordered = [...managerRoutes].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
    for (const r of ordered) {
      const path = concrete(r.method, r.path);
      if (path.startsWith("/api/")) {
        const res = await t.json(r.method, path, r.method === "GET" || r.method === "DELETE" ? undefined : {}, h);
        if (r.method === "GET" || r.method === "DELETE") expect(res.status, `${r.method} ${path}`).toBe(200);
        else expect([200, 201, 400], `${r.method} ${path}: ${res.status}`).toContain(res.status);
        await res.arrayBuffer();
      } else {
        const res = await t.app.request(path, { headers: { Cookie: `token=${token}` } });
        expect([200, 302], `${path}: ${res.status}`).toContain(res.status);
        if (res.status === 302) expect(res.headers.get("location"), path).toMatch(/^\/manager\/public\/(base|full)\/[0-9a-f]{24}$/);
        // the report views are the owner's own page; the rest sit in the manager shell
        else if (!path.startsWith("/manager/public/")) expect(await res.text(), path).toContain('data-cabinet="manager"');
      }
    }
  });

  it("shows 404 for an unknown record on a detail page and a malformed id", async () => {
    const cookie = { Cookie: `token=${token}` };
    expect((await t.app.request(`/manager/users/${createId()}`, { headers: cookie })).status).toBe(404);
    expect((await t.app.request(`/manager/results/not-an-id`, { headers: cookie })).status).toBe(404);
  });
});
