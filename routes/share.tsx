// The public card of a shared format (/share/{code}) and its preview image (/share/{code}/card, an
// SVG drawn here): what a messenger shows when the link is pasted. The format alone: no answers,
// no indicators, no e-mail, no name.
import { svgToPng } from "../server/lib/card-image";
import { z } from "zod";
import type { Localized } from "../db/schema";
import { notFound } from "../server/lib/errors";
import { definePage } from "../server/render/define";
import { escapeHtml, usePage } from "../server/render/page";
import { sharedFormat } from "../server/services/share";
import type { Locale } from "../locales";
import { PublicLayout } from "./_layouts/public";

interface Card {
  code: string;
  formatCode: string;
  /** in the page's language */
  name: string;
  summary: string;
  image: string;
  url: string;
}

const pick = (v: Localized, locale: Locale) => (locale === "en" ? v.en || v.ru : v.ru || v.en) ?? "";
/** The first sentence or two: a card, not the report. */
const summary = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?])\s/)
    .slice(0, 2)
    .join(" ");

function SharedCard({ data }: { data: Card }) {
  const { t } = usePage();
  return (
    <PublicLayout>
      <div className="container-page max-w-2xl py-10">
        <article className="card" data-testid="shared-card" data-format={data.formatCode}>
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-700">{t("report.share.kicker")}</p>
          <h1 className="mb-4 text-3xl font-black leading-tight">{data.name}</h1>
          <p className="text-lg text-slate-700">{data.summary}</p>
        </article>
        <div className="mt-8 text-center">
          <a href="/" className="btn-primary">
            {t("report.share.cta")}
          </a>
          <p className="mt-3 text-sm text-slate-600">{t("report.share.ctaLead")}</p>
        </div>
      </div>
    </PublicLayout>
  );
}

const params = z.object({ code: z.string().regex(/^[a-z2-7]{16}$/) });

async function loadCard(c: import("hono").Context): Promise<Card> {
  const code = c.req.param("code")!;
  const format = await sharedFormat(c.get("scope").db, code);
  if (!format) throw notFound();
  const base = c.get("scope").deps.config.PUBLIC_URL;
  const locale = c.get("locale");
  return {
    code,
    formatCode: format.code,
    name: pick(format.name, locale),
    summary: summary(pick(format.description, locale)),
    image: `${base}/share/${code}/card?lang=${locale}`,
    url: `${base}/share/${code}`,
  };
}

export const sharedCardPage = definePage({
  path: "/share/:code",
  params,
  load: loadCard,
  title: (t, data) => t("report.share.pageTitle", { name: data.name }),
  description: (_t, data) => data.summary,
  meta: (t, data) => ({
    "og:type": "website",
    "og:title": t("report.share.pageTitle", { name: data.name }),
    "og:description": data.summary,
    "og:url": data.url,
    "og:image": data.image,
    "og:image:type": "image/png",
    "og:image:width": "1200",
    "og:image:height": "630",
  }),
  Component: SharedCard,
});

/** The card's preview image: the format's name on the brand's colours, 1200×630, as PNG. */
export const sharedCardImage = definePage({
  path: "/share/:code/card",
  params,
  load: async (c) => {
    const card = await loadCard(c);
    const t = c.get("t");
    const name = card.name;
    // two lines at most, broken between words
    const words = name.split(" ");
    const lines =
      name.length > 22 && words.length > 1
        ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")]
        : [name];
    const text = (s: string) => escapeHtml(s);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e2a6e"/><stop offset="1" stop-color="#3b55e6"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<text x="80" y="150" fill="#dbe6fe" font-family="Roboto" font-size="40" font-weight="700">${text(t("report.share.kicker"))}</text>
${lines.map((l, i) => `<text x="80" y="${290 + i * 100}" fill="#ffffff" font-family="Roboto" font-size="88" font-weight="900">${text(l)}</text>`).join("\n")}
<text x="80" y="560" fill="#dbe6fe" font-family="Roboto" font-size="36">${text(t("common.brand"))}</text>
</svg>`;
    return c.body(new Uint8Array(await svgToPng(svg)), 200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=300" });
  },
  title: () => "",
  Component: () => null,
});
