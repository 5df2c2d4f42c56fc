// The follow-up's two bits of script in a real browser: the invite link's Copy button and the
// purchase total that follows the typed quantity (both `enhance` islands, no React loaded).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { businessProject, type Person, user } from "../fixtures";
import { e2eApp } from "./browser";

const e = e2eApp();
let owner: Person;
beforeAll(async () => {
  owner = await user(e.t, { confirmed: true, locale: "en" });
  const co = await businessProject(e.t, { owner, name: "Copy Co" });
  await e.t.deps.db.update(projects).set({ inviteBalance: 5 }).where(eq(projects.id, co.id));
}, 60_000);

// the clipboard needs a permission, a context's setting: a context of its own, not a pooled tab
async function withClipboard(path: string) {
  const context = await e.browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e.base });
  await context.addCookies([
    { name: "token", value: owner.token, url: e.base },
    { name: "i18n_locale", value: "en", url: e.base },
  ]);
  const p = await context.newPage();
  await p.goto(e.base + path);
  return { p, context };
}

describe("follow-up in the browser", () => {
  it("copies the invite link with one click and says so", async () => {
    const { p, context } = await withClipboard("/business/invite");
    try {
      const button = p.getByTestId("copy-link");
      await button.waitFor({ state: "visible" });
      await button.click();
      await expect.poll(() => button.textContent()).toBe("Copied");
      const link = await p.getByTestId("invite-link").inputValue();
      expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(link);
    } finally {
      await context.close();
    }
  });

  it("shows the total for the typed quantity before Continue", async () => {
    const { page: p, close } = await e.open({ token: owner.token, lang: "en", width: 360, height: 740, path: "/business" });
    try {
      const total = p.getByTestId("price-total");
      await expect.poll(() => total.textContent()).toContain("5 × 900 ₽");
      await p.fill("#refill-quantity", "20");
      await expect.poll(() => total.textContent()).toBe("Total: 20 × 800 ₽ = 16\u00a0000 ₽");
      await p.fill("#refill-quantity", "3");
      await expect.poll(() => total.textContent()).toBe("The smallest pack is 5 invites");
      expect(await p.getAttribute("#refill-quantity", "inputmode")).toBe("numeric");
    } finally {
      await close();
    }
  });
});
