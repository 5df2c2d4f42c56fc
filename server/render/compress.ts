// HTML compression for pages. Hashed assets are precompressed by the build; pages are
// compressed here, in one synchronous call (cheaper than a CompressionStream for a page-sized
// body). How hard depends on how often: a cached page is compressed once per cache interval, so
// it gets brotli at quality 8 (a 30 KB page: 0.6 ms, 6.0 KB); a page made for one request gets
// gzip at level 3 (90 µs, 7.3 KB), where brotli 4 took 220 µs for 6.8 KB: a fifth of a signed-in
// report page's time for 500 bytes.
import type { Context } from "hono";
import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from "node:zlib";
import { setOldestOut } from "../lib/bounded-map";
import type { Fragment, RenderedPage } from "./page";

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

/** The fixed start of a gzip member (RFC 1952): magic, deflate, no flags, no time, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** Ends a raw deflate stream whose last piece ended in a sync flush: an empty final block. */
const DEFLATE_END = Buffer.from([3, 0]);

/**
 * The text between a page's fragments mostly repeats from request to request (the document's head,
 * `<main>`, the footer's last line): each distinct piece up to 4 KB is kept with its compressed bytes,
 * like a fragment, so a page whose text all repeats costs no compression at all. Compressing a piece
 * took 7–12 µs however small, and a report page has four.
 */
const textPieces = new Map<string, Fragment>();
const TEXT_PIECES_MAX = 1000;
const TEXT_PIECE_MAX_LENGTH = 4096;

function textPiece(text: string): Fragment {
  if (text.length > TEXT_PIECE_MAX_LENGTH) return { html: text };
  return textPieces.get(text) ?? setOldestOut(textPieces, text, { html: text }, TEXT_PIECES_MAX);
}

/**
 * A page as gzip, its kept fragments (server/render/page.tsx KeptMarkup) spliced in already
 * compressed, as pigz does for parallel blocks: each piece is a raw deflate ending in a sync flush
 * (byte-aligned, not final), compressed with no reference to what comes before it, so the pieces
 * concatenate into one valid stream, which an empty final block ends. The checksum runs over every
 * byte, which costs a fraction of compressing them. Fragments are compressed once (level 9); the
 * text around them once per distinct piece (level 3: a piece may be seen only once).
 */
export function gzipParts(parts: RenderedPage["parts"]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    const piece = typeof part === "string" ? textPiece(part) : part;
    const bytes = (piece.bytes ??= Buffer.from(piece.html));
    crc = crc32(bytes, crc);
    size += bytes.length;
    chunks.push((piece.deflated ??= deflateRawSync(bytes, { level: typeof part === "string" ? 3 : 9, finishFlush: constants.Z_SYNC_FLUSH })));
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(DEFLATE_END, trailer);
  return Buffer.concat(chunks);
}

/** How a response's compressed body is made when not by compressHtml: bytes kept for many responses
 * (`once`: a micro-cached page), or a page of pieces compressed apart (`perRequest`: gzipParts). */
export interface Compressed {
  effort: Effort;
  as: (encoding: Encoding) => Buffer;
}

/** A rendered page's response body: its fragments spliced in when gzipped. */
export const pageBody = (page: RenderedPage): Compressed | undefined =>
  page.parts.length > 1
    ? { effort: "perRequest", as: (encoding) => (encoding === "gzip" ? gzipParts(page.parts) : compressHtml(page.html, encoding, "perRequest")) }
    : undefined;

/** An HTML response, compressed as the client accepts; `compressed` when its bytes are made otherwise. */
export function sendHtml(c: Context, html: string, status: number, compressed?: Compressed) {
  const wanted = preferredEncoding(c.req.header("accept-encoding"), compressed?.effort ?? "perRequest");
  // characters are a lower bound on bytes, and counting them costs nothing on the hot path
  const encoding = html.length < MIN_BYTES ? "identity" : wanted;
  const headers: Record<string, string> = { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-store", Vary: "Accept-Encoding" };
  if (encoding === "identity") return c.body(html, status as never, headers);
  const bytes = compressed ? compressed.as(encoding) : compressHtml(html, encoding, "perRequest");
  return c.body(bytes as unknown as ArrayBuffer, status as never, { ...headers, "Content-Encoding": encoding });
}
