// The header's menu names each place once: with a result, its first link is "View the report", so
// "My report" (the same page) is not offered beside it; before a result both lead to the test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedResult, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The menu's links as [href, text], from the phone's menu (the desktop one repeats it). */
async function menu(cookie: string) {
  const html = await (await t.page("/about", cookie)).text();
  const nav = html.match(/<nav id="site-menu"[\s\S]*?<\/nav>/)![0];
  return [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
}

describe("the header's menu", () => {
  it("offers the report once when the first link already goes there", async () => {
    const done = await user(t, { locale: "en" });
    await completedResult(t, done);
    const links = await menu(`token=${done.token}; i18n_locale=en`);
    expect(links.filter(([href]) => href === "/report/base")).toEqual([["/report/base", "View the report"]]);

    const fresh = await user(t, { locale: "en" });
    const before = await menu(`token=${fresh.token}; i18n_locale=en`);
    // before a result "My report" leads to the test's start, which the first link is already
    expect(before.filter(([href]) => href === "/test/start")).toEqual([["/test/start", "Take the test"]]);
    expect(before.map(([, text]) => text)).toEqual(expect.arrayContaining(["For business", "The lab"]));
  });
});
