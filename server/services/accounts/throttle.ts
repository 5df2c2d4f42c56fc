// Failed sign-ins are counted per e-mail and per IP (the restore form uses the e-mail counter too).
import { tooMany } from "../../lib/errors";
import { Throttle } from "../../lib/throttle";

export const byEmail = new Throttle(5, 15 * 60_000);
export const byIp = new Throttle(30, 15 * 60_000);

export function checkThrottle(email: string, ip: string | null) {
  const wait = Math.max(byEmail.retryAfter(email), ip ? byIp.retryAfter(ip) : 0);
  if (wait > 0) throw tooMany(wait);
}

/** For tests: forget all failure counts. */
export function resetLoginThrottle() {
  (byEmail as unknown as { hits: Map<string, unknown> }).hits.clear();
  (byIp as unknown as { hits: Map<string, unknown> }).hits.clear();
}
