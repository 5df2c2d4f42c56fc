// Shared set-up for browser tests: the app served over HTTP on a free port with its own database,
// and headless Debian Chromium (never a downloaded browser). A file gets its own app and database;
// the Chromium is the worker's: the e2e files of a worker run one after another in the same
// modules (isolate: false), each in browser contexts of its own that it closes, so a launch per
// file (a second of CPU each) buys nothing. Playwright closes the browser when the worker exits.
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "playwright-core";
import { createApp } from "../../app";
import { createTestApp, type TestApp } from "../helpers";

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
  close(): Promise<void>;
}

/** A page signed in with a session token, in a language, at a width (900 px high); the page's script errors collected. */
export async function signedInPage(e: E2E, token: string, lang: "ru" | "en", width: number) {
  const context = await e.browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: "token", value: token, url: e.base },
    { name: "i18n_locale", value: lang, url: e.base },
  ]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return { context, page, errors };
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
    async close() {
      // the worker's next file gets a browser with nothing of this one's left open
      await Promise.all(browser.contexts().map((c) => c.close()));
      await new Promise((r) => server.close(r));
      await t.close();
    },
  };
}
