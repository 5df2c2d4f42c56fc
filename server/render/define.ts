// A page route: path, guards, optional route-param check (failure → 404), a loader that calls
// domain services (never our own HTTP API), a title and a component that gets the data.
// The guards type the loader's and action's context: `guards: ["auth"]` gives them `c.get("user")`.
import type { Context } from "hono";
import type { ComponentType } from "react";
import type { z } from "zod";
import type { T } from "../../locales";
import type { GuardedEnv, GuardName } from "../middleware/guards";
import type { FormState, RenderOptions } from "./page";

export interface PageDef<D = undefined, G extends readonly GuardName[] = readonly GuardName[]> {
  path: string | string[];
  guards?: G;
  params?: z.ZodType;
  /** Loads the page's data through the services; may return a Response (a redirect) instead. */
  load?: (c: Context<GuardedEnv<G>>) => Promise<D | Response> | D | Response;
  title: (t: T, data: D) => string;
  description?: (t: T, data: D) => string;
  /** `<meta property>` tags for the head (Open Graph). */
  meta?: (t: T, data: D) => Record<string, string>;
  Component: ComponentType<{ data: D }>;
  /** A POST to the page's own path (no-script forms): a response (usually a redirect), or the
   * form state to show the page again with the entered values and messages. */
  action?: (c: Context<GuardedEnv<G>>) => Promise<Response | FormState>;
  bodyClass?: string;
  /** The HTML depends only on the URL and language for visitors who are not signed in, so it
   * may be micro-cached (server/render/cache.ts). */
  publicCache?: boolean;
  /** The answer's status; a function of the data for a page that is also its own "not found". */
  status?: RenderOptions["status"] | ((data: D) => RenderOptions["status"]);
}

/** Any page, whatever its data and guards: what the router mounts. */
// biome-ignore lint/suspicious/noExplicitAny: a page's data type is both returned (load) and taken (title, Component), so only `any` admits every page
export type AnyPageDef = PageDef<any, any>;

export function definePage<D = undefined, const G extends readonly GuardName[] = []>(def: PageDef<D, G>): PageDef<D, G> {
  return def;
}

/** What the server serves besides /api: the pages and the error page (routes/index.ts gives it;
 * the composition root, app.ts, hands it to createServerApp, so nothing in server/ imports routes/). */
export interface Site {
  pages: AnyPageDef[];
  ErrorPage: ComponentType<{ status: number; message?: string }>;
  /** the error page's HTML when rendering ErrorPage itself throws: no layout, nothing that can fail */
  errorFallback(status: number): string;
}
