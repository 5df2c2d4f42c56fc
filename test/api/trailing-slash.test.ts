// One rule in the app (Hono's strict: false): every path answers with and without a trailing
// slash, the spec's `POST /review/` included, and nothing redirects a POST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, user } from "../fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("trailing slash", () => {
  it("answers API GETs and page GETs the same with and without it", async () => {
    for (const path of ["/api/total", "/api/test", "/api/review", "/about", "/login", "/review"]) {
      const [bare, slashed] = await Promise.all([t.app.request(path), t.app.request(`${path}/`)]);
      expect([path, bare.status]).toEqual([path, 200]);
      expect([`${path}/`, slashed.status]).toEqual([`${path}/`, 200]);
    }
  });

  it("takes the spec's POST /review/ as POST /review, without a redirect", async () => {
    const r = await user(t, { confirmed: false });
    await completedResult(t, r); // reviews are for people who took the test
    const text = "A review that is long enough to pass the length check.";
    const res = await t.json("POST", "/api/review/", { name: "Ann", position: "Analyst", text }, r.h);
    expect(res.status).toBe(201);
  });

  it("keeps guards on the slashed form", async () => {
    expect((await t.json("POST", "/api/review/", { name: "Ann", text: "x".repeat(60) })).status).toBe(401);
    const page = await t.app.request("/account/");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
  });

  it("still 404s an unknown path with a slash", async () => {
    expect((await t.app.request("/api/nothing-here/")).status).toBe(404);
  });
});
