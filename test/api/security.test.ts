// Attacks on payments, sign-in, GET links, page posts, invoices, logs, masquerade, invites and coupons,
// each performed through the app (or against the started server where it needs one) and shown to do
// no harm.
import { serve, type ServerType } from "@hono/node-server";
import { and, count, eq } from "drizzle-orm";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, invites, orders, rateLimits, results, sessions, users } from "../../db/schema";
import { loadConfig } from "../../server/config";
import { createId } from "../../server/lib/ids";
import { MASQUERADE_MS } from "../../server/services/masquerade";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { businessProject, MANAGER_ENV, signInManager } from "../fixtures";
import { signUp } from "../respondent";

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp(MANAGER_ENV);
  admin = (await signInManager(t)).h;
});
afterAll(() => t.close());

const resultsOf = async (userId: string) => (await t.deps.db.select({ n: count() }).from(results).where(eq(results.userId, userId)))[0]!.n;

describe("free purchases in production", () => {
  it("refuses to start in production with the sandbox unless it is asked for by name", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PAYMENT_SANDBOX=true/);
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_SANDBOX: "true" }).PAYMENT_PROVIDER).toBe("sandbox");
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "yookassa", YOOKASSA_SHOP_ID: "1", YOOKASSA_SECRET_KEY: "k" }).PAYMENT_PROVIDER).toBe(
      "yookassa",
    );
    expect(loadConfig({ NODE_ENV: "development" }).PAYMENT_PROVIDER).toBe("sandbox");
  });

  it("says loudly on the sandbox page that the payment is not real", async () => {
    const buyer = await signUp(t, "sandbox");
    const { redirect } = await (await t.json("POST", "/api/payment", { entityType: "report" }, buyer.h)).json();
    const page = await (await t.app.request(redirect, { headers: { Cookie: `token=${buyer.token}` } })).text();
    expect(page).toContain('data-testid="sandbox-banner"');
    expect(page).toContain('role="alert"');
  });
});

describe("pre-hijacking the admin's address", () => {
  it("ends a squatter's sessions when ADMIN_EMAIL promotes their account, and gives manager rights only once the address is confirmed", async () => {
    const email = `future-admin-${Date.now()}@example.com`;
    const squatter = await (
      await t.json("POST", "/api/passport/signup", { email, password: "squatter's pass phrase", policy: true, terms: true, offer: true })
    ).json();
    const { seed } = await import("../../db/seed");
    await seed(t.deps.db, { adminEmail: email, adminPassword: "the operator's pass phrase", demo: false });
    expect((await t.app.request("/api/passport", { headers: { Authorization: `Bearer ${squatter.token}` } })).status).toBe(401);
    expect((await t.json("POST", "/api/passport/auth", { email, password: "squatter's pass phrase" })).status).toBe(401);
    const operator = {
      Authorization: `Bearer ${(await (await t.json("POST", "/api/passport/auth", { email, password: "the operator's pass phrase" })).json()).token}`,
    };
    const target = await signUp(t, "some-user");
    // not a manager until the mailbox is proven
    expect((await t.app.request(`/api/manager/referral/${createId()}/stat`, { headers: operator })).status).toBe(403);
    await t.deps.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
    expect(
      (
        await t.app.request(`/api/manager/user/${target._id}/masq`, {
          method: "POST",
          headers: { ...operator, "Content-Type": "application/json" },
          body: '{"reason":"test"}',
        })
      ).status,
    ).toBe(200);
  });
});

