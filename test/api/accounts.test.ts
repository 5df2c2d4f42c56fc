import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_USER_ID } from "../../db/seed";
import { translator } from "../../locales";
import { logs, sessions, users } from "../../db/schema";
import { clearAllLimits } from "../../server/services/rate-limits";
import { createSession, hashToken } from "../../server/services/sessions";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { MANAGER, MANAGER_ENV } from "../fixtures";
import { lastMailTo, linkIn, outbox, startSmtpSink } from "../mail";

const agree = { policy: true, terms: true, offer: true };
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ ...MANAGER_ENV, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => clearAllLimits(t.deps.db));

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let n = 0;
const freshEmail = () => `user${++n}-${Date.now()}@example.com`;

async function signup(email = freshEmail(), extra: Record<string, unknown> = {}) {
  const res = await t.json("POST", "/api/passport/signup", { email, ...agree, ...extra });
  expect(res.status).toBe(201);
  return { email, ...(await res.json()), res } as { email: string; token: string; _id: string; res: Response };
}

async function loginAs(email: string, password: string, headers: Record<string, string> = {}) {
  return t.json("POST", "/api/passport/auth", { email, password }, headers);
}

describe("sign-up", () => {
  it("signs up with only an e-mail, e-mails a confirmation link and a set-password link (never a password), and signs in at once", async () => {
    const email = freshEmail();
    const { token, _id, res } = await signup(email);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("token="))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith("token="))).toMatch(/Max-Age=2592000/);
    expect(cookies.find((c) => c.startsWith("id="))).toContain(_id);
    const mail = lastMailTo(smtp.received, email)!;
    expect(mail.subject).toContain("Подтвердите");
    // the mail holds no password, only one-time links
    expect(mail.text).not.toMatch(/[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}/);
    expect(linkIn(mail, /http:\/\/localhost\/confirm\/[a-z2-7]+/)).not.toBeNull();
    const me = await (await t.app.request("/api/passport", { headers: bearer(token) })).json();
    expect(me).toMatchObject({ _id, email, isConfirmed: false, isCompleted: false });
    const setLink = new URL(linkIn(mail, /http:\/\/localhost\/restore\?token=[a-z2-7]+/)!);
    const password = "my own long pass phrase";
    const set = await t.json("POST", "/api/passport/restore/confirm", { token: setLink.searchParams.get("token"), password, repeat: password });
    expect(set.status).toBe(200);
    expect((await loginAs(email, password)).status).toBe(200);
    // the link works once
    expect((await t.json("POST", "/api/passport/restore/confirm", { token: setLink.searchParams.get("token"), password, repeat: password })).status).toBe(400);
  });

  it("writes mail in the user's language", async () => {
    const email = freshEmail();
    await t.json("POST", "/api/passport/signup", { email, ...agree }, { locale: "en" });
    expect(lastMailTo(smtp.received, email)!.subject).toBe("Confirm your e-mail — Thinking Format");
  });

  it("requires the three agreements and a valid e-mail, with messages in the request's language", async () => {
    const res = await t.json("POST", "/api/passport/signup", { email: "not-an-email" }, { locale: "en" });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.fields).toEqual({
      email: "Enter a valid e-mail address",
      policy: "Your consent is required",
      terms: "Your consent is required",
      offer: "Your consent is required",
    });
    const ru = await (await t.json("POST", "/api/passport/signup", { email: "" })).json();
    expect(ru.error.fields.email).toBe("Обязательное поле");
  });

  it("refuses a duplicate e-mail (in any letter case), a short and a common password", async () => {
    const { email } = await signup();
    const dup = await t.json("POST", "/api/passport/signup", { email: email.toUpperCase(), ...agree });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.fields.email).toMatch(/уже зарегистрирован/);
    const short = await t.json("POST", "/api/passport/signup", { email: freshEmail(), password: "abc", ...agree });
    expect((await short.json()).error.fields.password).toMatch(/8/);
    const common = await t.json("POST", "/api/passport/signup", { email: freshEmail(), password: "password123", ...agree }, { locale: "en" });
    expect((await common.json()).error.fields.password).toMatch(/too common/);
    const long = await t.json("POST", "/api/passport/signup", {
      email: freshEmail(),
      password: "a long passphrase of sixty-four characters or so is fine to use!!",
      ...agree,
    });
    expect(long.status).toBe(201);
  });

  it("attaches the ref and utm cookies to the sign-up", async () => {
    const email = freshEmail();
    const res = await t.json("POST", "/api/passport/signup", { email, ...agree }, { Cookie: "utm_source=vk; utm_campaign=autumn" });
    expect(res.status).toBe(201);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(row!.utm).toEqual({ utm_source: "vk", utm_campaign: "autumn" });
  });

  it("escapes HTML in what it echoes back", async () => {
    const res = await t.json("POST", "/api/passport/signup", { email: "<script>alert(1)</script>@x.com", ...agree });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain("<script>");
  });
});

