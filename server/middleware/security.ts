import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { AppError } from "../lib/errors";
import type { Config } from "../config";
import type { AppEnv } from "../context";
import { checkoutOrigins } from "../services/payments/providers";

/** CSP and friends. A checkout form redirects to the payment provider, so its origin joins form-action. */
/** With reCAPTCHA on, Google's script (and the frame and calls it makes) join the policy; off, nothing does. */
function captchaOrigins(config: Config): string[] {
  if (!config.RECAPTCHA_SITE_KEY) return [];
  const script = new URL(config.RECAPTCHA_SCRIPT_URL).origin;
  return script === "https://www.google.com" ? [script, "https://www.gstatic.com"] : [script];
}

export const securityHeaders = (config: Config) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...captchaOrigins(config)],
      frameSrc: ["'self'", ...captchaOrigins(config)],
      // Inline style attributes carry the indicator bar widths; no inline script is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...captchaOrigins(config)],
      frameAncestors: ["'none'"],
      formAction: ["'self'", ...checkoutOrigins(config)],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: false, // set below, only over HTTPS
    // "no-referrer" would make browsers send `Origin: null` on our own form posts.
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
  });

/** HSTS for one year, only when the request reached us over HTTPS (directly or via the proxy). */
export const hsts = createMiddleware(async (c, next) => {
  await next();
  const proto = c.req.header("x-forwarded-proto") ?? new URL(c.req.url).protocol.replace(":", "");
  if (proto === "https") c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
});

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a state-changing request must be JSON (a cross-site page
 * can't send that without a CORS preflight we never grant) or a form posted from our own origin.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const origin = c.req.header("origin");
  const host = c.req.header("x-forwarded-host") ?? new URL(c.req.url).host;
  const sameOrigin = !origin || (host != null && safeHost(origin) === host);
  if (type === "application/json") return next();
  if (!sameOrigin) throw new AppError(403, "cross_site", "errors.crossSite");
  if (type === "" || FORM_TYPES.includes(type)) return next();
  throw new AppError(415, "unsupported_media_type", "errors.mediaType");
});

function safeHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
