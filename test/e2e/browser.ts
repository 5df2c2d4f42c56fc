// Shared set-up for browser tests: the app served over HTTP on a free port with its own database,
// and headless Debian Chromium (never a downloaded browser).
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "playwright-core";
import { createApp } from "../../app";
import { createTestApp, type TestApp } from "../helpers";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface E2E {
  t: TestApp;
  base: string;
  browser: Browser;
  close(): Promise<void>;
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
  const browser = await chromium.launch({
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
  return {
    t,
    base: holder.base,
    browser,
    async close() {
      await browser.close();
      await new Promise((r) => server.close(r));
      await t.close();
    },
  };
}
