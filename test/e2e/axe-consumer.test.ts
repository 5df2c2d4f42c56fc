// axe-core (WCAG 2.0, 2.1 and 2.2, A and AA) over every page a person meets, public and signed in,
// in both languages at 360 px: the landing (and its sign-up errors), the test mid-way, the reports,
// the checkout, the account. Zero violations.
import { createRequire } from "node:module";
import { afterAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { completedResult, paidOrder, user } from "../fixtures";
import { e2eApp, leaveClean, shot } from "./browser";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const e = e2eApp();

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe on the page as it stands; the violations, each with the nodes that break it. */
async function axe(page: Page): Promise<Violation[]> {
  // the file's tab has axe from the start of every page (below); a page written in place may not
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    const w = window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } };
    const result = await w.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, TAGS);
}

// The page's own CSP is bypassed only so the test can inject axe: a context option the worker's
// pooled tabs do not have, so the file keeps one such context with one tab, and each phone below
// takes it over clean (cookies, storage) instead of starting a renderer of its own. axe is given
// to the browser once, to run at the start of every page the tab loads: sent and parsed again at
// each check it cost about as much as half a check.
let phoneContext: Promise<{ context: BrowserContext; page: Page }> | undefined;
afterAll(async () => {
  await (await phoneContext)?.context.close();
  phoneContext = undefined;
});

/** The file's phone-sized tab (360×640), cleaned and set to a language and maybe a session. */
async function phone(lang: "ru" | "en", token?: string): Promise<Page> {
  phoneContext ??= e.browser.newContext({ viewport: { width: 360, height: 640 }, bypassCSP: true }).then(async (context) => {
    await context.addInitScript({ path: AXE });
    return { context, page: await context.newPage() };
  });
  const { context, page } = await phoneContext;
  await leaveClean(page, e.base);
  await context.clearCookies();
  await context.addCookies([{ name: "i18n_locale", value: lang, url: e.base }, ...(token ? [{ name: "token", value: token, url: e.base }] : [])]);
  return page;
}

const report: string[] = [];
async function check(page: Page, label: string, found: Record<string, Violation[]>) {
  const violations = await axe(page);
  if (violations.length) found[label] = violations;
  report.push(`${label}: ${violations.length ? violations.map((v) => `${v.id}×${v.nodes.length}`).join(", ") : "clean"}`);
}

const PUBLIC = [
  "/",
  "/signup",
  "/login",
  "/restore",
  "/product",
  "/about",
  "/theory",
  "/lab",
  "/policy",
  "/terms",
  "/offer",
  "/review",
  "/no-such-page",
  "/confirm/aaaaaaaaaaaaaaaaaaaa",
];
const PRIVATE = [
  "/test/start",
  "/report/base",
  "/payment/report",
  "/report/full",
  "/payment/success",
  "/payment/fail",
  "/account",
  "/account/sessions",
  "/account/data",
  "/profile",
  "/profile/edit",
  "/test/tests",
];

describe.each(["ru", "en"] as const)("axe at 360 px in %s", (lang) => {
  it("finds nothing on the public pages, the landing's refused sign-up and the menu open", { timeout: 240_000 }, async () => {
    const page = await phone(lang);
    const found: Record<string, Violation[]> = {};
    for (const path of PUBLIC) {
      await page.goto(e.base + path);
      await check(page, `${lang} ${path}`, found);
    }
    // the landing's sign-up refused (no ticks): the errors and the summary are on the page
    await page.goto(e.base + "/");
    const form = page.locator("[data-testid=signup-form]");
    await form.locator("input[name=email]").fill("not-an-address");
    await page.waitForSelector("[data-testid=signup-form][data-hydrated]");
    await form.locator("button[type=submit]").click();
    await page.waitForSelector("[data-testid=signup-form][data-state=fail]");
    await check(page, `${lang} / refused sign-up`, found);
    await page.click("header [data-testid=menu-button]");
    await check(page, `${lang} / menu open`, found);
    // the harness sees what it should: a picture without a text alternative is a violation
    await page.setContent(`<html lang="${lang}"><head><title>x</title></head><body><main><img src="/logo.svg"></main></body></html>`);
    expect((await axe(page)).map((v) => v.id)).toContain("image-alt");
    expect(found).toEqual({});
  });

  it("finds nothing on the signed-in pages: mid-test, the gate, both reports, checkout and the account", { timeout: 240_000 }, async () => {
    const found: Record<string, Violation[]> = {};
    // mid-test: started on the page, a few answers given
    const testing = await user(e.t, { locale: lang });
    {
      const page = await phone(lang, testing.token);
      await page.goto(`${e.base}/test/start`);
      await Promise.all([page.waitForURL(/\/testing/), page.locator("[data-testid=start-test]").click()]);
      const runner = page.locator("[data-testid=test-runner][data-hydrated]");
      for (let i = 1; i <= 3; i++) {
        await runner.locator("[data-choice=probablyYes]").click();
        await page.waitForFunction((n) => document.querySelector("[data-testid=test-runner]")?.getAttribute("data-answered") === String(n), i);
      }
      await check(page, `${lang} /testing mid-test`, found);
    }
    // the report waiting for a confirmed address
    const unconfirmed = await user(e.t, { locale: lang, confirmed: false });
    await completedResult(e.t, unconfirmed);
    {
      const page = await phone(lang, unconfirmed.token);
      await page.goto(`${e.base}/report/base`);
      await page.locator("[data-testid=correct-email] summary").click();
      await check(page, `${lang} /report/base gate`, found);
    }
    // a result, then the same person paid for the full report
    const person = await user(e.t, { locale: lang });
    await completedResult(e.t, person);
    let page = await phone(lang, person.token);
    for (const path of PRIVATE) {
      if (path === "/report/full") await paidOrder(e.t, person);
      await page.goto(e.base + path);
      await check(page, `${lang} ${path}`, found);
    }
    // the format shared: the report's sharing block, then the public card a stranger opens
    await page.goto(`${e.base}/report/base`);
    await page.locator("[data-testid=share] button[type=submit]").click();
    await page.waitForSelector("[data-testid=share-link]");
    await check(page, `${lang} /report/base shared`, found);
    const card = await page.locator("[data-testid=share-link]").getAttribute("href");
    // the same tab, its session and storage gone: a stranger's
    page = await phone(lang);
    await page.goto(card!.replace("http://localhost", e.base));
    await page.waitForSelector("[data-testid=shared-card]");
    await check(page, `${lang} /share/{code}`, found);
    await shot(page, `axe-consumer-share-card-${lang}-360`);
    console.log(report.splice(0).join("\n"));
    expect(found).toEqual({});
  });
});
