// HTML compression for pages. Hashed assets are precompressed by the build; pages are
// compressed here, in one synchronous call (cheaper than a CompressionStream for a page-sized
// body). How hard depends on how often: a cached page is compressed once per cache interval, so
// it gets brotli at quality 8 (a 30 KB page: 0.6 ms, 6.0 KB); a page made for one request gets
// gzip at level 3 (90 µs, 7.3 KB), where brotli 4 took 220 µs for 6.8 KB: a fifth of a signed-in
// report page's time for 500 bytes.
import type { Context } from "hono";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Small bodies are not worth compressing. */
const MIN_BYTES = 1024;

/** `once`: the bytes are kept and served many times; `perRequest`: made for one response. */
export type Effort = "once" | "perRequest";

export function preferredEncoding(acceptEncoding: string | undefined, effort: Effort): Encoding {
  const accepted = new Set((acceptEncoding ?? "").split(",").map((e) => e.split(";")[0]!.trim().toLowerCase()));
  const order: Encoding[] = effort === "once" ? ["br", "gzip"] : ["gzip", "br"];
  return order.find((e) => accepted.has(e)) ?? "identity";
}

export function compressHtml(html: string, encoding: Encoding, effort: Effort): Buffer {
  const raw = Buffer.from(html);
  if (encoding === "br") {
    return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: effort === "once" ? 8 : 3, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  }
  if (encoding === "gzip") return gzipSync(raw, { level: effort === "once" ? 9 : 3 });
  return raw;
}

/** An HTML response, compressed as the client accepts; `body` lets a cached page reuse its bytes. */
export function sendHtml(c: Context, html: string, status: number, body?: (encoding: Encoding) => Buffer) {
  const wanted = preferredEncoding(c.req.header("accept-encoding"), body ? "once" : "perRequest");
  // characters are a lower bound on bytes, and counting them costs nothing on the hot path
  const encoding = html.length < MIN_BYTES ? "identity" : wanted;
  const headers: Record<string, string> = { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-store", Vary: "Accept-Encoding" };
  if (encoding === "identity") return c.body(html, status as never, headers);
  const bytes = body ? body(encoding) : compressHtml(html, encoding, "perRequest");
  return c.body(bytes as unknown as ArrayBuffer, status as never, { ...headers, "Content-Encoding": encoding });
}
