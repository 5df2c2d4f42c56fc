// HTML compression for pages. Hashed assets are precompressed by the build; pages are
// compressed here, in one synchronous call (cheaper than a CompressionStream for a page-sized
// body). Brotli at a low quality (4) keeps the per-request cost small; cached pages pay it once.
import type { Context } from "hono";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Small bodies are not worth compressing. */
const MIN_BYTES = 1024;

export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set((acceptEncoding ?? "").split(",").map((e) => e.split(";")[0]!.trim().toLowerCase()));
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

export function compressHtml(html: string, encoding: Encoding): Buffer {
  const raw = Buffer.from(html);
  if (encoding === "br") return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  if (encoding === "gzip") return gzipSync(raw, { level: 6 });
  return raw;
}

/** An HTML response, compressed as the client accepts; `body` lets a cached page reuse its bytes. */
export function sendHtml(c: Context, html: string, status: number, body?: (encoding: Encoding) => Buffer) {
  const wanted = preferredEncoding(c.req.header("accept-encoding"));
  // characters are a lower bound on bytes, and counting them costs nothing on the hot path
  const encoding = html.length < MIN_BYTES ? "identity" : wanted;
  const headers: Record<string, string> = { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-store", Vary: "Accept-Encoding" };
  if (encoding === "identity") return c.body(html, status as never, headers);
  const bytes = body ? body(encoding) : compressHtml(html, encoding);
  return c.body(bytes as unknown as ArrayBuffer, status as never, { ...headers, "Content-Encoding": encoding });
}
