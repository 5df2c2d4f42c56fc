import type { Context } from "hono";
import { DEMO_FORMAT_CODE } from "../db/seed/content/reports";
import { definePage, type PageDef } from "../server/render/define";
import { listFormats } from "../server/services/formats";
import type { LeadKind } from "../server/services/leads";
import { getPlans, getPrices, type Plans, type Prices } from "../server/services/payments";
import { reportContent, type ReportRow } from "../server/services/reports";
import { totalUsers } from "../server/services/stats";
import { PublicLayout } from "./_layouts/public";
import { Render } from "./marketing-blocks";

export type Block =
  /** Title, kicker, lead and a call to action, from `<page>.hero`. */
  | { kind: "hero"; cta?: "signup" | "test" | "form" | "business" }
  /** The landing promo with the sign-up form and the counter, from `<page>.promo`. */
  | { kind: "promo" }
  | { kind: "cards"; key: string; columns?: 2 | 3 | 4; tone?: "muted" }
  | { kind: "steps"; key: string }
  | { kind: "text"; key: string }
  | { kind: "faq"; key: string }
  /** A legal document from legal.json. */
  | { kind: "doc"; key: "offer" | "policy" | "terms" }
  | { kind: "plans" }
  | { kind: "reportPrice" }
  | { kind: "formats" }
  | { kind: "chart" }
  | { kind: "sample" }
  | { kind: "teaser" }
  | { kind: "form"; form: LeadKind }
  /** The way into the read-only demo company: a POST to /api/business/masq (business cabinet). */
  | { kind: "enterDemo" };

interface MarketingPage {
  path: string;
  /** The page's namespace: `pages.<ns>` holds title, description and its own blocks' words. */
  ns: string;
  blocks: Block[];
  /** Sales pages get the sales layout, whose header leads to their form. */
  sales?: true;
}

const landing = (path: string, ns: string): MarketingPage => ({
  path,
  ns,
  blocks: [{ kind: "promo" }, { kind: "steps", key: "home.how" }, { kind: "teaser" }, { kind: "faq", key: "home.faq" }],
});
const legal = (key: "offer" | "policy" | "terms"): MarketingPage => ({ path: `/${key}`, ns: key, blocks: [{ kind: "doc", key }] });
const sales = (path: string, ns: string, form: LeadKind, extra: Block[] = []): MarketingPage => ({
  path,
  ns,
  sales: true,
  blocks: [
    { kind: "hero", cta: "form" },
    { kind: "cards", key: "sales.features", columns: 3 },
    ...extra,
    { kind: "plans" },
    { kind: "cards", key: "sales.terms", columns: 2, tone: "muted" },
    { kind: "form", form },
  ],
});

export const MARKETING_PAGES: MarketingPage[] = [
  {
    path: "/about",
    ns: "about",
    blocks: [
      { kind: "hero", cta: "signup" },
      { kind: "text", key: "pages.about.story" },
      { kind: "cards", key: "pages.about.principles" },
      { kind: "cards", key: "pages.about.team", tone: "muted" },
    ],
  },
  {
    path: "/product",
    ns: "product",
    blocks: [
      { kind: "hero", cta: "signup" },
      { kind: "cards", key: "pages.product.parts", columns: 2 },
      { kind: "reportPrice" },
      { kind: "teaser" },
      { kind: "faq", key: "home.faq" },
    ],
  },
  legal("offer"),
  legal("policy"),
  legal("terms"),
  {
    path: "/theory",
    ns: "theory",
    blocks: [
      { kind: "hero", cta: "signup" },
      { kind: "text", key: "pages.theory.axes" },
      { kind: "cards", key: "pages.theory.indicators", columns: 4, tone: "muted" },
      { kind: "formats" },
      { kind: "text", key: "pages.theory.method" },
    ],
  },
  {
    path: "/lab",
    ns: "lab",
    blocks: [
      { kind: "hero", cta: "form" },
      { kind: "text", key: "pages.lab.forum" },
      { kind: "cards", key: "pages.lab.directions", tone: "muted" },
      { kind: "form", form: "research" },
    ],
  },
  {
    path: "/tools",
    ns: "tools",
    blocks: [
      { kind: "hero", cta: "business" },
      { kind: "cards", key: "sales.features" },
      { kind: "steps", key: "pages.tools.how" },
      { kind: "form", form: "webinar" },
    ],
  },
  { path: "/chart", ns: "chart", blocks: [{ kind: "hero", cta: "signup" }, { kind: "chart" }] },
  { path: "/demo", ns: "demo", blocks: [{ kind: "hero", cta: "signup" }, { kind: "sample" }] },
  {
    path: "/intro",
    ns: "intro",
    blocks: [
      { kind: "hero", cta: "test" },
      { kind: "steps", key: "pages.intro.tips" },
      { kind: "faq", key: "home.faq" },
    ],
  },
  landing("/campaign/ad", "campaignAd"),
  ...[1, 2, 3, 4, 5, 6].map((n) => landing(`/landing/${n}`, `landing${n}`)),
  landing("/index2", "index2"),
  landing("/index3", "index3"),
  sales("/salles", "salles", "demo"),
  sales("/b2b2", "b2b2", "consultation"),
  {
    path: "/b2b-free-test",
    ns: "b2bFreeTest",
    sales: true,
    blocks: [
      { kind: "hero", cta: "form" },
      { kind: "steps", key: "pages.b2bFreeTest.steps" },
      { kind: "cards", key: "sales.features" },
      { kind: "form", form: "demo" },
    ],
  },
  sales("/business_demo", "businessDemo", "demo", [{ kind: "enterDemo" }, { kind: "steps", key: "pages.businessDemo.steps" }]),
];

export interface Data {
  page: MarketingPage;
  prices: Prices | null;
  plans: Plans | null;
  total: number;
  formats: Awaited<ReturnType<typeof listFormats>>;
  sample: ReportRow | null;
}

async function load(c: Context, page: MarketingPage): Promise<Data> {
  const db = c.get("scope").db;
  const needs = (...kinds: Block["kind"][]) => page.blocks.some((b) => kinds.includes(b.kind));
  const [prices, plans, total, formats, sample] = await Promise.all([
    needs("plans", "reportPrice") ? getPrices(db) : null,
    needs("plans") ? getPlans(db) : null,
    needs("promo") ? totalUsers(db) : 0,
    needs("formats", "chart", "sample") ? listFormats(db) : [],
    needs("sample") ? reportContent(db, DEMO_FORMAT_CODE, "base", c.get("locale")) : null,
  ]);
  return { page, prices, plans, total, formats, sample };
}

function Marketing({ data }: { data: Data }) {
  return (
    <PublicLayout menu={data.page.sales ? "sales" : "public"}>
      <div data-page={data.page.ns}>
        {data.page.blocks.map((block, i) => (
          <Render key={i} block={block} data={data} />
        ))}
      </div>
    </PublicLayout>
  );
}

export const marketingRoutes: PageDef<Data>[] = MARKETING_PAGES.map((page) =>
  definePage<Data>({
    path: page.path,
    load: (c) => load(c, page),
    title: (t) => t(`pages.${page.ns}.title`),
    description: (t) => t(`pages.${page.ns}.description`),
    Component: Marketing,
    publicCache: true,
  }),
);
