// The security review's findings (issue 13), each performed as an attack through the app (or
// against the started server where it needs one) and shown to do no harm. Numbers are the
// findings' numbers in the issue.
import { serve, type ServerType } from "@hono/node-server";
import { and, count, eq } from "drizzle-orm";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, results, sessions, users } from "../../db/schema";
import { loadConfig } from "../../server/config";
import { createId } from "../../server/lib/ids";
import { MASQUERADE_MS } from "../../server/services/masquerade";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { signUp } from "../respondent";

const ADMIN = { email: "sec-admin@example.com", password: "manager-pass-phrase" };
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = { Authorization: `Bearer ${(await (await t.json("POST", "/api/passport/auth", ADMIN)).json()).token}` };
});
afterAll(() => t.close());

const resultsOf = async (userId: string) => (await t.deps.db.select({ n: count() }).from(results).where(eq(results.userId, userId)))[0]!.n;

describe("1. free purchases in production", () => {
  it("refuses to start in production with the sandbox unless it is asked for by name", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PAYMENT_SANDBOX=true/);
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_SANDBOX: "true" }).PAYMENT_PROVIDER).toBe("sandbox");
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "yookassa", YOOKASSA_SHOP_ID: "1", YOOKASSA_SECRET_KEY: "k" }).PAYMENT_PROVIDER).toBe("yookassa");
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

describe("6. GET calls that write", () => {
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
    for (let i = 0; i < 5; i++) tokens.add((await (await t.app.request("/api/business/masq-no-auth", { headers: { "X-Forwarded-For": `10.0.0.${i}` } })).json()).token);
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

describe("7. body limit on page posts", () => {
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

describe("13. masquerade", () => {
  it("refuses to act as another manager", async () => {
    const other = await signUp(t, "second-manager");
    await t.deps.db.update(users).set({ role: "admin" }).where(eq(users.id, other._id));
    const res = await t.app.request(`/api/manager/user/${other._id}/masq`, { method: "POST", headers: admin });
    expect(res.status).toBe(403);
    expect(cookiesOf(res).masqToken).toBeUndefined();
  });

  it("ends a masquerade after one hour, however busy it is", async () => {
    const target = await signUp(t, "masq-target");
    const { token } = await (await t.app.request(`/api/manager/user/${target._id}/masq`, { method: "POST", headers: admin })).json();
    const [row] = await t.deps.db.select().from(sessions).where(and(eq(sessions.userId, target._id), eq(sessions.kind, "masq")));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(MASQUERADE_MS);
    expect((await t.app.request("/api/passport", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    // an hour later (moved back in the database), the same token is refused and not extended
    await t.deps.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(sessions.id, row!.id));
    expect((await t.app.request("/api/passport", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
