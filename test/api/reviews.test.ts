import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, user } from "../fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const text = "The report described how I plan my week better than I could myself.";

describe("reviews", () => {
  it("needs a signed-in user with a completed test", async () => {
    expect((await t.json("POST", "/api/review", { name: "Ann", text })).status).toBe(401);
    const newcomer = await user(t, { confirmed: false });
    const res = await t.json("POST", "/api/review", { name: "Ann", text }, { ...newcomer.h, locale: "en" });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("test_required");
  });

  it("validates the fields with messages in the request's language", async () => {
    const r = await user(t, { confirmed: false });
    await completedResult(t, r);
    const res = await t.json("POST", "/api/review", { name: "", text: "short", img: "javascript:alert(1)" }, { ...r.h, locale: "en" });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(Object.keys(error.fields).sort()).toEqual(["img", "name", "text"]);
    const ru = await (await t.json("POST", "/api/review", { name: "", text }, { ...r.h, locale: "ru" })).json();
    expect(ru.error.fields.name).toMatch(/[а-я]/i);
  });

  it("keeps a new review for moderation, then shows it escaped once published", async () => {
    const r = await user(t, { confirmed: false });
    await completedResult(t, r);
    const evil = `${text} <script>alert("x")</script>`;
    const res = await t.json("POST", "/api/review", { name: "<b>Eve</b>", position: "Analyst", text: evil }, { ...r.h, locale: "en" });
    expect(res.status).toBe(201);
    const { _id, isPublished } = await res.json();
    expect(isPublished).toBe(false);
    expect((await t.app.request(`/api/review/${_id}`)).status).toBe(404);
    expect(await (await t.app.request("/review?lang=en")).text()).not.toContain("Analyst");

    await t.deps.db.update(reviews).set({ isPublished: true }).where(eq(reviews.id, _id));
    expect((await (await t.app.request(`/api/review/${_id}`)).json()).name).toBe("<b>Eve</b>");
    const page = await (await t.app.request(`/review/${_id}?lang=en`)).text();
    expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(page).not.toContain('<script>alert("x")');
    expect(page).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    const landing = await (await t.app.request("/?lang=en")).text();
    expect(landing).not.toContain('<script>alert("x")');
  });

  it("accepts a review from the page's form without JavaScript", async () => {
    const r = await user(t, { confirmed: false });
    await completedResult(t, r);
    const body = new URLSearchParams({ _form: "review", name: "Form Writer", text });
    const res = await t.app.request("/review", {
      method: "POST",
      headers: { Cookie: `token=${r.token}`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body,
    });
    expect([302, 303]).toContain(res.status);
    const rows = await t.deps.db.select().from(reviews).where(eq(reviews.name, "Form Writer"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isPublished).toBe(false);
  });
});
