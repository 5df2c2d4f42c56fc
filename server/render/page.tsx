// Server rendering. A page is a React tree rendered to a string. An island renders its own
// markup where it stands, as a separate React root (nested renderToString with a prefix from
// useId, so its ids match on hydration), inside <tf-island> with its chunk URL and JSON props,
// followed by the preloads it needs and the loader script. Nothing is collected during the render
// and patched in afterwards, so the page could be streamed, and nothing searches the HTML for a
// marker that user text could imitate. A page without islands gets no script at all.
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { createContext, useContext, useId, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { HydrationStrategy } from "../../client/hydration";
import { ISLANDS, type IslandName, type IslandProps } from "../../islands";
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
  config: import("../config").Config;
  /** A no-script form posted back to this page with errors (see server/pages.tsx). */
  form?: FormState;
  /** The operator's notice and contacts every page shows (loaded per request by server/pages.tsx). */
  site?: import("../services/site-settings").SiteSettings;
  /** While renderPage renders: the kept fragments the page uses, each in the markup as a marker. */
  fragments?: Fragment[];
}

export interface FormState {
  kind: string;
  values: Record<string, string>;
  errors?: Record<string, string>;
}

const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const ctx = useContext(PageContext);
  if (!ctx) throw new Error("usePage() outside a page render");
  return ctx;
}

/** Renders `children` as if the page had been posted back with `form` (its values and field
 * messages): the component demo pages show forms in their error state this way. */
export function WithFormState({ form, children }: { form: FormState; children: ReactNode }) {
  return <PageContext.Provider value={{ ...usePage(), form }}>{children}</PageContext.Provider>;
}

/** A kept fragment: its markup and, made on first use, its UTF-8 bytes and a raw deflate of them
 * that a gzip response splices in (server/render/compress.ts), compressed once however often sent. */
export interface Fragment {
  html: string;
  bytes?: Buffer;
  deflated?: Buffer;
}

/** Rendered fragments kept per process, oldest out first: `shared` ones (many readers see them; 27
 * formats × 4 report types × 3 languages × 2 UIs fit) and `reader` ones (one reader's report body,
 * for their next visit; ≈ 30 KB each), apart so that readers never push out what all of them share. */
const FRAGMENT_STORES = { shared: { max: 700, map: new Map<string, Fragment>() }, reader: { max: 500, map: new Map<string, Fragment>() } };

/** Where a fragment goes in a rendered page; the nonce keeps any text from imitating one. */
const FRAGMENT_NONCE = randomBytes(6).toString("hex");
const fragmentMarker = (index: number) => `<!--tf-fragment:${FRAGMENT_NONCE}:${index}-->`;
const FRAGMENT_MARKER = new RegExp(`<!--tf-fragment:${FRAGMENT_NONCE}:(\\d+)-->`);

/**
 * Markup rendered once per process and UI language, then reused while `cacheKey` stays the same:
 * the report's sections depend on the report text (its id and revision, both in `cacheKey`), not on
 * who reads them, and were half of a report page's render; a reader's report body depends on their
 * result (store `reader`). `children` must depend on nothing but `cacheKey` and the UI language; no
 * island inside. A fragment inside another is part of the outer one's markup.
 */
