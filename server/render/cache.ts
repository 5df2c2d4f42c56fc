// A micro-cache for pages anonymous visitors see: the same HTML for the same URL and language
// for a few seconds. It turns a burst of landing-page traffic into one render per interval; a
// signed-in user, a form post or an error page is never cached. An entry also keeps its
// compressed bodies, so a burst pays for compression once too.
import { setOldestOut } from "../lib/bounded-map";
import { compressHtml, type Encoding } from "./compress";

export class CachedPage {
  private encoded = new Map<Encoding, Buffer>();
  constructor(
    readonly html: string,
    readonly expires: number,
  ) {}

  body(encoding: Encoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) this.encoded.set(encoding, (body = compressHtml(this.html, encoding, "once")));
    return body;
  }
}

export class PageCache {
  private entries = new Map<string, CachedPage>();
  constructor(
    private ttlMs: number,
    private max = 500,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  get(key: string, now = Date.now()): CachedPage | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return null;
    }
    return hit;
  }

  set(key: string, html: string, now = Date.now()): CachedPage {
    const page = new CachedPage(html, now + this.ttlMs);
    if (!this.enabled) return page;
    return setOldestOut(this.entries, key, page, this.max);
  }

  clear() {
    this.entries.clear();
  }
}
