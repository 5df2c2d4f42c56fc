// Integrations in a real browser: the owner makes an API token (shown once, then only its hint),
// registers a webhook endpoint (a local receiver, allowed on loopback by the test setting), sends a
// test event and sees its answer on the deliveries page, sends it again, and revokes the token; a
// refused address comes back with its field message. Screenshots at 360 and 1280 px in ru and en
// with SHOTS=<folder>.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessProject, type ProjectFixture, user } from "../fixtures";
import { shot, e2eApp } from "./browser";

const e = e2eApp({ WEBHOOK_ALLOW_PRIVATE: "true" });
let p: ProjectFixture;
let receiver: Server;
let hookUrl: string;
const received: string[] = [];

beforeAll(async () => {
  p = await businessProject(e.t, { owner: await user(e.t, { confirmed: true, name: "Olga Owner" }), name: "Northwind" });
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push(body);
      res.writeHead(200).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ats/hooks`;
}, 120_000);
afterAll(() => new Promise((r) => receiver?.close(r)));

const ownerPage = (width: number, lang: "ru" | "en") => e.open({ token: p.owner.token, lang, width });

describe("integrations in the cabinet", () => {
  it("makes a token, registers an endpoint, sends a test event, sends it again, revokes the token", async () => {
    const { close, page } = await ownerPage(1280, "en");
    await page.goto(`${e.base}/business/integrations`);
    await page.fill("#token-name", "Greenhouse");
    await page.check('input[name="scope:people:read"]');
    await page.check('input[name="scope:invites:write"]');
    await page.click('[data-testid="form-token"] button[type="submit"]');
    const token = (await page.textContent('[data-testid="token-value"]'))!.trim();
    expect(token).toMatch(/^tf_/);
    // the token works on the API at once
    const res = await fetch(`${e.base}/api/business/invites`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    // shown once: a fresh load shows the hint only
    await page.goto(`${e.base}/business/integrations`);
    expect(await page.content()).not.toContain(token);
    expect(await page.textContent('[data-testid="token-row"]')).toContain(token.slice(0, 9));
    // an endpoint without events: the field's message, the address kept
    await page.fill("#webhook-url", hookUrl);
    await page.click('[data-testid="form-webhook"] button[type="submit"]');
    expect(await page.textContent("#event-error")).toBe("Choose at least one event.");
    expect(await page.inputValue("#webhook-url")).toBe(hookUrl);
    await page.check('input[name="event:candidate.completed"]');
    await page.click('[data-testid="form-webhook"] button[type="submit"]');
    await page.waitForURL(/\/business\/integrations\/webhooks\/[0-9a-f]{24}/);
    await page.click('[data-testid="send-test"]');
    await page.waitForSelector('[data-testid="delivery"]');
    expect(await page.textContent('[data-testid="delivery"]')).toContain("Delivered");
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!).type).toBe("webhook.test");
    await shot(page, "integrations-endpoint-en-1280");
    await page.click('[data-testid="delivery"] button');
    await page.waitForSelector('[data-testid="notice"]');
    expect(received).toHaveLength(2);
    // revoke: the API refuses the token from then on
    await page.goto(`${e.base}/business/integrations`);
    await page.click('[data-testid="confirm-revoke"] summary');
    await page.click('[data-testid="confirm-revoke-submit"]');
    await page.waitForSelector('[data-testid="notice"]');
    expect((await fetch(`${e.base}/api/business/invites`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    await close();
  }, 60_000);

  it("screenshots the pages at 360 and 1280 px in ru and en, with nothing wider than the screen", async () => {
    const endpoint = (await e.t.json("GET", "/api/business/integrations/webhooks", undefined, p.h).then((r) => r.json())) as { docs: { _id: string }[] };
    for (const lang of ["ru", "en"] as const)
      for (const width of [360, 1280]) {
        const { close, page } = await ownerPage(width, lang);
        for (const [name, path] of [
          ["integrations", "/business/integrations"],
          ["endpoint", `/business/integrations/webhooks/${endpoint.docs[0]!._id}`],
          ["reference", "/api/reference"],
        ] as const) {
          await page.goto(`${e.base}${path}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} ${lang} ${width}`).toBeLessThanOrEqual(0);
          await shot(page, `integrations-${name}-${lang}-${width}`);
        }
        await close();
      }
  }, 120_000);
});
