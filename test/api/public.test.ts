import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessRequests, settings, webinarSignups } from "../../db/schema";
import { getSetting, incrementSetting } from "../../server/services/setting-store";
import { TOTAL_KEPT_MS, TOTAL_KEY } from "../../server/services/stats";
import { createTestApp, type TestApp } from "../helpers";
import { signUp } from "../respondent";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("public API", () => {
  it("reports health with the database kind, the backups, the free space and the WAL", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", database: "better-sqlite3", backup: { last: null, offBox: "none" } });
    expect(body.disk.freeBytes).toBeGreaterThan(body.disk.minFreeBytes);
    expect(body.wal.bytes).toBeGreaterThanOrEqual(0);
  });

  it("counts people who used the service", async () => {
    const body = await (await t.app.request("/api/total")).json();
    expect(body.total).toBeGreaterThan(1000);
  });

  it("shows a counter change made by this instance at once, and one made elsewhere within a second", async () => {
    const total = async () => ((await (await t.app.request("/api/total")).json()) as { total: number }).total;
    const before = await total();
    await incrementSetting(t.deps.db, TOTAL_KEY); // as a completed test does
    expect(await total()).toBe(before + 1);
    // another instance (or a script) writes the same database: this one keeps its figure up to a second
    await t.deps.db.update(settings).set({ value: 1_000_000 }).where(eq(settings.key, TOTAL_KEY));
    expect(await total()).toBe(before + 1);
    await new Promise((r) => setTimeout(r, TOTAL_KEPT_MS + 50));
    const base = Number(await getSetting(t.deps.db, "counterBase", 0));
    expect(await total()).toBe(1_000_000 + base);
  });

  it("pages reviews as {docs, page, limit, total, pages}", async () => {
    const res = await t.app.request("/api/review?page=2&limit=2");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ page: 2, limit: 2, total: 5, pages: 3 });
    expect(body.docs).toHaveLength(2);
    expect(body.docs[0]._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("honours populate and exclude, and rejects unknown names", async () => {
    const body = await (await t.app.request("/api/review?limit=1&exclude=text,img")).json();
    expect(body.docs[0]).not.toHaveProperty("text");
    expect(body.docs[0]).toHaveProperty("name");
    const bad = await t.app.request("/api/review?populate=password");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({ populate: "password" });
  });

  it("caps the review page size at 50 with a per-field message in the request's locale", async () => {
    const ru = await t.app.request("/api/review?limit=51");
    expect(ru.status).toBe(400);
    const ruBody = await ru.json();
    expect(ruBody.error.code).toBe("validation_failed");
    expect(ruBody.error.fields.limit).toMatch(/[а-я]/i);
    const en = await t.app.request("/api/review?limit=51", { headers: { locale: "en" } });
    expect((await en.json()).error.fields.limit).toMatch(/50/);
  });

  it("answers 404 for an unknown or malformed review id", async () => {
    expect((await t.app.request("/api/review/0123456789abcdef01234567")).status).toBe(404);
    expect((await t.app.request("/api/review/not-an-id")).status).toBe(404);
  });

  it("lists the 27 formats", async () => {
    const body = await (await t.app.request("/api/format")).json();
    expect(body.docs).toHaveLength(27);
    expect(new Set(body.docs.map((f: { code: string }) => f.code)).size).toBe(27);
  });

  it("stores a business lead and validates its fields", async () => {
    const ok = await t.json("POST", "/api/amo/business-lead", { name: "Ivan", phone: "+7 900 123-45-67", email: "Ivan@Example.com" });
    expect(ok.status).toBe(201);
    const { _id } = await ok.json();
    const [row] = await t.deps.db.select().from(businessRequests).where(eq(businessRequests.id, _id));
    expect(row).toMatchObject({ kind: "demo", email: "ivan@example.com", phone: "+7 900 123-45-67" });

    const bad = await t.json("POST", "/api/amo/business-lead", { name: "", phone: "abc", email: "nope" }, { locale: "en" });
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(Object.keys(error.fields).sort()).toEqual(["email", "name", "phone"]);
    expect(error.fields.email).toBe("Enter a valid e-mail address");
  });

  it("signs up for a webinar once, however often it is posted", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.json("POST", "/api/webinar/user", { name: "Olga", email: "olga@example.com" });
      expect(res.status).toBe(201);
    }
    const rows = await t.deps.db.select().from(webinarSignups).where(eq(webinarSignups.email, "olga@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("takes consultation tickets and tells a signed-in user about their own address only", async () => {
    const petr = await signUp(t, "petr");
    const res = await t.json("POST", "/api/consultation/add-ticket", { name: "Petr", phone: "+79001112233", email: petr.email });
    expect(res.status).toBe(201);
    expect(await (await t.app.request("/api/consultation/check", { headers: petr.h })).json()).toEqual({ exists: true });
    // nobody learns whether some other address asked us for advice
    expect((await t.app.request(`/api/consultation/check?email=${encodeURIComponent(petr.email)}`)).status).toBe(401);
    const other = await signUp(t, "nosy");
    expect((await t.app.request(`/api/consultation/check?email=${encodeURIComponent(petr.email)}`, { headers: other.h })).status).toBe(403);
    expect(await (await t.app.request("/api/consultation/check", { headers: other.h })).json()).toEqual({ exists: false });
  });

  it("routes the generic send-form call by its form name", async () => {
    const res = await t.json("POST", "/api/notify/send-form", {
      form: "research",
      name: "Ann",
      email: "ann@example.com",
      message: "I study team dynamics. I'd like to join the lab.",
    });
    expect(res.status).toBe(201);
    const bad = await t.json("POST", "/api/notify/send-form", { form: "spam" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty("form");
  });
});

describe("request hygiene", () => {
  it("answers malformed JSON with 400 bad_json", async () => {
    const res = await t.json("POST", "/api/amo/business-lead", "{not json");
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("bad_json");
  });

  it("answers a wrong type with a field error", async () => {
    const res = await t.json("POST", "/api/amo/business-lead", { name: 5, phone: [], email: {} });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields)).toEqual(expect.arrayContaining(["name", "phone", "email"]));
  });

  it("refuses an oversized body with 413", async () => {
    const res = await t.json("POST", "/api/amo/business-lead", { name: "x".repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
  });

  it("refuses a cross-site form post and a non-JSON, non-form body", async () => {
    const cross = await t.app.request("/api/amo/business-lead", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Host: "localhost" },
      body: "name=a",
    });
    expect(cross.status).toBe(403);
    const plain = await t.app.request("/api/amo/business-lead", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Host: "localhost" },
      body: "{}",
    });
    expect(plain.status).toBe(415);
  });

  it("answers unknown API paths with JSON 404", async () => {
    const res = await t.app.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });

  it("sends security headers, and HSTS for a year behind HTTPS only", async () => {
    const plain = await t.app.request("/api/total");
    expect(plain.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    // anyone can say X-Forwarded-Proto: without a trusted proxy it is not believed
    const claimed = await t.app.request("/api/total", { headers: { "x-forwarded-proto": "https" } });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
    const proxied = await createTestApp({ TRUST_PROXY: "1" });
    try {
      const https = await proxied.app.request("/api/total", { headers: { "x-forwarded-proto": "https" } });
      expect(https.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    } finally {
      await proxied.close();
    }
  });
});