describe("sign-in and sessions", () => {
  it("signs in with the right password only, with a new token each time", async () => {
    const email = freshEmail();
    await signup(email, { password: "my secret phrase 1" });
    expect((await loginAs(email, "wrong password")).status).toBe(401);
    const a = await (await loginAs(email, "my secret phrase 1")).json();
    const b = await (await loginAs(email.toUpperCase(), "my secret phrase 1")).json();
    expect(a.token).not.toBe(b.token);
    expect((await t.app.request("/api/passport", { headers: bearer(a.token) })).status).toBe(200);
    const [row] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(a.token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(a.token);
  });

  it("throttles repeated failures per e-mail with 429 and a retry time", async () => {
    const email = freshEmail();
    await signup(email, { password: "my secret phrase 2" });
    for (let i = 0; i < 5; i++) expect((await loginAs(email, "nope nope")).status).toBe(401);
    const res = await loginAs(email, "my secret phrase 2");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).error.message).toMatch(/\d+/);
  });

  it("refuses a revoked, an expired and a made-up token", async () => {
    const { token, _id } = await signup();
    expect((await t.app.request("/api/passport", { headers: bearer("a".repeat(32)) })).status).toBe(401);
    await t.json("POST", "/api/passport/logout", {}, bearer(token));
    expect((await t.app.request("/api/passport", { headers: bearer(token) })).status).toBe(401);

    const again = await (
      await t.json("POST", "/api/passport/auth", { email: (await t.deps.db.select().from(users).where(eq(users.id, _id)))[0]!.email, password: "x" })
    ).json();
    expect(again.error).toBeDefined();
    const fresh = await signup();
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(fresh.token)));
    expect((await t.app.request("/api/passport", { headers: bearer(fresh.token) })).status).toBe(401);
  });

  it("lists sessions and ends one or all the others", async () => {
    const email = freshEmail();
    await signup(email, { password: "my secret phrase 3" });
    const first = (await (await loginAs(email, "my secret phrase 3")).json()).token;
    const second = (await (await loginAs(email, "my secret phrase 3")).json()).token;
    const list = await (await t.app.request("/api/passport/sessions", { headers: bearer(first) })).json();
    expect(list.docs.length).toBe(3);
    expect(list.docs.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const res = await t.app.request("/api/passport/sessions", { method: "DELETE", headers: bearer(first) });
    expect(res.status).toBe(200);
    expect((await t.app.request("/api/passport", { headers: bearer(second) })).status).toBe(401);
    expect((await t.app.request("/api/passport", { headers: bearer(first) })).status).toBe(200);
  });
});

