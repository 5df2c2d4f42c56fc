// A micro-cache for pages anonymous visitors see: the same HTML for the same URL and language
// for a few seconds. It turns a burst of landing-page traffic into one render per interval; a
// signed-in user, a form post or an error page is never cached.
export class PageCache {
  private entries = new Map<string, { html: string; expires: number }>();
  constructor(
    private ttlMs: number,
    private max = 500,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  get(key: string, now = Date.now()): string | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return null;
    }
    return hit.html;
  }

  set(key: string, html: string, now = Date.now()) {
    if (!this.enabled) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { html, expires: now + this.ttlMs });
  }

  clear() {
    this.entries.clear();
  }
}