describe("GET calls that write", () => {
  it("does not start a retake from a cross-site link carrying only the cookie", async () => {
    const u = await signUp(t, "retake");
    const before = await resultsOf(u._id);
    const viaCookie = await t.app.request("/api/order/reset_result", { headers: { Cookie: `token=${u.token}` } });
    expect(viaCookie.status).toBe(401);
    expect(await resultsOf(u._id)).toBe(before);
    const viaHeader = await t.app.request("/api/order/reset_result", { headers: u.h });
    expect(viaHeader.status).toBe(200);
    expect(await resultsOf(u._id)).toBe(before + 1);
  });

  it("creates no result when the test pages are opened by GET; the start button (a POST) does", async () => {
    const u = await signUp(t, "pages");
    const cookie = { Cookie: `token=${u.token}` };
    const testing = await t.app.request("/testing", { headers: cookie });
    expect(testing.status).toBe(302);
    expect(testing.headers.get("location")).toBe("/test/start");
    expect((await t.app.request("/test/tests/1", { headers: cookie })).status).toBe(200);
    expect(await resultsOf(u._id)).toBe(0);
    const start = await t.app.request("/test/start", {
      method: "POST",
      headers: { ...cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: "_form=begin",
    });
    expect(start.headers.get("location")).toBe("/testing");
    expect(await resultsOf(u._id)).toBe(1);
    expect((await t.app.request("/testing", { headers: cookie })).status).toBe(200);
  });

  it("gives every demo visitor the one shared demo session instead of a new row each", async () => {
    const demoSessions = async () => (await t.deps.db.select({ n: count() }).from(sessions).where(eq(sessions.kind, "demo")))[0]!.n;
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++)
      tokens.add((await (await t.app.request("/api/business/masq-no-auth", { headers: { "X-Forwarded-For": `10.0.0.${i}` } })).json()).token);
    expect(tokens.size).toBe(1);
    expect(await demoSessions()).toBe(1);
  });

  it("does not switch a signed-in visitor to the demo from a link on another site", async () => {
    const cross = await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(cross.status).toBe(200);
    expect(cookiesOf(cross).masqDemoToken).toBeUndefined();
    const noHeaders = await t.app.request("/api/business/masq-no-auth", { headers: { Referer: "https://evil.example/" } });
    expect(cookiesOf(noHeaders).masqDemoToken).toBeUndefined();
    const ours = await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(cookiesOf(ours).masqDemoToken).toBeTruthy();
  });

  it("mails the managers about a business order once, however often the notice is called", async () => {
    const owner = await signUp(t, "notice");
    const order = createId();
    await t.deps.db.insert(orders).values({ id: order, userId: owner._id, entityType: "invites", quantity: 5, amount: 450_000, method: "invoice" });
    const sent: string[] = [];
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async (m) => void sent.push(m.subject);
    try {
      const calls = await Promise.all(Array.from({ length: 4 }, () => t.app.request(`/api/notify/order-business?order=${order}`, { headers: owner.h })));
      expect(calls.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect((await t.app.request(`/api/notify/order-business?order=${order}`, { headers: { Cookie: `token=${owner.token}` } })).status).toBe(401);
    } finally {
      t.deps.mailer.send = send;
    }
    expect(sent).toHaveLength(1);
  });
});

describe("body limit on page posts", () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("refuses a 5 MB multipart post to a page with 413 without reading it", async () => {
    const boundary = "x".repeat(20);
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${"a".repeat(5 * 1024 * 1024)}\r\n--${boundary}--\r\n`;
    const res = await t.app.request("/", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(body.length), Origin: "http://localhost" },
      body,
    });
    expect(res.status).toBe(413);
  });

  it("closes the connection after a 413 so the client's next request goes on a fresh one and succeeds", async () => {
    const agent = new (await import("node:http")).Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, method: string, body?: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port, path, method, agent, headers }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
        });
        req.on("error", reject);
        if (body) req.write(body);
        req.end();
      });
    const big = "a".repeat(2 * 1024 * 1024);
    const refused = await send("/api/passport/signup", "POST", big, { "Content-Type": "application/json", "Content-Length": String(big.length) });
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe("close");
    const next = await send("/api/total", "GET");
    expect(next.status).toBe(200);
    agent.destroy();
  });
});

describe("invoices without the seller's details", () => {
  it("refuses to issue an invoice until a manager has filled in valid seller details", async () => {
    const owner = await signUp(t, "invoice");
    const project = (await businessProject(t, { owner: owner, name: "Invoice Co" })).id;
    const ask = () =>
      t.json(
        "POST",
        "/api/business/refill",
        { project, quantity: 5, method: "invoice", company: "Invoice Co LLC", inn: "7701234567" },
        { ...owner.h, locale: "en" },
      );
    const refused = await ask();
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toMatch(/seller's details/);
    const bad = await t.json("PUT", "/api/manager/setting/seller", { name: "X", inn: "12" }, admin);
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(expect.arrayContaining(["inn", "kpp", "bik", "account"]));
    expect((await t.json("PUT", "/api/manager/setting/seller", { name: "X" }, owner.h)).status).toBe(403);
    const seller = {
      name: "ООО «Ромашка»",
      inn: "7701234567",
      kpp: "770101001",
      ogrn: "1207700123456",
      address: "Москва, ул. Тверская, 1",
      bank: "АО «Банк»",
      bik: "044525123",
      account: "40702810900000012345",
      corrAccount: "30101810400000000123",
    };
    expect((await t.json("PUT", "/api/manager/setting/seller", seller, admin)).status).toBe(200);
    expect((await ask()).status).toBe(201);
  });
});

describe("links in the log", () => {
  it("never prints e-mailed links (confirmation, password) to the log in production", async () => {
    const { createMailer } = await import("../../server/services/mail");
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "tf-mail-"));
    const logged: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void logged.push(args.join(" "));
    try {
      const message = { to: "a@example.com", subject: "Set your password", text: "Follow https://example.com/restore?token=secret123" };
      await createMailer({ NODE_ENV: "production", OUTBOX_DIR: dir, MAIL_FROM: "x@example.com", SMTP_URL: undefined }).send(message);
      await createMailer({ NODE_ENV: "development", OUTBOX_DIR: dir, MAIL_FROM: "x@example.com", SMTP_URL: undefined }).send(message);
    } finally {
      console.log = log;
      rmSync(dir, { recursive: true, force: true });
    }
    expect(logged[0]).not.toContain("secret123");
    expect(logged[1]).toContain("secret123"); // a newcomer's machine still shows them
  });
});

describe("masquerade", () => {
  it("refuses to act as another manager", async () => {
    const other = await signUp(t, "second-manager");
    await t.deps.db.update(users).set({ role: "admin" }).where(eq(users.id, other._id));
    const res = await t.app.request(`/api/manager/user/${other._id}/masq`, {
      method: "POST",
      headers: { ...admin, "Content-Type": "application/json" },
      body: '{"reason":"test"}',
    });
    expect(res.status).toBe(403);
    expect(cookiesOf(res).masqToken).toBeUndefined();
  });

  it("ends a masquerade after one hour, however busy it is", async () => {
    const target = await signUp(t, "masq-target");
    const { token } = await (
      await t.app.request(`/api/manager/user/${target._id}/masq`, {
        method: "POST",
        headers: { ...admin, "Content-Type": "application/json" },
        body: '{"reason":"test"}',
      })
    ).json();
    const [row] = await t.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, target._id), eq(sessions.kind, "masq")));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(MASQUERADE_MS);
    expect((await t.app.request("/api/passport", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    // an hour later (moved back in the database), the same token is refused and not extended
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, row!.id));
    expect((await t.app.request("/api/passport", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

describe("invites taken by an unconfirmed address", () => {
  let project: string;
  beforeAll(async () => {
    const owner = await signUp(t, "inviter");
    project = (await businessProject(t, { owner: owner, name: "Inviter Co" })).id;
  });
  const invite = async (email: string | null) => {
    const id = createId();
    await t.deps.db.insert(invites).values({ id, projectId: project, email, link: `link-${id}`, status: "Sent" });
    return { id, link: `link-${id}` };
  };
  const holder = async (id: string) => (await t.deps.db.select().from(invites).where(eq(invites.id, id)))[0]!.userId;

  it("shows and gives an e-mail invite only to an account that has confirmed that address", async () => {
    const squatter = await signUp(t, "squatter"); // signed up with the address, never confirmed it
    const { id } = await invite(squatter.email);
    expect((await (await t.app.request("/api/passport/invites", { headers: squatter.h })).json()).docs).toEqual([]);
    expect((await t.app.request(`/api/passport/invites/${id}`, { method: "POST", headers: squatter.h })).status).toBe(404);
    expect(await holder(id)).toBeNull();
    // once the owner of the mailbox confirms it, the invite is theirs to take
    await t.deps.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, squatter._id));
    expect((await t.app.request(`/api/passport/invites/${id}`, { method: "POST", headers: squatter.h })).status).toBe(200);
    expect(await holder(id)).toBe(squatter._id);
  });

  it("never hands an accepted invite to someone else holding its link", async () => {
    const { id, link } = await invite(null);
    const first = await (
      await t.json("POST", "/api/passport/signup", { email: `first-${Date.now()}@example.com`, invite: link, policy: true, terms: true, offer: true })
    ).json();
    expect(await holder(id)).toBe(first._id);
    const second = await (
      await t.json("POST", "/api/passport/signup", { email: `second-${Date.now()}@example.com`, invite: link, policy: true, terms: true, offer: true })
    ).json();
    expect(second._id).toBeTruthy();
    expect(await holder(id)).toBe(first._id);
  });
});

describe("coupon limits", () => {
  const newCoupon = async (body: Record<string, unknown>) => {
    const code = `SEC-${createId()}`;
    expect((await t.json("POST", "/api/manager/coupon", { code, ...body }, admin)).status).toBe(201);
    return code;
  };
  const checkout = (h: Record<string, string>, coupon: string) => t.json("POST", "/api/payment", { entityType: "report", coupon }, h);

  it("gives a coupon of count 1 to one discounted order, and back when that order fails", async () => {
    const code = await newCoupon({ type: "percent", amount: 50, count: 1 });
    const [a, b, c] = [await signUp(t, "half-a"), await signUp(t, "half-b"), await signUp(t, "half-c")];
    const first = await checkout(a.h, code);
    expect(first.status).toBe(201);
    expect((await checkout(b.h, code)).status).toBe(404);
    expect((await checkout(c.h, code)).status).toBe(404);
    // the first buyer declines: the use is free again for the next one
    const { redirect } = await first.json();
    await t.app.request(redirect, {
      method: "POST",
      headers: { Cookie: `token=${a.token}`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: "decision=fail",
    });
    const again = await checkout(b.h, code);
    expect(again.status).toBe(201);
    const discounted = await t.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.couponId, (await t.deps.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.id), eq(orders.state, "pending")));
    expect(discounted).toHaveLength(1);
  });

  it("keeps one open order per product: a new checkout replaces the unfinished one and frees its coupon", async () => {
    const code = await newCoupon({ type: "percent", amount: 20, count: 1 });
    const u = await signUp(t, "twice");
    const one = await (await checkout(u.h, code)).json();
    const two = await checkout(u.h, code);
    expect(two.status).toBe(201);
    const open = await t.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, u._id), eq(orders.state, "pending")));
    expect(open.map((o) => o.id)).toEqual([(await two.json()).order]);
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, one.order)))[0]!.state).toBe("cancelled");
  });
});

describe("abuse limits", () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ TRUST_PROXY: "1", ...MANAGER_ENV });
  });
  afterAll(() => p.close());
  const from = (ip: string, h: Record<string, string> = {}) => ({ "X-Forwarded-For": ip, ...h });

  it("limits sign-ups per address, in the database", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await p.json(
            "POST",
            "/api/passport/signup",
            { email: `burst${i}-${Date.now()}@example.com`, policy: true, terms: true, offer: true },
            from("203.0.113.7"),
          )
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(
      (await p.json("POST", "/api/passport/signup", { email: `other-${Date.now()}@example.com`, policy: true, terms: true, offer: true }, from("203.0.113.8")))
        .status,
    ).toBe(201);
    expect((await p.deps.db.select().from(rateLimits)).some((r) => r.key === "signup:203.0.113.7")).toBe(true);
  });

  it("limits lead forms (each mails the managers) per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await p.json("POST", "/api/webinar/user", { name: "Spam", email: `spam${i}@example.com` }, from("198.51.100.1"))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("limits coupon guesses per account, right or wrong", async () => {
    const guesser = await signUp(p, "guesser");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await p.json("POST", "/api/coupon", { code: `GUESS-${i}` }, guesser.h)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("does not let failures from other addresses keep the owner out", async () => {
    const owner = { email: `owner-${Date.now()}@example.com`, password: "the owner's long phrase" };
    expect((await p.json("POST", "/api/passport/signup", { ...owner, policy: true, terms: true, offer: true }, from("192.0.2.1"))).status).toBe(201);
    for (let i = 0; i < 12; i++) {
      expect((await p.json("POST", "/api/passport/auth", { email: owner.email, password: `guess-${i}` }, from(`10.1.0.${i}`))).status).toBe(401);
    }
    expect((await p.json("POST", "/api/passport/auth", owner, from("192.0.2.1"))).status).toBe(200);
  });

  it("makes one address wait after five wrong passwords for one account, and ignores a forged X-Forwarded-For without a trusted proxy", async () => {
    const email = `pair-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.json("POST", "/api/passport/auth", { email, password: "wrong-pass-phrase" }, { "X-Forwarded-For": `172.16.0.${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
