// Seen and reached on a small phone: every control's focus ring stands out (≥ 3:1 against the page),
// nothing a jump or a backwards Tab lands on hides under the sticky header, and at 320 px or with
// 200 % text no page scrolls sideways.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { completedResult, user } from "../fixtures";
import { e2eApp } from "./browser";

const e = e2eApp();

const signedIn = (width: number, token: string, lang: "ru" | "en" = "ru") => e.open({ token, lang, width, height: 640 });

/** WCAG's contrast ratio of two rgb() colours. */
function contrast(a: string, b: string) {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Tabs until `selector` has the focus; its outline as the browser draws it. */
async function focusRing(page: Page, selector: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) break;
  }
  return page.evaluate(() => {
    const el = document.activeElement!;
    const cs = getComputedStyle(el);
    return { visible: el.matches(":focus-visible"), style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), color: cs.outlineColor };
  });
}

describe("on a phone", () => {
  it("draws a focus ring of at least 3:1 on primary and secondary buttons, links and fields", async () => {
    const person = await user(e.t);
    const { close, page } = await signedIn(360, person.token);
    for (const [path, selector] of [
      ["/test/start", "[data-testid=start-test]"],
      ["/account", "a.btn-secondary"],
      ["/profile/edit", "input[name=name]"],
      ["/profile/edit", "a[hreflang=en]"],
    ] as const) {
      await page.goto(e.base + path);
      const ring = await focusRing(page, selector);
      expect(ring.visible, `${path} ${selector}`).toBe(true);
      expect(ring.style).toBe("solid");
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrast(ring.color, "rgb(255, 255, 255)")).toBeGreaterThanOrEqual(3);
    }
    await close();
  });

  it("keeps what a jump or a backwards Tab lands on clear of the sticky header", async () => {
    const person = await user(e.t);
    const { close, page } = await signedIn(360, person.token);
    // a saved form comes back scrolled to itself, its notice first
    await page.goto(`${e.base}/profile/edit?done=profile#form-profile`);
    const box = await page.evaluate(() => ({
      header: document.querySelector("header")!.getBoundingClientRect().bottom,
      notice: document.querySelector("#form-profile [role=status]")!.getBoundingClientRect().top,
      scrolled: scrollY,
    }));
    expect(box.scrolled).toBeGreaterThan(0);
    expect(box.notice).toBeGreaterThanOrEqual(box.header);
    // Shift+Tab from the bottom of a long form: each focused field stays below the header
    await page.locator("button[type=submit]").first().focus();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Shift+Tab");
      const seen = await page.evaluate(() => {
        const el = document.activeElement!;
        return {
          top: el.getBoundingClientRect().top,
          header: document.querySelector("header")!.getBoundingClientRect().bottom,
          tag: el.tagName,
          inHeader: !!el.closest("header"),
        };
      });
      // back up into the header itself: that is where its links are meant to be
      if (seen.tag === "BODY" || seen.inHeader) break;
      expect(seen.top).toBeGreaterThanOrEqual(seen.header - 1);
    }
    await close();
  });

  it("scrolls no page sideways at 320 px or with 200 % text, in either language", { timeout: 240_000 }, async () => {
    const person = await user(e.t);
    await completedResult(e.t, person);
    const pages = [
      "/",
      "/signup",
      "/login",
      "/product",
      "/test/start",
      "/report/base",
      "/payment/report",
      "/account",
      "/account/data",
      "/profile",
      "/profile/edit",
    ];
    const wide: string[] = [];
    for (const lang of ["ru", "en"] as const) {
      for (const mode of ["320", "200%"] as const) {
        const { close, page } = await signedIn(mode === "320" ? 320 : 360, person.token, lang);
        for (const path of pages) {
          await page.goto(e.base + path);
          if (mode === "200%") await page.addStyleTag({ content: "html { font-size: 200% !important }" });
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          const limit = mode === "320" ? 320 : 360;
          if (width > limit) {
            // name what sticks out, for whoever has to fix it
            const culprits = await page.evaluate(
              (max) =>
                [...document.querySelectorAll("body *")]
                  .filter((el) => el.getBoundingClientRect().right > max + 1 && el.children.length === 0)
                  .slice(0, 3)
                  .map((el) => `${el.tagName}.${String(el.className).slice(0, 40)}`),
              limit,
            );
            wide.push(`${lang} ${mode} ${path}: ${width} (${culprits.join(", ")})`);
          }
        }
        await close();
      }
    }
    expect(wide).toEqual([]);
  });

  it("shows the first step's button on the first screen of the landing and the test's start, at 360×640", async () => {
    const bottomOf = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.getBoundingClientRect().bottom);
    for (const lang of ["ru", "en"] as const) {
      const guest = await e.open({ lang, width: 360, height: 640 });
      const landing = guest.page;
      await landing.goto(`${e.base}/?lang=${lang}`);
      expect(await bottomOf(landing, "[data-testid=promo-cta]")).toBeLessThanOrEqual(640);
      // it leads to the sign-up form further down
      await landing.locator("[data-testid=promo-cta]").click();
      await expect.poll(() => landing.locator("#signup input[name=email]").evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(640);
      await guest.close();

      const p = await user(e.t, { locale: lang });
      const { close, page } = await signedIn(360, p.token, lang);
      await page.goto(`${e.base}/test/start`);
      expect(await bottomOf(page, "[data-testid=start-test]")).toBeLessThanOrEqual(640);
      await close();
    }
  });
});
