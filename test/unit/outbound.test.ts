// Which addresses a webhook may never reach, and the Standard Webhooks signature against the
// `standardwebhooks` package's own verifier.
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { isPrivateAddress, postOutbound } from "../../server/lib/outbound";
import { newWebhookSecret, webhookHeaders } from "../../server/lib/webhook-signature";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.5",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "not an address",
  ])("refuses %s", (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(["8.8.8.8", "93.184.216.34", "172.32.0.1", "2606:4700:4700::1111"])("lets %s through", (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe("postOutbound", () => {
  const opts = { allowPrivate: false, timeoutMs: 1000, maxBytes: 100 };
  it("refuses plain http and a literal private address before connecting", async () => {
    await expect(postOutbound("http://example.com/x", "{}", {}, opts)).rejects.toThrow("only https");
    await expect(postOutbound("https://127.0.0.1:1/x", "{}", {}, opts)).rejects.toThrow("private address");
    await expect(postOutbound("https://[::ffff:a00:1]/x", "{}", {}, opts)).rejects.toThrow("private address");
  });
});

describe("webhook signature", () => {
  it("is what the standardwebhooks verifier accepts, and a changed body or secret is not", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: "test.completed", data: { projectId: "p" } });
    const headers = webhookHeaders(secret, "msg_1", body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace("p", "q"), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
