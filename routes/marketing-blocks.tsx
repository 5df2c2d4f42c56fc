// The blocks a marketing page is made of (routes/marketing.tsx declares which, in what order):
// each draws its words from `pages.<ns>` and its data from the page's loader.
import { Fragment } from "react";
import { DEMO_FORMAT_CODE } from "../db/seed/content/reports";
import { formatRub, rubLabel } from "../server/lib/money";
import { usePage } from "../server/render/page";
import { ReportText } from "./_blocks/report-text";
import type { LeadKind } from "../server/services/leads";
import { CORPORATE_MIN, type PlanKey, type Plans, type Prices } from "../server/services/payments";
import type { ReportRow } from "../server/services/reports";
import { CardGrid, Faq, LeadForm, Section, Steps, useDemoFields, type FieldDef } from "./_blocks/blocks";
import { SectionCard } from "./report/section-card";
import { Promo, ReportTeaser } from "./home";
import type { Block, Data } from "./marketing";

// ------------------------------------------------------------------ blocks

function Hero({ ns, cta }: { ns: string; cta?: "signup" | "test" | "form" | "business" }) {
  const { t } = usePage();
  const href = { signup: "/signup", test: "/test/start", form: "#form", business: "/business_demo" }[cta ?? "signup"];
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page py-12 sm:py-16">
        <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-700">{t(`pages.${ns}.hero.kicker`)}</p>
        <h1 className="max-w-3xl text-3xl font-black leading-tight sm:text-5xl">{t(`pages.${ns}.title`)}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">{t(`pages.${ns}.hero.lead`)}</p>
        {cta && (
          <a href={href} className="btn-primary mt-8" data-testid="hero-cta">
            {t(`pages.${ns}.hero.cta`)}
          </a>
        )}
      </div>
    </section>
  );
}