describe("profile and password", () => {
  it("reads and updates the profile; complete means name and birthday", async () => {
    const { token } = await signup();
    const res = await t.json(
      "PUT",
      "/api/passport",
      { name: "Анна", birthday: "1990-05-17", city: "Казань", gender: "Female", PersonnelId: "A-17" },
      bearer(token),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: "Анна",
      birthday: "1990-05-17",
      city: "Казань",
      gender: "Female",
      PersonnelId: "A-17",
      age: expect.any(Number),
    });
    const bad = await t.json("PUT", "/api/passport", { birthday: "17.05.1990", gender: "X", phone: "call me" }, { ...bearer(token), locale: "en" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["birthday", "gender", "phone"]);
  });

  it("changes the password only with the right current one and a matching repeat, ending other sessions", async () => {
    const email = freshEmail();
    await signup(email, { password: "my secret phrase 4" });
    const a = (await (await loginAs(email, "my secret phrase 4")).json()).token;
    const b = (await (await loginAs(email, "my secret phrase 4")).json()).token;
    const mismatch = await t.json(
      "POST",
      "/api/passport/changePassword",
      { current: "my secret phrase 4", new: "another phrase 5", repeat: "another phrase 6" },
      bearer(a),
    );
    expect((await mismatch.json()).error.fields).toEqual({ repeat: "Пароли не совпадают" });
    const wrong = await t.json("POST", "/api/passport/changePassword", { current: "nope", new: "another phrase 5", repeat: "another phrase 5" }, bearer(a));
    expect((await wrong.json()).error.fields).toHaveProperty("current");
    const ok = await t.json(
      "POST",
      "/api/passport/changePassword",
      { current: "my secret phrase 4", new: "another phrase 5", repeat: "another phrase 5" },
      bearer(a),
    );
    expect(ok.status).toBe(200);
    expect((await t.app.request("/api/passport", { headers: bearer(a) })).status).toBe(200);
    expect((await t.app.request("/api/passport", { headers: bearer(b) })).status).toBe(401);
    expect((await loginAs(email, "another phrase 5")).status).toBe(200);
  });

  it("restores a password by a one-time e-mailed link without telling which e-mails exist", async () => {
    const email = freshEmail();
    await signup(email, { password: "my secret phrase 7" });
    const unknown = await t.json("POST", "/api/passport/restore", { email: "nobody@example.com" });
    const known = await t.json("POST", "/api/passport/restore", { email });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    const link = linkIn(lastMailTo(smtp.received, email), /http:\/\/localhost\/restore\?token=[a-z2-7]+/)!;
    const token = new URL(link).searchParams.get("token")!;
    const reset = await t.json("POST", "/api/passport/restore/confirm", { token, password: "brand new phrase 8", repeat: "brand new phrase 8" });
    expect(reset.status).toBe(200);
    expect((await loginAs(email, "brand new phrase 8")).status).toBe(200);
    const reuse = await t.json("POST", "/api/passport/restore/confirm", { token, password: "brand new phrase 9", repeat: "brand new phrase 9" });
    expect(reuse.status).toBe(400);
  });

  it("confirms the e-mail from the link, and resends only after the stated wait", async () => {
    const { email, token } = await signup();
    const early = await t.app.request("/api/passport/resend", { method: "POST", headers: bearer(token) });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThan(50);
    const link = linkIn(lastMailTo(smtp.received, email), /http:\/\/localhost\/confirm\/[a-z2-7]+/)!;
    const page = await t.app.request(new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-ok="true"');
    const me = await (await t.app.request("/api/passport", { headers: bearer(token) })).json();
    expect(me.isConfirmed).toBe(true);
    const used = await (await t.app.request(new URL(link).pathname)).text();
    expect(used).toContain('data-ok="false"');
  });

  it("exports the user's data and deletes the account after the password is re-entered", async () => {
    const email = freshEmail();
    const { token, _id } = await signup(email, { password: "my secret phrase 10" });
    const data = await (await t.app.request("/api/passport/export", { headers: bearer(token) })).json();
    expect(data.profile.email).toBe(email);
    expect(JSON.stringify(data)).not.toContain("argon2");
    const wrong = await t.json("DELETE", "/api/passport", { password: "nope" }, bearer(token));
    expect(wrong.status).toBe(400);
    const ok = await t.json("DELETE", "/api/passport", { password: "my secret phrase 10" }, bearer(token));
    expect(ok.status).toBe(200);
    expect(await t.deps.db.select().from(users).where(eq(users.id, _id))).toEqual([]);
    expect((await t.app.request("/api/passport", { headers: bearer(token) })).status).toBe(401);
  });
});

describe("guards", () => {
  it("redirects a login-only page to /login with the wanted path, and answers 401 on the API", async () => {
    const res = await t.app.request("/account/sessions?x=1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?fallback=%2Faccount%2Fsessions%3Fx%3D1");
    expect((await t.app.request("/api/passport")).status).toBe(401);
  });

  it("sends a signed-in visitor away from visitor-only pages to the fallback or the test", async () => {
    const { token } = await signup();
    const cookie = { Cookie: `token=${token}` };
    expect((await t.app.request("/login", { headers: cookie })).headers.get("location")).toBe("/test/start");
    expect((await t.app.request("/login?fallback=/profile", { headers: cookie })).headers.get("location")).toBe("/profile");
    expect((await t.app.request("/login?fallback=//evil.example", { headers: cookie })).headers.get("location")).toBe("/test/start");
    expect((await t.app.request("/login?fallback=/%5Cevil.com", { headers: cookie })).headers.get("location")).toBe("/test/start");
  });

  it("never follows a fallback off the site after signing in", async () => {
    const { email } = await signup(freshEmail(), { password: "fallback phrase one" });
    const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" };
    for (const fallback of ["/\\evil.com", "//evil.com", "https://evil.com", "/%2F%2Fevil.com"]) {
      const res = await t.app.request(`/login?fallback=${encodeURIComponent(fallback)}`, {
        method: "POST",
        headers: form,
        body: `_form=login&email=${encodeURIComponent(email)}&password=fallback+phrase+one`,
      });
      expect(res.status).toBe(303);
      // the default after sign-in: the test for someone without a result yet
      expect(res.headers.get("location")).toBe("/test/start");
    }
  });

  it("404s an account section that does not exist", async () => {
    const { token } = await signup();
    expect((await t.app.request("/account/nope", { headers: { Cookie: `token=${token}` } })).status).toBe(404);
  });
});

describe("logout", () => {
  const live = async (token: string) =>
    (
      await t.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    ).length > 0;
  const formPost = (cookie: string) => ({ "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost", Cookie: cookie });

  it("ends every session the client presents, from the API and from the page alike", async () => {
    for (const via of ["api", "page"] as const) {
      const user = await signup();
      const manager = await signup();
      const masq = await createSession(t.deps.db, user._id, { kind: "masq", actorId: manager._id });
      const cookie = `token=${user.token}; masqToken=${masq.token}`;
      const res =
        via === "api"
          ? await t.json("POST", "/api/passport/logout", {}, { Cookie: cookie })
          : await t.app.request("/logout", { method: "POST", headers: formPost(cookie), body: "" });
      expect(res.status, via).toBe(via === "api" ? 200 : 303);
      expect(await live(user.token), via).toBe(false);
      expect(await live(masq.token), via).toBe(false);
      expect(await live(manager.token), via).toBe(true);
      const cleared = cookiesOf(res);
      for (const name of ["token", "id", "masqToken", "masqDemoToken"]) expect(cleared[name], `${via} ${name}`).toBe("");
    }
  });
});

describe("masquerade", () => {
  it("lets only a manager act as a user, logs start and end, and Cancel Masq ends it", async () => {
    const victim = await signup();
    const other = await signup();
    const denied = await t.app.request(`/api/manager/user/${victim._id}/masq`, {
      method: "POST",
      headers: { ...bearer(other.token), "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "test" }),
    });
    expect(denied.status).toBe(403);
    expect((await t.app.request(`/api/manager/user/${victim._id}/masq`, { method: "POST" })).status).toBe(401);

    const admin = (await (await loginAs(MANAGER.email, MANAGER.password)).json()).token;
    const res = await t.app.request(`/api/manager/user/${victim._id}/masq`, {
      method: "POST",
      headers: { ...bearer(admin), "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "support ticket" }),
    });
    expect(res.status).toBe(200);
    const masq = cookiesOf(res).masqToken!;
    const me = await (await t.app.request("/api/passport", { headers: { Cookie: `token=${admin}; masqToken=${masq}` } })).json();
    expect(me._id).toBe(victim._id);
    const page = await (await t.app.request("/", { headers: { Cookie: `token=${admin}; masqToken=${masq}` } })).text();
    expect(page).toContain('data-testid="cancel-masq"');

    const cancel = await t.app.request("/masq/cancel", {
      method: "POST",
      headers: { Cookie: `token=${admin}; masqToken=${masq}`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: "",
    });
    expect(cancel.status).toBe(303);
    // back to the user's back-office page the masquerade started from
    expect(cancel.headers.get("location")).toBe(`/manager/users/${victim._id}`);
    expect(cancel.headers.getSetCookie().find((c) => c.startsWith("masqToken="))).toMatch(/Max-Age=0/);
    expect((await t.app.request("/api/passport", { headers: bearer(masq) })).status).toBe(401);
    const actions = (await t.deps.db.select().from(logs).where(eq(logs.userId, victim._id))).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(["masq.start", "masq.end"]));
  });

  it("opens the read-only demo business account without sign-in", async () => {
    const res = await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(res.status).toBe(200);
    const demo = cookiesOf(res).masqDemoToken!;
    const me = await (await t.app.request("/api/passport", { headers: { Cookie: `masqDemoToken=${demo}` } })).json();
    expect(me).toMatchObject({ _id: DEMO_USER_ID, isBusiness: true });
    const write = await t.json("PUT", "/api/passport", { name: "Hacked" }, { Cookie: `masqDemoToken=${demo}` });
    expect(write.status).toBe(403);
    // leaving the business area drops the demo session cookie
    const home = await t.app.request("/", { headers: { Cookie: `masqDemoToken=${demo}` } });
    expect(home.headers.getSetCookie().find((c) => c.startsWith("masqDemoToken="))).toMatch(/Max-Age=0/);
  });
});

describe("no-script account pages", () => {
  const form = (cookie = "") => ({
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: "http://localhost",
    Host: "localhost",
    ...(cookie ? { Cookie: cookie } : {}),
  });

  it("signs up, logs in and edits the profile through plain forms", async () => {
    const email = freshEmail();
    const bad = await t.app.request("/signup", { method: "POST", headers: form(), body: `_form=signup&email=${encodeURIComponent(email)}` });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Нужно согласие");
    expect(html).toContain(`value="${email}"`);

    const ok = await t.app.request("/signup", {
      method: "POST",
      headers: form(),
      body: `_form=signup&email=${encodeURIComponent(email)}&password=form+phrase+one&policy=on&terms=on&offer=on`,
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/test/start");

    const login = await t.app.request("/login?fallback=/profile", {
      method: "POST",
      headers: form(),
      body: `_form=login&email=${encodeURIComponent(email)}&password=form+phrase+one`,
    });
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/profile");
    const token = cookiesOf(login).token!;

    const edit = await t.app.request("/profile/edit", {
      method: "POST",
      headers: form(`token=${token}`),
      body: "_form=profile&name=Ivan&birthday=1985-02-03&city=Omsk&gender=Male&locale=en",
    });
    expect(edit.status).toBe(303);
    const profile = await (await t.app.request("/profile", { headers: { Cookie: `token=${token}` } })).text();
    expect(profile).toContain("Ivan");
    expect(profile).toContain("1985-02-03");
  });
});

describe("OAuth against a local fake provider", () => {
  it("signs in with Google, linking to the existing account by verified e-mail and ending an unconfirmed account's password and sessions", async () => {
    const email = freshEmail();
    const existing = await signup(email);
    const fake = new Hono();
    let seenVerifier = "";
    fake.post("/token", async (c) => {
      const body = await c.req.parseBody();
      seenVerifier = String(body.code_verifier ?? "");
      return body.code === "good-code"
        ? c.json({ access_token: "fake-access", token_type: "Bearer", expires_in: 3600 })
        : c.json({ error: "invalid_grant" }, 400);
    });
    fake.get("/userinfo", (c) =>
      c.req.header("authorization") === "Bearer fake-access" ? c.json({ sub: "g-123", email, email_verified: true, name: "G User" }) : c.json({}, 401),
    );
    const server = serve({ fetch: fake.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const o = await createTestApp({ GOOGLE_CLIENT_ID: "cid", GOOGLE_CLIENT_SECRET: "secret" });
    o.deps.oauthEndpoints = { google: { authorize: `${base}/authorize`, token: `${base}/token`, userInfo: `${base}/userinfo` } };
    // someone signed up with this address here before its owner (never confirmed it): they hold
    // a session and know the password they chose (pre-hijacking)
    const squatter = await (await o.json("POST", "/api/passport/signup", { email, password: "squatter's pass phrase", ...agree })).json();
    try {
      const login = await o.app.request("/login");
      expect(await login.text()).toContain('data-testid="oauth-google"');
      const start = await o.app.request("/auth/google?fallback=/profile");
      expect(start.status).toBe(302);
      const authorize = new URL(start.headers.get("location")!);
      expect(authorize.origin + authorize.pathname).toBe(`${base}/authorize`);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      const state = authorize.searchParams.get("state")!;
      const stateCookie = start.headers
        .getSetCookie()
        .find((c) => c.startsWith("oauth_state="))!
        .split(";")[0]!;

      const forged = await o.app.request(`/auth/google/callback?code=good-code&state=wrong`, { headers: { Cookie: stateCookie } });
      expect(forged.status).toBe(400);

      const cb = await o.app.request(`/auth/google/callback?code=good-code&state=${state}`, { headers: { Cookie: stateCookie } });
      expect(cb.status).toBe(302);
      expect(cb.headers.get("location")).toBe("/profile");
      expect(seenVerifier.length).toBeGreaterThan(40);
      const token = cookiesOf(cb).token!;
      const me = await (await o.app.request("/api/passport", { headers: bearer(token) })).json();
      expect(me.email).toBe(email);
      expect(me.isConfirmed).toBe(true);
      const [row] = await o.deps.db.select().from(users).where(eq(users.email, email));
      expect(me._id).toBe(row!.id);
      // the owner's sign-in through Google ends the squatter's session and password
      expect((await o.app.request("/api/passport", { headers: bearer(squatter.token) })).status).toBe(401);
      expect((await o.json("POST", "/api/passport/auth", { email, password: "squatter's pass phrase" })).status).toBe(401);
      expect(row!.passwordHash).toBeNull();
    } finally {
      await o.close();
      server.close();
    }
    expect(existing._id).toBeTruthy();
  });
});

describe("reCAPTCHA v3 against a local fake verifier", () => {
  it("refuses a sign-up without a passing token when a secret is set", async () => {
    const fake = new Hono();
    fake.post("/verify", async (c) => {
      const body = await c.req.parseBody();
      return c.json(body.response === "human" ? { success: true, score: 0.9 } : { success: true, score: 0.1 });
    });
    const server = serve({ fetch: fake.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify`;
    const o = await createTestApp({ RECAPTCHA_SECRET: "s", RECAPTCHA_SITE_KEY: "k", RECAPTCHA_VERIFY_URL: url });
    try {
      expect((await o.json("POST", "/api/passport/signup", { email: freshEmail(), ...agree })).status).toBe(400);
      const bot = await o.json("POST", "/api/passport/signup", { email: freshEmail(), ...agree, captcha: "bot" }, { locale: "en" });
      expect(bot.status).toBe(400);
      expect((await bot.json()).error.fields.captcha).toBe(translator("en")("auth.errors.captcha"));
      const page = await o.app.request("/signup?lang=en", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
        body: `_form=signup&email=${encodeURIComponent(freshEmail())}&policy=on&terms=on&offer=on&captcha=bot`,
      });
      expect(page.status).toBe(400); // the no-script form is checked the same way
      expect((await o.json("POST", "/api/passport/signup", { email: freshEmail(), ...agree, captcha: "human" })).status).toBe(201);
    } finally {
      await o.close();
      server.close();
    }
  });
});

describe("mail without SMTP", () => {
  it("writes messages to the outbox folder", async () => {
    const o = await createTestApp();
    try {
      const email = freshEmail();
      await o.json("POST", "/api/passport/signup", { email, ...agree });
      expect(lastMailTo(outbox(o.dir), email)?.text).toMatch(/\/confirm\//);
    } finally {
      await o.close();
    }
  });
});
