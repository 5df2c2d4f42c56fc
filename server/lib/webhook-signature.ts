// The Standard Webhooks signing scheme (standardwebhooks.com): a `whsec_` secret of random bytes in
// base64; each delivery carries webhook-id, webhook-timestamp (Unix seconds) and webhook-signature
// `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. A few lines of node:crypto; the tests check them
// against the `standardwebhooks` package's own verifier.
import { createHmac, randomBytes } from "node:crypto";

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The three headers of a signed delivery. */
export function webhookHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signWebhook(secret, id, timestamp, body) };
}