export function SharedMarkup({
  cacheKey,
  store = "shared",
  as: Tag = "div",
  className,
  children,
}: {
  cacheKey: string;
  store?: keyof typeof FRAGMENT_STORES;
  as?: "div" | "section";
  className?: string;
  children: ReactNode;
}) {
  const ctx = usePage();
  const { map, max } = FRAGMENT_STORES[store];
  const key = `${ctx.locale}|${cacheKey}`;
  let fragment = map.get(key);
  if (fragment === undefined) {
    fragment = { html: renderToString(<PageContext.Provider value={{ ...ctx, fragments: undefined }}>{children}</PageContext.Provider>) };
    if (map.size >= max) map.delete(map.keys().next().value!);
    map.set(key, fragment);
  }
  let html = fragment.html;
  if (ctx.fragments) html = fragmentMarker(ctx.fragments.push(fragment) - 1);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export interface IslandUse<N extends IslandName> {
  /** A key of the registry in islands/index.ts. */
  name: N;
  /** The island's props; they travel as JSON in an attribute (escaped by React). */
  props: NoInfer<IslandProps<N>>;
  /** When the browser hydrates it (client/hydration.ts); `load` unless said otherwise. */
  hydrate?: HydrationStrategy;
}

/** A component hydrated in the browser: `<Island name="count-up" props={{ total, locale }} />`. */
export function Island<N extends IslandName>({ name, props, hydrate = "load" }: IslandUse<N>) {
  // unique on the page and the same on every render of it; ":" is dropped to keep ids plain
  const identifierPrefix = `i${useId().replace(/:/g, "")}-`;
  return <IslandRoot name={name} props={props} hydrate={hydrate} identifierPrefix={identifierPrefix} />;
}

/** Kept apart from Island and free of hooks: a nested renderToString resets React's hook state,
 * which must not happen in the middle of a component that uses hooks. */
function IslandRoot<N extends IslandName>({ name, props, hydrate, identifierPrefix }: Required<IslandUse<N>> & { identifierPrefix: string }) {
  // TypeScript can't relate ISLANDS[N] to IslandProps<N> inside a generic; Island's signature
  // has already checked the pair.
  const Component = ISLANDS[name] as ComponentType<object>;
  const html = renderToString(<Component {...props} />, { identifierPrefix });
  const m = manifest();
  const entry = m.islands[name];
  // Preloads come first, to be found early: the island's own chunk (and what it imports) only when
  // it hydrates at once; an `idle`, `visible` or `interaction` one is fetched when its time comes.
  // React DOM is never preloaded: the loader fetches it with the first island to hydrate. As a
  // preload it competed with the page's first paint (Lighthouse, slow 4G: the test page's first
  // paint 1.6 s with it, 1.2 s without), for a runner that only has to be ready by the first answer.
  // The browser fetches a URL once however often a page lists it.
  const atOnce = hydrate === "load" && entry ? [entry.src, ...entry.imports] : [];
  const preload = [...(m.loader?.imports ?? []), ...atOnce];
  return (
    <>
      {[...new Set(preload)].map((src) => (
        <link key={src} rel="modulepreload" href={src} />
      ))}
      {/* a module script runs once per page, however many islands repeat it */}
      {m.loader && <script type="module" src={m.loader.src} />}
      <tf-island
        data-island={name}
        data-src={entry?.src ?? ""}
        data-hydrate={hydrate}
        data-enhance={entry?.enhance ? "" : undefined}
        data-prefix={identifierPrefix}
        data-props={JSON.stringify(props)}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
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
    t: c.get("t"),
    locale: c.get("locale"),
    auth: c.get("auth"),
    path: url.pathname,
    url,
    search: url.search,
    config: c.get("deps").config,
  };
}

/** A rendered page: its HTML, and the same as text between kept fragments (for compress.ts). */
export interface RenderedPage {
  html: string;
  parts: (string | Fragment)[];
}

export function renderDocument(ctx: PageContextValue, node: ReactNode, opts: RenderOptions): string {
  return renderPage(ctx, node, opts).html;
}

export function renderPage(ctx: PageContextValue, node: ReactNode, opts: RenderOptions): RenderedPage {
  const fragments: Fragment[] = [];
  const body = renderToString(<PageContext.Provider value={{ ...ctx, fragments }}>{node}</PageContext.Provider>);
  const m = manifest();
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(opts.title)}</title>`,
    // every page has one (search engines show it): the page's own, else the service's
    `<meta name="description" content="${escapeHtml(opts.description || ctx.t("home.description"))}">`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    m.css ? `<link rel="stylesheet" href="${m.css}">` : "",
  ]
    .filter(Boolean)
    .join("");
  const doc = `<!doctype html><html lang="${ctx.locale}"><head>${head}</head><body class="${escapeHtml(
    opts.bodyClass ?? "bg-white text-slate-900",
  )}">${body}</body></html>`;
  if (!fragments.length) return { html: doc, parts: [doc] };
  // split() with a capturing group: text, fragment index, text, …, text
  const parts = doc.split(FRAGMENT_MARKER).map((piece, i) => (i % 2 ? fragments[Number(piece)]! : piece));
  return { html: parts.map((p) => (typeof p === "string" ? p : p.html)).join(""), parts };
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
        "data-hydrate"?: HydrationStrategy;
        "data-enhance"?: "";
        "data-prefix"?: string;
        "data-props"?: string;
      };
    }
  }
}
