// Each test file gets its own app over its own SQLite file (a copy of the run's migrated and seeded
// template, test/global-setup.ts), and an outbox folder for mail unless a test passes SMTP settings.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app";
import { bootstrap } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import type { AppDeps } from "../server/context";
import { inject } from "vitest";
import { checkAnswer } from "./answer-check";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  dir: string;
  close(): Promise<void>;
  /** Waits for the jobs under way (mail, PDFs): a request waits for them only briefly, a busy machine longer. */
  settled(): Promise<void>;
  /** app.request with JSON body and headers filled in. */
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** json(), then the status and the JSON body (null when the body is not JSON) as the type the caller names. */
  call<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: T }>;
  /** A page as a browser asks for it, with these cookies ("token=…; i18n_locale=en"). */
  page(path: string, cookie: string): Promise<Response>;
  /** A form posted as a browser posts it (same origin), with these cookies. */
  form(path: string, fields: Record<string, string>, cookie: string): Promise<Response>;
}

/** What a value looks like after JSON.stringify and JSON.parse: dates become strings. */
export type Json<T> = T extends Date ? string : T extends (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
/** The body of an API call whose handler answers `c.json(await service(…))`: a renamed field breaks the test's build. */
export type Reply<F extends (...args: never[]) => unknown> = Json<Awaited<ReturnType<F>>>;
/** The spec's list envelope. */
export interface List<T> {
  docs: T[];
  page: number;
  limit: number;
  total: number;
  pages: number;
}
/** The spec's error body. */
export interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}
/** A response's JSON body as the type the caller names (instead of `as any`). */
export const bodyOf = async <T>(res: Response): Promise<T> => (await res.json()) as T;

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "tf-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    OUTBOX_DIR: join(dir, "outbox"),
    UPLOAD_DIR: join(dir, "uploads"),
    PUBLIC_URL: "http://localhost",
    PAGE_CACHE_SECONDS: "0",
    ...env,
  });
  // The template already holds what the seed writes; the seed runs again (it is idempotent) only for
  // what a template lacks: an admin from ADMIN_EMAIL. Outside a vitest run (no template) it migrates.
  const own = config.DATABASE_URL === `file:${join(dir, "app.db")}`;
  const template = own ? (inject("templateDb") as { demo: string; bare: string } | undefined) : undefined;
  if (template) copyFileSync(config.SEED_DEMO ? template.demo : template.bare, join(dir, "app.db"));
  const deps = await bootstrap(config, { seed: !template || Boolean(config.ADMIN_EMAIL) });
  const app = createApp(deps);
  // every answer of every request a test makes is held to its route's declared answer (the OpenAPI
  // description's): a drifted one fails the test that received it
  const request = app.request;
  app.request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const res = await (request as (...args: unknown[]) => Promise<Response>)(input, init, ...rest);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    await checkAnswer(method.toUpperCase(), input instanceof Request ? input.url : String(input), res);
    return res;
  }) as typeof app.request;
  const json = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), Accept: "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return res;
  };
  return {
    app,
    deps,
    dir,
    async close() {
      // as the server's clean stop: a job a test set off (a mail under way) ends before its database
      // and its SMTP sink go, instead of holding a half-sent message open on the sink
      await deps.jobs.stop();
      await deps.database.close();
      rmSync(dir, { recursive: true, force: true });
    },
    settled: () => deps.jobs.idle(),
    json,
    async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await json(method, path, body, headers);
      return { status: res.status, json: (await res.json().catch(() => null)) as T };
    },
    page: async (path, cookie) => app.request(path, { headers: { Cookie: cookie } }),
    form: async (path, fields, cookie) =>
      app.request(path, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

/** "name=value" pairs of every Set-Cookie header. */
export function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const i = pair!.indexOf("=");
    out[pair!.slice(0, i)] = pair!.slice(i + 1);
  }
  return out;
}

/** The seller's details an invoice needs (the operator fills them in before invoices can be issued). */
export async function fillSellerDetails(t: TestApp) {
  const { saveSeller } = await import("../server/services/payments/business");
  await saveSeller(t.deps.db, {
    name: "ООО «Формат мышления»",
    inn: "7701234567",
    kpp: "770101001",
    ogrn: "1207700123456",
    address: "123112, г. Москва, Пресненская наб., д. 12",
    bank: "АО «Тест-Банк»",
    bik: "044525123",
    account: "40702810900000012345",
    corrAccount: "30101810400000000123",
  });
}
