import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createApp } from "../../app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSetting } from "../../server/services/setting-store";
import { guard } from "../../server/middleware/guards";
import { createTestApp, type TestApp } from "../helpers";
import { signUp } from "../respondent";
import { manifest } from "../../server/render/assets";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("pages and the shell", () => {
  it("serves the landing page in Russian by default and in English on request", async () => {
    const ru = await t.app.request("/");
    expect(ru.status).toBe(200);
    const ruHtml = await ru.text();
    expect(ruHtml).toContain('<html lang="ru">');
    expect(ruHtml).toContain("Узнайте, как устроено ваше мышление");
    const en = await t.app.request("/?lang=en");
    const enHtml = await en.text();
    expect(enHtml).toContain('<html lang="en">');
    expect(enHtml).toContain("Discover how your mind works");
  });

  it("offers the sign-up form to visitors and, to someone signed in, their next step instead", async () => {
    const visitor = await (await t.app.request("/")).text();
    expect(visitor).toContain('data-island="signup-form"');
    const bob = await signUp(t, "landing-signed-in");
    const signedIn = await (await t.app.request("/?lang=en", { headers: { Cookie: `token=${bob.token}` } })).text();
    expect(signedIn).not.toContain('data-island="signup-form"');
    expect(signedIn).toContain(`Signed in as ${bob.email}.`);
    expect(signedIn).toMatch(/<a href="\/test\/start" class="btn-primary w-full" data-testid="signed-in-next">Take the test<\/a>/);
    // the visitors' cached landing is theirs only
    expect(await (await t.app.request("/")).text()).toContain('data-island="signup-form"');
  });

  it("remembers ?lang in the i18n_locale cookie for 365 days", async () => {
    const res = await t.app.request("/?lang=en");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("i18n_locale="));
    expect(cookie).toMatch(/i18n_locale=en/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    const again = await t.app.request("/", { headers: { Cookie: "i18n_locale=en" } });
    expect(await again.text()).toContain('<html lang="en">');
  });

  it("shows the counter, five FAQ answers, the 12 teaser blocks and the reviews on the landing", async () => {
    const html = await (await t.app.request("/?lang=en")).text();
    const total = (await (await t.app.request("/api/total")).json()).total as number;
    expect(html).toContain(`data-total="${total}"`);
    expect(html).toContain(total.toLocaleString("en-US"));
    expect(html.match(/<details class="card group p-0">/g)).toHaveLength(5);
    for (const title of ["Ideal social role", "Superpower", "Family and children"]) expect(html).toContain(title);
    expect(html).toContain("Show all reviews");
  });

  it("ships the island loader and only the islands on the page, with escaped JSON props", async () => {
    const html = await (await t.app.request("/")).text();
    expect(html).toMatch(/<script type="module" src="\/build\/boot-[A-Z0-9]+\.js"><\/script>/);
    expect(html).toMatch(/<tf-island data-island="signup-form" data-src="\/build\/signup-form-[A-Z0-9]+\.js"/);
    const props = html.match(/data-island="signup-form"[^>]*data-props="([^"]*)"/)![1]!;
    expect(props).toContain("&quot;");
    expect(props).not.toContain("<");
  });

  it("preloads an island's chunk where it hydrates at once, and React DOM nowhere (it would hold up the first paint)", async () => {
    const runtime = manifest().loader!.runtime;
    expect(runtime.some((src) => /\/build\/chunks\/hydrate-island-[A-Z0-9]+\.js$/.test(src))).toBe(true);
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
    const landing = await (await t.app.request("/")).text();
    expect(landing).toMatch(/data-island="count-up"[^>]*data-hydrate="visible"/);
    expect(preloads(landing).filter((src) => runtime.includes(src))).toEqual([]);
    // the test page's runner hydrates at once: its chunk is preloaded with the loader; the loader
    // fetches React DOM itself
    const taker = await signUp(t, "preloads");
    await t.app.request("/test/start", {
      method: "POST",
      headers: { Cookie: `token=${taker.token}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "_form=begin",
    });
    const testing = await (await t.app.request("/testing", { headers: { Cookie: `token=${taker.token}` } })).text();
    expect(testing).toMatch(/data-island="test-runner"[^>]*data-hydrate="load"/);
    const runner = manifest().islands["test-runner"]!;
    expect(preloads(testing)).toEqual(expect.arrayContaining([runner.src, ...runner.imports]));
    expect(preloads(testing).filter((src) => /hydrate-island/.test(src))).toEqual([]);
  });

  it("compresses pages for browsers that accept gzip or brotli, and not for those that don't", async () => {
    // this app caches no page: each is compressed for its one response, with gzip where accepted
    const plain = await t.app.request("/?lang=en");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const html = await plain.text();
    const gz = await t.app.request("/?lang=en", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await gz.arrayBuffer());
    expect(bytes.length).toBeLessThan(html.length / 3);
    expect(gunzipSync(bytes).toString("utf8")).toBe(html);
    const br = await t.app.request("/?lang=en", { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8")).toBe(html);
  });

  it("compresses a page made for one signed-in reader with the cheaper gzip, even where brotli is accepted", async () => {
    const reader = await signUp(t, "compressed");
    const cookie = `token=${reader.token}; i18n_locale=en`;
    const html = await (await t.app.request("/account", { headers: { Cookie: cookie } })).text();
    const res = await t.app.request("/account", { headers: { Cookie: cookie, "Accept-Encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8")).toBe(html);
    // a client that takes only brotli still gets it
    const br = await t.app.request("/account", { headers: { Cookie: cookie, "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8")).toBe(html);
  });

  it("answers unknown paths with the 404 page", async () => {
    const res = await t.app.request("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("This page could not be found");
    expect(html).toContain('href="/"');
    expect(html).not.toContain("<script");
  });

  it("serves hashed assets as immutable", async () => {
    const html = await (await t.app.request("/")).text();
    const css = html.match(/href="(\/build\/app-[a-f0-9]+\.css)"/)![1]!;
    const res = await t.app.request(css);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const plain = (await res.arrayBuffer()).byteLength;
    const br = await t.app.request(css, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("text/css");
    expect(br.headers.get("cache-control")).toContain("immutable");
    expect((await br.arrayBuffer()).byteLength).toBeLessThan(plain / 4);
  });

  it("stores ref, coupon and utm parameters in 30-day cookies", async () => {
    const res = await t.app.request("/?ref=partner1&coupon=SPRING&utm_source=vk&utm_campaign=autumn");
    const cookies = res.headers.getSetCookie();
    for (const name of ["ref=partner1", "coupon=SPRING", "utm_source=vk", "utm_campaign=autumn"]) {
      const c = cookies.find((x) => x.startsWith(name));
      expect(c, name).toMatch(/Max-Age=2592000/);
      expect(c).toMatch(/Path=\//);
    }
  });

  it("fails an unknown guard name with 500 Unknown middleware", async () => {
    const app = createApp(t.deps, (a) => a.get("/probe", guard("no-such-guard" as never), (c) => c.text("unreachable")));
    const res = await app.request("/probe");
    expect(res.status).toBe(500);
    expect(await res.text()).toContain("Unknown middleware");
  });
});

describe("page micro-cache", () => {
  it("serves anonymous visitors the same landing HTML for a few seconds, but never a signed-in user", async () => {
    const c = await createTestApp({ PAGE_CACHE_SECONDS: "60" });
    try {
      const first = await (await c.app.request("/?lang=en")).text();
      // through the app's own write (the counter itself is kept for a second unless this process changed it)
      await setSetting(c.deps.db, "stats.total", 1234567);
      const second = await (await c.app.request("/?lang=en")).text();
      expect(second).toBe(first);
      const ru = await (await c.app.request("/?lang=ru")).text();
      expect(ru).toContain('data-total="1234567"');
      c.deps.pageCache.clear();
      expect(await (await c.app.request("/?lang=en")).text()).toContain('data-total="1234567"');
      // a cached page is compressed once, so it gets brotli (smaller) where the browser takes it
      const br = await c.app.request("/?lang=en", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
      expect(br.headers.get("content-encoding")).toBe("br");
      const bytes = Buffer.from(await br.arrayBuffer());
      const gz = Buffer.from(await (await c.app.request("/?lang=en", { headers: { "Accept-Encoding": "gzip" } })).arrayBuffer());
      expect(brotliDecompressSync(bytes).toString("utf8")).toBe(gunzipSync(gz).toString("utf8"));
      expect(bytes.length).toBeLessThan(gz.length);
    } finally {
      await c.close();
    }
  });
});
