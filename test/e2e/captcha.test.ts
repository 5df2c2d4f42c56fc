// reCAPTCHA v3 end to end: with the keys set, the pages load the captcha
// script (allowed by the CSP), the sign-up island and the plain lead forms send a token, and the
// server checks it with the verifier. Google is played by a local fake: its script hands out
// "human-<action>" tokens and its verifier scores only those as human.
import { Hono } from "hono";
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessRequests, users } from "../../db/schema";
import { closeServer, e2eApp } from "./browser";

let google: ServerType;
const verified: string[] = [];
const env: Record<string, string> = {};

// the fake Google starts first: e2eApp's hooks, registered after these, start the app with its
// addresses (read when the app starts) and close the app before the fake is closed
beforeAll(async () => {
  const fake = new Hono();
  fake.get("/recaptcha/api.js", (c) =>
    c.body(`window.grecaptcha = { ready: (cb) => cb(), execute: (key, o) => Promise.resolve(key === "site-key" ? "human-" + o.action : "wrong-key") };`, 200, {
      "Content-Type": "text/javascript",
    }),
  );
  fake.post("/verify", async (c) => {
    const body = await c.req.parseBody();
    verified.push(String(body.response));
    return c.json(String(body.response).startsWith("human-") && body.secret === "secret" ? { success: true, score: 0.9 } : { success: false });
  });
  google = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: fake.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  Object.assign(env, {
    RECAPTCHA_SITE_KEY: "site-key",
    RECAPTCHA_SECRET: "secret",
    RECAPTCHA_SCRIPT_URL: `${origin}/recaptcha/api.js`,
    RECAPTCHA_VERIFY_URL: `${origin}/verify`,
  });
});
afterAll(() => google && closeServer(google));
const e = e2eApp(env);

describe("reCAPTCHA v3", () => {
  it("signs up through the landing's island with a token, and sends a lead form with one", async () => {
    const { page, errors, close } = await e.open({ lang: "en", width: 360, height: 740 });
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

    await page.goto(`${e.base}/?lang=en`);
    const email = `captcha-${Date.now()}@example.com`;
    await page.locator("[data-testid=signup-form] input[name=email]").fill(email); // wakes the island
    const form = page.locator("[data-testid=signup-form][data-hydrated]");
    for (const name of ["policy", "terms", "offer"]) await form.locator(`input[name=${name}]`).check();
    await Promise.all([page.waitForURL(/\/test\/start/), form.locator("button[type=submit]").click()]);
    expect(verified).toContain("human-signup");
    expect((await e.t.deps.db.select().from(users).where(eq(users.email, email))).length).toBe(1);

    // a plain (no-island) lead form: the small filler script adds the token before it is sent
    await page.goto(`${e.base}/business_demo?lang=en`);
    await page.fill("#demo-name", "Irina");
    await page.fill("#demo-phone", "+7 900 123-45-67");
    await page.fill("#demo-email", "irina@example.com");
    await Promise.all([page.waitForURL(/done=demo/), page.click("[data-testid=form-demo] button[type=submit]")]);
    expect(verified).toContain("human-demo");
    expect((await e.t.deps.db.select().from(businessRequests).where(eq(businessRequests.email, "irina@example.com"))).length).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("refuses a sign-up without a passing token", async () => {
    const res = await fetch(`${e.base}/api/passport/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: e.base, locale: "en" },
      body: JSON.stringify({ email: `bot-${Date.now()}@example.com`, policy: true, terms: true, offer: true, captcha: "bot" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty("captcha");
  });

  it("allows the captcha script in the CSP only when captcha is on", async () => {
    const csp = (await fetch(`${e.base}/?lang=en`)).headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:\d+/);
  });
});
