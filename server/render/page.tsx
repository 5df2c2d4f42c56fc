// Server rendering. A page is a React tree rendered to a string. An island renders its own
// markup where it stands, as a separate React root (nested renderToString with a prefix from
// useId, so its ids match on hydration), inside <tf-island> with its chunk URL and JSON props,
// followed by the preloads it needs and the loader script. Nothing is collected during the render
// and patched in afterwards, so the page could be streamed, and nothing searches the HTML for a
// marker that user text could imitate. A page without islands gets no script at all.
import { languageAlternates } from "../lib/links";
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { createContext, useContext, useId, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { HydrationStrategy } from "../../client/hydration";
import { ISLANDS, type IslandName, type IslandProps } from "../../islands";
import type { Locale, T } from "../../locales";
import type { AuthState } from "../context";
import { setOldestOut } from "../lib/bounded-map";
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
  /** The cabinets' side bar was collapsed on an earlier page (the `cabinet_nav` cookie): drawn so, with no flash. */
  navCollapsed?: boolean;
  /** The operator's notice and contacts every page shows (loaded per request by server/pages.tsx). */
  site?: import("../services/operator-settings").SiteSettings;
  /** While renderPage renders: the kept fragments the page uses, each in the markup as a marker. */
  fragments?: Fragment[];
}

export interface FormState {
  kind: string;
  values: Record<string, string>;
  errors?: Record<string, string>;
  /** the answer's status (default 400 with errors): 409 when the record changed since the form was made;
   * 200 when the messages are a question the form asks before going on, not a mistake */
  status?: 200 | 400 | 403 | 404 | 409;
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
 * formats × 4 report types × 3 languages × 2 UIs fit), `reader` ones (one reader's report body, for
 * their next visit; ≈ 30 KB each) and `header` ones (the header as one reader sees it on one address;
 * ≈ 4 KB), apart so that neither readers nor passing visitors push out what others use. */
const FRAGMENT_STORES = {
  shared: { max: 700, map: new Map<string, Fragment>() },
  reader: { max: 500, map: new Map<string, Fragment>() },
  header: { max: 1000, map: new Map<string, Fragment>() },
};

/** Where a fragment goes in rendered markup: an empty element the split below replaces whole, so a
 * fragment adds no element of its own to the page (a wrapper would, for one, break a sticky header's
 * `position: sticky`); the nonce keeps any text from imitating one. */
const FRAGMENT_NONCE = randomBytes(6).toString("hex");
const FRAGMENT_MARKER = new RegExp(`<tf-fragment data-f="${FRAGMENT_NONCE}:(\\d+)"></tf-fragment>`);

/** Renders `node` in the page's context, collecting the kept fragments it uses: its markup as text
 * between fragments (for compress.ts) and whole. */
function renderWithFragments(ctx: PageContextValue, node: ReactNode): RenderedPage {
  const fragments: Fragment[] = [];
  const html = renderToString(<PageContext.Provider value={{ ...ctx, fragments }}>{node}</PageContext.Provider>);
  if (!fragments.length) return { html, parts: [html] };
  // split() with a capturing group: text, fragment index, text, …, text
  const parts = html.split(FRAGMENT_MARKER).map((piece, i) => (i % 2 ? fragments[Number(piece)]! : piece));
  return { html: parts.map((p) => (typeof p === "string" ? p : p.html)).join(""), parts };
}

/**
 * Markup rendered once per process and UI language, then reused while `cacheKey` stays the same:
 * the report's sections depend on the report text (its id and revision, both in `cacheKey`), not on
 * who reads them, and were half of a report page's render; a reader's report body depends on their
 * result (store `reader`); the header on its model (store `header`). `children` must depend on
 * nothing but `cacheKey` and the UI language; no island inside. A fragment inside another is part
 * of the outer one's markup. It adds no element: `children` are the markup.
 */
export function KeptMarkup({ cacheKey, store = "shared", children }: { cacheKey: string; store?: keyof typeof FRAGMENT_STORES; children: ReactNode }) {
  const ctx = usePage();
  if (!ctx.fragments) throw new Error("KeptMarkup outside renderPage");
  const { map, max } = FRAGMENT_STORES[store];
  const key = `${ctx.locale}|${cacheKey}`;
  const fragment = map.get(key) ?? setOldestOut(map, key, { html: renderWithFragments(ctx, children).html }, max);
  return <tf-fragment data-f={`${FRAGMENT_NONCE}:${ctx.fragments.push(fragment) - 1}`} />;
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
  /** Open Graph and similar `<meta property>` tags (a shared card's preview in a messenger). */
  meta?: Record<string, string>;
  /** Public pages list their address in each language (`hreflang`). */
  alternates?: boolean;
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
    navCollapsed: NAV_COLLAPSED.test(c.req.header("cookie") ?? ""),
  };
}

const NAV_COLLAPSED = /(?:^|;\s*)cabinet_nav=collapsed(?:;|$)/;

/** A rendered page: its HTML, and the same as text between kept fragments (for compress.ts). */
export interface RenderedPage {
  html: string;
  parts: (string | Fragment)[];
}

export function renderDocument(ctx: PageContextValue, node: ReactNode, opts: RenderOptions): string {
  return renderPage(ctx, node, opts).html;
}

export function renderPage(ctx: PageContextValue, node: ReactNode, opts: RenderOptions): RenderedPage {
  const body = renderWithFragments(ctx, node);
  const m = manifest();
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(opts.title)}</title>`,
    // every page has one (search engines show it): the page's own, else the service's
    `<meta name="description" content="${escapeHtml(opts.description || ctx.t("home.description"))}">`,
    ...Object.entries(opts.meta ?? {}).map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`),
    ...(opts.alternates
      ? languageAlternates(ctx.config.PUBLIC_URL, ctx.url).map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}">`)
      : []),
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    m.css ? `<link rel="stylesheet" href="${m.css}">` : "",
  ]
    .filter(Boolean)
    .join("");
  const open = `<!doctype html><html lang="${ctx.locale}"><head>${head}</head><body class="${escapeHtml(opts.bodyClass ?? "bg-white text-slate-900")}">`;
  const close = "</body></html>";
  // the body's parts begin and end with text (split() gives text at both ends)
  const parts = [...body.parts];
  parts[0] = open + (parts[0] as string);
  parts[parts.length - 1] = (parts.at(-1) as string) + close;
  return { html: open + body.html + close, parts };
}

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "tf-fragment": { "data-f": string };
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
