import { createMiddleware } from "hono/factory";
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

function securityHeaderList(config: Config): [string, string][] {
  const csp = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...captchaOrigins(config)],
    "frame-src": ["'self'", ...captchaOrigins(config)],
    // Inline style attributes carry the indicator bar widths; no inline script is ever allowed.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...captchaOrigins(config)],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'", ...checkoutOrigins(config)],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return [
    [
      "Content-Security-Policy",
      Object.entries(csp)
        .map(([k, v]) => `${k} ${v.join(" ")}`)
        .join("; "),
    ],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    // "no-referrer" would make browsers send `Origin: null` on our own form posts.
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "SAMEORIGIN"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
  ];
}

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The security headers, computed once at start-up (hono's secureHeaders rebuilds them on every
 * request). They are set before the handler, so a response made with c.json/c.html/c.body gets
 * them for free; a raw Response gets them afterwards. HSTS for one year, only when the request
 * reached us over HTTPS (directly, or via the trusted proxy).
 */
export const securityHeaders = (config: Config) => {
  const list = securityHeaderList(config);
  return createMiddleware(async (c, next) => {
    for (const [name, value] of list) c.header(name, value);
    // X-Forwarded-Proto is anyone's to send: believed only behind the proxy TRUST_PROXY names
    const forwarded = config.TRUST_PROXY !== "none" ? c.req.header("x-forwarded-proto") : undefined;
    const https = (forwarded ?? (c.req.url.startsWith("https:") ? "https" : "")) === "https";
    if (https) c.header("Strict-Transport-Security", HSTS);
    await next();
    const headers = c.res.headers;
    if (!headers.has("content-security-policy")) {
      for (const [name, value] of list) headers.set(name, value);
      if (https) headers.set("Strict-Transport-Security", HSTS);
    }
  });
};

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
  // a forwarded host is the proxy's word: believed only behind the proxy TRUST_PROXY names
  const forwarded = c.get("deps").config.TRUST_PROXY !== "none" ? c.req.header("x-forwarded-host") : undefined;
  const host = forwarded ?? c.req.header("host") ?? new URL(c.req.url).host;
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
