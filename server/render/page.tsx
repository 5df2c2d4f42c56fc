// Server rendering. A page is a React tree rendered to a string; islands inside it are rendered
// as separate React roots (their own identifierPrefix, so useId matches on hydration) and marked
// with <tf-island> carrying their chunk URL and JSON props. The loader script is added only when
// the page has at least one island: a page without islands ships no JavaScript.
import type { Context } from "hono";
import { createContext, useContext, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { Locale, T } from "../../locales";
import type { AuthState } from "../context";
import { manifest } from "./assets";

export interface PageContextValue {
  t: T;
  locale: Locale;
  auth: AuthState | null;
  path: string;
  url: URL;
  /** Query string of the current page, for links that keep it (language switcher). */
  search: string;
  islands: IslandUse[];
  config: import("../config").Config;
  /** A no-script form posted back to this page with errors (see server/pages.tsx). */
  form?: FormState;
}

export interface FormState {
  kind: string;
  values: Record<string, string>;
  errors?: Record<string, string>;
}

interface IslandUse {
  name: string;
  component: ComponentType<any>;
  props: Record<string, unknown>;
}

const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const ctx = useContext(PageContext);
  if (!ctx) throw new Error("usePage() outside a page render");
  return ctx;
}

const MARK = (i: number) => `\u0000island${i}\u0000`;

/**
 * Marks a hydrated component. `name` is the island's file name in islands/ (the build keys its
 * chunk by it). Props must be JSON: they travel in an attribute, escaped by React.
 */
export function Island<P extends Record<string, unknown>>({
  name,
  component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
  const page = usePage();
  const i = page.islands.push({ name, component, props }) - 1;
  const entry = manifest().islands[name];
  return (
    <tf-island
      data-island={name}
      data-src={entry?.src ?? ""}
      data-prefix={`i${i}-`}
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: MARK(i) }}
    />
  );
}

export interface RenderOptions {
  title: string;
  description?: string;
  status?: 200 | 201 | 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;
  /** Extra classes for <body> (layouts set the background). */
  bodyClass?: string;
}

export function pageContext(c: Context): PageContextValue {
  const url = new URL(c.req.url);
  return {
    t: c.var.t,
    locale: c.var.locale,
    auth: c.var.auth,
    path: url.pathname,
    url,
    search: url.search,
    islands: [],
    config: c.var.deps.config,
  };
}

export function renderDocument(ctx: PageContextValue, node: ReactNode, opts: RenderOptions): string {
  let body = renderToString(<PageContext.Provider value={ctx}>{node}</PageContext.Provider>);
  ctx.islands.forEach((island, i) => {
    const Component = island.component;
    const html = renderToString(<Component {...island.props} />, { identifierPrefix: `i${i}-` });
    body = body.replace(MARK(i), () => html);
  });
  const m = manifest();
  const preload = new Set<string>();
  if (ctx.islands.length && m.boot) {
    preload.add(m.boot);
    for (const { name } of ctx.islands) {
      const entry = m.islands[name];
      if (!entry) continue;
      preload.add(entry.src);
      entry.imports.forEach((s) => preload.add(s));
    }
  }
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(opts.title)}</title>`,
    opts.description ? `<meta name="description" content="${escapeHtml(opts.description)}">` : "",
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    m.css ? `<link rel="stylesheet" href="${m.css}">` : "",
    ...[...preload].map((src) => `<link rel="modulepreload" href="${src}">`),
    ctx.islands.length && m.boot ? `<script type="module" src="${m.boot}"></script>` : "",
  ]
    .filter(Boolean)
    .join("");
  return `<!doctype html><html lang="${ctx.locale}"><head>${head}</head><body class="${escapeHtml(
    opts.bodyClass ?? "bg-white text-slate-900",
  )}">${body}</body></html>`;
}

export function renderPage(c: Context, node: ReactNode, opts: RenderOptions) {
  const html = renderDocument(pageContext(c), node, opts);
  return c.html(html, opts.status ?? 200, { "Cache-Control": "no-store" });
}

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "tf-island": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        "data-island"?: string;
        "data-src"?: string;
        "data-prefix"?: string;
        "data-props"?: string;
      };
    }
  }
}
