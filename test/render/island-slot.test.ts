// Security regression: an island's markup used to be spliced into the page by searching the HTML
// for a marker ("\u0000island0\u0000"), so a profile name containing the marker received the
// island's HTML and left the marker in the island's place. Islands now render in place; user
// text that imitates the marker or the element stays text.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { signUp } from "../respondent";
import { htmlTextNodes } from "./string-defects";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOSTILE_NAME = '\u0000island0\u0000 <tf-island data-src="/evil.js"></tf-island> </tf-island> \u0000island1\u0000';

const islandsIn = (html: string) => [...html.matchAll(/<tf-island ([^>]*)>([\s\S]*?)<\/tf-island>/g)].map((m) => ({ attrs: m[1]!, inner: m[2]! }));

describe("island slots", () => {
  it("keep user text that imitates the old marker or the island element as escaped text, with the island intact", async () => {
    const user = await signUp(t, "hostile");
    await t.deps.db.update(users).set({ name: HOSTILE_NAME }).where(eq(users.id, user._id));
    await t.app.request("/api/order/reset_result", { headers: user.h }); // an open test, for the runner
    const html = await (await t.app.request("/testing?lang=en", { headers: user.h })).text();

    // the name is shown once, as text, in the header
    expect(htmlTextNodes(html)).toContain(HOSTILE_NAME);
    expect(html).toContain("&lt;tf-island data-src=&quot;/evil.js&quot;&gt;&lt;/tf-island&gt;");
    expect(html).not.toContain('src="/evil.js"');
    // exactly one island, holding the runner's own markup
    const islands = islandsIn(html);
    expect(islands).toHaveLength(1);
    expect(islands[0]!.attrs).toMatch(/^data-island="test-runner" data-src="\/build\/test-runner-[A-Z0-9]+\.js"/);
    expect(islands[0]!.inner).toMatch(/^<div [^>]*data-testid="test-runner"/);
    expect(islands[0]!.inner).toContain("You answered 0 of 110 questions");
    expect(islands[0]!.inner).not.toContain("\u0000");
    expect(html.split("</tf-island>")).toHaveLength(2);
  });

  it("give each island on a page its own id prefix and the loader right next to it", async () => {
    const html = await (await t.app.request("/?lang=en")).text();
    const islands = islandsIn(html);
    expect(islands.map((i) => i.attrs.match(/data-island="([^"]+)"/)![1]).sort()).toEqual(["count-up", "signup-form"]);
    const prefixes = islands.map((i) => i.attrs.match(/data-prefix="([^"]+)"/)![1]);
    expect(new Set(prefixes).size).toBe(islands.length);
    // the sign-up form's ids come from its own prefix, so they match when it hydrates alone
    const signup = islands.find((i) => i.attrs.includes('data-island="signup-form"'))!;
    const prefix = signup.attrs.match(/data-prefix="([^"]+)"/)![1]!;
    expect(signup.inner).toContain(`id=":${prefix}`);
    // each island is preceded by the loader (a module script runs once); the counter runs when seen
    // and without React DOM (enhance), the form hydrates when touched, so neither chunk is preloaded
    // (test/api/pages.test.ts has one that hydrates at once)
    for (const [name, attrs] of [
      ["count-up", 'data-hydrate="visible" data-enhance=""'],
      ["signup-form", 'data-hydrate="interaction" data-prefix'],
    ]) {
      expect(html).toMatch(
        new RegExp(
          `(<link [^>]*>)*<script type="module" src="/build/boot-[A-Z0-9]+\\.js"></script><tf-island data-island="${name}" data-src="/build/${name}-[A-Z0-9]+\\.js" ${attrs}`,
        ),
      );
      expect(html).not.toMatch(new RegExp(`<link rel="modulepreload" href="/build/${name}-`));
    }
    expect(html.slice(0, html.indexOf("<body"))).not.toContain("<script");
  });
});