function Text({ k }: { k: string }) {
  const { t } = usePage();
  const list = t.raw<string[] | undefined>(`${k}.list`);
  return (
    <Section title={t(`${k}.title`)}>
      <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-slate-700">
        {t.raw<string[]>(`${k}.paragraphs`).map((p) => (
          <p key={p}>{p}</p>
        ))}
        {Array.isArray(list) && (
          <ul className="list-disc space-y-2 pl-6 text-base">
            {list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

function LegalDoc({ k }: { k: string }) {
  const { t } = usePage();
  const sections = t.raw<{ title: string; paragraphs: string[] }[]>(`legal.${k}.sections`);
  return (
    <article className="container-page max-w-3xl py-12" data-testid="legal-doc">
      <h1 className="mb-2 break-words text-2xl font-black sm:text-3xl">{t(`pages.${k}.title`)}</h1>
      <p className="mb-8 text-sm text-slate-500">{t("legal.updated", { date: t(`legal.${k}.date`) })}</p>
      {sections.map((s, i) => (
        <section key={s.title} className="mb-8">
          <h2 className="mb-3 text-xl font-semibold">{`${i + 1}. ${s.title}`}</h2>
          {s.paragraphs.map((p, j) => (
            <p key={j} className="mb-3 leading-relaxed text-slate-700">
              {`${i + 1}.${j + 1}. ${p}`}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

const PLAN_ORDER: PlanKey[] = ["base", "norma", "full"];

function PlanCards({ prices, plans }: { prices: Prices; plans: Plans }) {
  const { t } = usePage();
  return (
    <Section id="plans" title={t("sales.plans.title")}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PLAN_ORDER.map((key) => (
          <div key={key} className="card flex flex-col" data-testid={`plan-${key}`}>
            <h3 className="text-lg font-bold">{t(`sales.plans.${key}.title`)}</h3>
            <p className="mt-1 text-sm text-slate-500">{t("sales.plans.from", { n: plans[key] })}</p>
            <p className="my-4">
              <span className="text-3xl font-black">{rubLabel(prices.perInvite[key])}</span>{" "}
              <span className="text-slate-500">{t("sales.plans.perInvite")}</span>
            </p>
            <p className="flex-1 text-slate-600">{t(`sales.plans.${key}.text`)}</p>
            <p className="mt-4 text-sm font-semibold text-brand-700">{t("sales.plans.owner")}</p>
            {/* the business cabinet asks a visitor to sign in (or up) first and then comes back */}
            <a href="/business" className="btn-primary mt-4" data-testid={`plan-buy-${key}`}>
              {t("sales.plans.buy")}
            </a>
          </div>
        ))}
        <div className="card flex flex-col bg-slate-900 text-white" data-testid="plan-corporate">
          <h3 className="text-lg font-bold">{t("sales.plans.corporate.title")}</h3>
          <p className="mt-1 text-sm text-slate-300">{t("sales.plans.corporateFrom", { n: CORPORATE_MIN })}</p>
          <p className="my-4 text-3xl font-black">{t("sales.plans.byRequest")}</p>
          <p className="flex-1 text-slate-300">{t("sales.plans.corporate.text")}</p>
          <a href="#form" className="btn mt-4 bg-white text-slate-900 hover:bg-slate-100">
            {t("sales.plans.ask")}
          </a>
        </div>
      </div>
    </Section>
  );
}

function ReportPrice({ prices }: { prices: Prices }) {
  const { t } = usePage();
  return (
    <Section tone="brand">
      <div className="flex flex-col items-start gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">{t("pages.product.price.title")}</h2>
          <p className="mt-2 max-w-2xl text-brand-100">{t("pages.product.price.text", { price: formatRub(prices.fullReport) })}</p>
        </div>
        <a href="/signup" className="btn bg-white text-brand-900 hover:bg-brand-50" data-testid="report-price" data-amount={prices.fullReport}>
          {t("pages.product.price.cta")}
        </a>
      </div>
    </Section>
  );
}

const STRUCTURES = ["system", "analytic", "balanced"] as const;
const LEVELS = ["low", "middle", "high"] as const;
const PACES = ["slow", "middle", "fast"] as const;

function FormatsGrid({ formats }: { formats: Data["formats"] }) {
  const { t, locale } = usePage();
  return (
    <Section id="formats" title={t("pages.theory.formatsTitle")} tone="muted">
      {STRUCTURES.map((s) => (
        <Fragment key={s}>
          <h3 className="mb-3 mt-6 text-lg font-bold first:mt-0">{t(`pages.structures.${s}`)}</h3>
          <div className="grid gap-3 sm:grid-cols-3">
            {formats
              .filter((f) => f.structure === s)
              .map((f) => (
                <div key={f.code} className="card" data-format={f.code}>
                  <p className="text-xs font-semibold uppercase text-brand-700">{f.code}</p>
                  <h4 className="mb-1 font-semibold">{f.name[locale]}</h4>
                  <p className="text-sm text-slate-600">{f.description[locale]}</p>
                </div>
              ))}
          </div>
        </Fragment>
      ))}
    </Section>
  );
}

/** The 27 formats as three 3 × 3 tables: volume in rows, presentation speed in columns. */
function Chart({ formats }: { formats: Data["formats"] }) {
  const { t, locale } = usePage();
  const at = (s: string, v: string, p: string) => formats.find((f) => f.structure === s && f.volume === v && f.presentation === p);
  return (
    <Section>
      <div className="grid gap-8 lg:grid-cols-3">
        {STRUCTURES.map((s) => (
          <div key={s} className="overflow-x-auto">
            <h2 className="mb-3 text-xl font-bold">{t(`pages.structures.${s}`)}</h2>
            <table className="w-full table-fixed border-separate border-spacing-1 text-center text-xs sm:text-sm" data-testid={`chart-${s}`}>
              <caption className="sr-only">{t(`pages.structures.${s}`)}</caption>
              <thead>
                <tr>
                  {PACES.map((p) => (
                    <th key={p} className="font-semibold text-slate-600">
                      {t(`pages.paces.${p}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              {/* The volume label gets a row of its own so three columns fit a 360 px screen. */}
              {LEVELS.map((v) => (
                <tbody key={v}>
                  <tr>
                    <th colSpan={3} scope="rowgroup" className="pt-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {t("pages.chart.volume", { level: t(`pages.levels.${v}`) })}
                    </th>
                  </tr>
                  <tr>
                    {PACES.map((p) => (
                      <td key={p} className="hyphens-auto break-words rounded-lg bg-brand-50 px-1 py-2 font-medium text-brand-900 sm:px-2">
                        {at(s, v, p)?.name[locale]}
                      </td>
                    ))}
                  </tr>
                </tbody>
              ))}
            </table>
          </div>
        ))}
      </div>
      <p className="mt-6 max-w-3xl text-slate-600">{t("pages.chart.note")}</p>
    </Section>
  );
}

/** A real base report of one format, as a reader would see it: three open blocks, the rest locked. */
function Sample({ sample, formats }: { sample: ReportRow | null; formats: Data["formats"] }) {
  const { t, locale } = usePage();
  const format = formats.find((f) => f.code === DEMO_FORMAT_CODE);
  if (!sample || !format) return null;
  return (
    <Section title={t("pages.demo.sampleTitle", { name: format.name[locale] })}>
      <ReportText text={sample.text} className="mb-6 max-w-3xl text-lg text-slate-700" />
      <div className="grid gap-4 md:grid-cols-3">
        {sample.sections.map((s) => (
          <SectionCard key={s.key} section={s} excerpt />
        ))}
      </div>
    </Section>
  );
}

function useFormFields(form: LeadKind): FieldDef[] {
  const { t } = usePage();
  const demo = useDemoFields();
  const message: FieldDef = { name: "message", label: t("common.forms.message"), type: "textarea" };
  switch (form) {
    case "demo":
      return [...demo, message];
    case "consultation":
      return [demo[0]!, demo[1]!, { ...demo[2]!, required: false }, message];
    case "webinar":
      return [demo[0]!, demo[2]!, { ...demo[1]!, required: false }];
    case "research":
      return [demo[0]!, demo[2]!, { ...message, required: true, hint: t("pages.lab.formHint") }];
  }
}

function Form({ form }: { form: LeadKind }) {
  const { t } = usePage();
  return (
    <Section id="form" tone="muted">
      <div className="mx-auto max-w-xl">
        <LeadForm kind={form} title={t(`sales.forms.${form}.title`)} submit={t(`sales.forms.${form}.submit`)} fields={useFormFields(form)} />
      </div>
    </Section>
  );
}

export function Render({ block, data }: { block: Block; data: Data }) {
  const { t } = usePage();
  const ns = data.page.ns;
  switch (block.kind) {
    case "hero":
      return <Hero ns={ns} cta={block.cta} />;
    case "promo":
      return <Promo total={data.total} ns={`pages.${ns}`} />;
    case "cards":
      return (
        <Section title={t(`${block.key}.title`)} tone={block.tone}>
          <CardGrid items={t.raw(`${block.key}.items`)} columns={block.columns} />
        </Section>
      );
    case "steps":
      return <Steps k={block.key} />;
    case "enterDemo":
      return (
        <Section>
          <form
            method="post"
            action="/api/business/masq"
            className="card flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid="enter-demo"
          >
            <p className="text-slate-700">{t("cabinet.demo.lead")}</p>
            <button type="submit" className="btn-primary whitespace-nowrap">
              {t("cabinet.demo.enter")}
            </button>
          </form>
        </Section>
      );
    case "text":
      return <Text k={block.key} />;
    case "faq":
      return <Faq title={t(`${block.key}.title`)} items={t.raw(`${block.key}.items`)} />;
    case "doc":
      return <LegalDoc k={block.key} />;
    case "plans":
      return data.prices && data.plans && <PlanCards prices={data.prices} plans={data.plans} />;
    case "reportPrice":
      return data.prices && <ReportPrice prices={data.prices} />;
    case "formats":
      return <FormatsGrid formats={data.formats} />;
    case "chart":
      return <Chart formats={data.formats} />;
    case "sample":
      return <Sample sample={data.sample} formats={data.formats} />;
    case "teaser":
      return <ReportTeaser />;
    case "form":
      return <Form form={block.form} />;
  }
}
