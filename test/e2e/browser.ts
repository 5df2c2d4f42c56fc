// Shared set-up for browser tests: the app served over HTTP on a free port with its own database,
// and headless Debian Chromium (never a downloaded browser). A file gets its own app and database;
// the Chromium is the worker's: the e2e files of a worker run one after another in the same
// modules (isolate: false), each in browser contexts of its own that it closes, so a launch per
// file (a second of CPU each) buys nothing. Playwright closes the browser when the worker exits.
import { serve, type ServerType } from "@hono/node-server";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../app";
import { createTestApp, type TestApp } from "../helpers";
import { startSmtpSink, type Mail } from "../mail";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let launched: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const browser = await launched?.catch(() => undefined); // a failed launch is tried again
  if (browser?.isConnected()) return browser;
  launched = chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  return launched;
}

export interface E2E {
  t: TestApp;
  base: string;
  browser: Browser;
  /** A tab of the worker's pool (see openPage), on this app. */
  open(options?: OpenOptions): Promise<OpenedPage>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A session token: the page is signed in as its user. */
  token?: string;
  lang?: "ru" | "en";
  width?: number;
  height?: number;
  /** Opened at once (a path on the app); otherwise the tab stays where it was. */
  path?: string;
  /**
   * A new context instead of a pooled tab: an empty HTTP cache, for a test that watches which files
   * a page fetches (a pooled tab's cache serves them without a request). Closed, not pooled.
   */
  ownContext?: boolean;
  /** Animations as a reader without "reduce motion" sees them (default: reduced, see openPage). */
  motion?: boolean;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** The page's script errors since it was opened. */
  errors: string[];
  /** How far the page is wider than its window (0 or less: no horizontal scroll). */
  overflow(): Promise<number>;
  /** Gives the tab back to the pool, its cookies and storage cleared. */
  close(): Promise<void>;
}

// Opening a tab in a new browser context starts a renderer process and compiles the page's
// scripts from nothing: about half a second of CPU, four times a navigation in an open tab. Most
// checks only need a clean tab (no cookies, no storage), so the worker keeps its tabs open and
// lends them out; a test that needs a context of its own (script off, offline, two devices side
// by side) still makes one with browser.newContext.
const idle: { context: BrowserContext; page: Page }[] = [];
const USER_EVENTS = ["pageerror", "console", "dialog", "request", "response", "requestfailed", "framenavigated"] as const;

/** A clean tab of the worker's pool: signed in when given a token, in a language, at a size. */
async function openPage(e: Pick<E2E, "base" | "browser">, options: OpenOptions = {}): Promise<OpenedPage> {
  const { token, lang = "ru", width = 1280, height = 900, path } = options;
  let tab = options.ownContext ? undefined : idle.pop();
  while (tab && (tab.page.isClosed() || !e.browser.contexts().includes(tab.context))) tab = idle.pop();
  if (!tab) {
    const context = await e.browser.newContext({ viewport: { width, height } });
    tab = { context, page: await context.newPage() };
  }
  const { context, page } = tab;
  await context.clearCookies();
  await context.addCookies([...(token ? [{ name: "token", value: token, url: e.base }] : []), { name: "i18n_locale", value: lang, url: e.base }]);
  await page.setViewportSize({ width, height });
  // The pages honour "reduce motion" (the landing's 5 s count-up, the bars growing): a check that is
  // not about an animation need not pay a renderer drawing frames for it meanwhile.
  await page.emulateMedia({ reducedMotion: options.motion ? "no-preference" : "reduce" });
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  if (path) await page.goto(e.base + path);
  let closed = false;
  return {
    page,
    context,
    errors,
    overflow: () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    async close() {
      if (closed) return;
      closed = true;
      if (page.isClosed()) return;
      if (options.ownContext) return context.close();
      for (const event of USER_EVENTS) page.removeAllListeners(event);
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await context.unrouteAll({ behavior: "ignoreErrors" });
      await leaveClean(page, e.base);
      await context.clearCookies();
      idle.push(tab);
    },
  };
}

/**
 * A tab between two uses: the next one must find no answers queued, no draft and no session of the
 * last, and a real load of its first page (the same address again would only move to its
 * #fragment), so the tab goes to a plain page, which also stops the old page's timers. That page is
 * the app's robots.txt, not about:blank: the app's pages send Cross-Origin-Opener-Policy
 * same-origin, and a load coming from a page without it starts a new renderer process (about 100
 * of them for one file), where one from robots.txt, which sends it too, keeps the tab's.
 */
export async function leaveClean(page: Page, base: string) {
  if (page.url().startsWith("http")) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear())).catch(() => undefined);
  await page.goto(`${base}/robots.txt`);
}

/**
 * Saves a screenshot (a page's whole length, or one element) to $SHOTS/<name>.png when SHOTS names a
 * folder, for a person to look at a change; a plain test run takes none (no test reads them).
 */
export async function shot(target: Page | Locator, name: string) {
  const folder = process.env.SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  if ("goto" in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

/**
 * The file's served app: started before its tests (before the file's own beforeAll, which runs
 * after it) and closed after them. The returned object reads the started one's fields.
 */
export function e2eApp(env: Record<string, string> = {}, extend?: Parameters<typeof createApp>[1]): E2E {
  let started: E2E | undefined;
  const get = () => {
    if (!started) throw new Error("the e2e app is not started yet (use it inside a test or a hook)");
    return started;
  };
  beforeAll(async () => {
    started = await startE2E(env, extend);
  }, 60_000);
  afterAll(() => started?.close());
  return {
    get t() {
      return get().t;
    },
    get base() {
      return get().base;
    },
    get browser() {
      return get().browser;
    },
    open: (options) => get().open(options),
    close: () => get().close(),
  };
}

/** `extend` mounts extra routes (test fixtures) on the served app, as createApp's does. */
export async function startE2E(env: Record<string, string> = {}, extend?: Parameters<typeof createApp>[1]): Promise<E2E> {
  const holder: { base?: string } = {};
  const t = await createTestApp({ ...env });
  const app = extend ? createApp(t.deps, extend) : t.app;
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  holder.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await sharedBrowser();
  return {
    t,
    base: holder.base,
    browser,
    open(options) {
      return openPage({ base: holder.base!, browser }, options);
    },
    async close() {
      // the worker's next file gets a browser with nothing of this one's left open (but the pool's
      // clean tabs: a tab still lent out is closed with its context)
      const pooled = new Set(idle.map((tab) => tab.context));
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !pooled.has(c))
          .map((c) => c.close()),
      );
      await closeServer(server);
      await t.close();
    },
  };
}

/**
 * Closes a server the browser has talked to, cutting its connections: the tests are over, and
 * Chromium keeps sockets it opened ahead of a navigation that never came, which close() alone waits
 * for until the server's 60 s header timeout drops them (a file's end took a minute, idle, now and then).
 */
export function closeServer(server: ServerType): Promise<void> {
  const closed = new Promise<void>((r) => server.close(() => r()));
  (server as Server).closeAllConnections();
  return closed;
}

/**
 * The file's app with its mail sent over SMTP to a local sink (test/mail.ts): the sink starts first
 * (the app reads its address when it starts) and closes after the app. `received()` is what it got.
 */
export function e2eAppWithMail(env: Record<string, string> = {}): { e: E2E; received: () => Mail[] } {
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  const appEnv = { ...env };
  beforeAll(async () => {
    sink = await startSmtpSink();
    appEnv.SMTP_URL = sink.url;
  });
  afterAll(() => sink?.close());
  return { e: e2eApp(appEnv), received: () => sink?.received ?? [] };
}
