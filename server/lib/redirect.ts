// The one rule for following a `fallback` (or any "next") URL that came from the request: only
// our own pages, never an open redirect. Used by the guest guard, sign-in (password and OAuth)
// and the profile form.
import type { Context } from "hono";

/**
 * The path (with query and hash) to redirect to when `target` is one of our pages, else null.
 * The target is resolved as a URL against our origin and must keep that origin. On top of that
 * it must already be in the form the URL parser gives back: anything the parser had to rewrite
 * (backslashes, tabs, leading spaces, `http:evil.com`) could be read differently by a browser or
 * a proxy, so it is refused rather than repaired; so is a path that decodes to `//…`.
 */
export function safeRedirect(target: string | null | undefined, origin: string): string | null {
  if (!target) return null;
  const ours = new URL(origin).origin;
  let url: URL;
  try {
    url = new URL(target, ours);
  } catch {
    return null;
  }
  if (url.origin !== ours) return null;
  const path = url.pathname + url.search + url.hash;
  if (target !== path && target !== ours + path) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  // "/%2F%2Fevil.com" or "/%09/evil.com" become "//evil.com" to anything that decodes once more
  if (/^\/[/\\]|[\u0000-\u001f\u007f\\]/.test(decoded)) return null;
  return path;
}

/** The request's `?fallback=` when it points at one of our pages (our origin is PUBLIC_URL). */
export const fallbackOf = (c: Context, target = c.req.query("fallback")) => safeRedirect(target, c.get("deps").config.PUBLIC_URL);
