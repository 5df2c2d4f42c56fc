// A page route: path, guards, optional route-param check (failure → 404), a loader that calls
// domain services (never our own HTTP API), a title and a component that gets the data.
import type { Context } from "hono";
import type { ComponentType } from "react";
import type { z } from "zod";
import type { T } from "../../locales";
import type { AppEnv } from "../context";
import type { FormState, RenderOptions } from "./page";

export interface PageDef<D = undefined> {
  path: string | string[];
  guards?: string[];
  params?: z.ZodType;
  /** Loads the page's data through the services; may return a Response (a redirect) instead. */
  load?: (c: Context<AppEnv>) => Promise<D | Response> | D | Response;
  title: (t: T, data: D) => string;
  description?: (t: T, data: D) => string;
  Component: ComponentType<{ data: D }>;
  /** A POST to the page's own path (no-script forms): a response (usually a redirect), or the
   * form state to show the page again with the entered values and messages. */
  action?: (c: Context<AppEnv>) => Promise<Response | FormState>;
  bodyClass?: string;
  /** The HTML depends only on the URL and language for visitors who are not signed in, so it
   * may be micro-cached (server/render/cache.ts). */
  publicCache?: boolean;
  status?: RenderOptions["status"];
}

export function definePage<D = undefined>(def: PageDef<D>): PageDef<D> {
  return def;
}
