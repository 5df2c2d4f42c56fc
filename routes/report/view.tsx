import { KeptMarkup, usePage } from "../../server/render/page";
import { ServerForm } from "../_blocks/blocks";
import { ShareBlock } from "./share-block";
import { rubLabel } from "../../server/lib/money";
import { adviceKeys, certainty, contentLanguage, htmlLang, reportSummary, type ReportRow, type ReportView } from "../../server/services/reports";
import type { Indicators } from "../../model";
import { structureProfile } from "../../model/scoring";
import { ReportContents, ReportParts } from "./contents";
import { ReportText } from "../_blocks/report-text";
import { PublicLayout } from "../_layouts/public";
import { withLang } from "../../server/lib/links";
import { doneKey } from "../../server/lib/notice";
import { Notice } from "../_kit";
import { useSignedIn } from "../../server/render/signed-in";

export interface ReportData {
  view: ReportView;
  confirmed: boolean;
  resendIn: number;
  /** Set on the manager's read-only views. */
  managerOf?: string;
  /** The companies the reader works for (joined by invitation): their report is not sold to them section by section. */
  employers?: string[];
  /** The full report's list price in kopecks, said on every Buy button of a base report (before the checkout). */
  price?: number;
  /** The reader's own report: the code their format is shared under (null: not shared). */
  shareCode?: string | null;
}

const pct = (v: number, min: number, max: number) => Math.max(0, Math.min(100, Math.round(((v - min) / (max - min)) * 100)));

function Bar({ label, value, hint, testId, name }: { label: string; value: number; hint?: string; testId?: string; name?: string }) {
  return (
    <div className="mb-4" data-testid={testId} data-value={value}>
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-slate-600">{value}%</span>
      </div>
      <div
        className="h-3 overflow-hidden rounded-full bg-slate-100"
        role="meter"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={name ?? label}
      >
        <div className="bar-fill h-full rounded-full bg-brand-600" style={{ width: `${value}%` }} />
      </div>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

function Advice({ k }: { k: string }) {
  const { t } = usePage();
  return (
    <div className="mt-2 text-sm" data-advice={k}>
      <p className="font-semibold text-slate-800">{t(`${k}.title`)}</p>
      <p className="text-slate-600">{t(`${k}.text`)}</p>
    </div>
  );
}

/** Tabs without JavaScript: radio inputs and labels, shown by CSS (server/render/app.css). To
 * assistive technology they are what they are, a radio group (arrow keys switch): ARIA tab roles
 * would need tab children and script-managed focus. */
function Tabs({ name, tabs }: { name: string; tabs: { key: string; label: string; body: React.ReactNode }[] }) {
  return (
    <div className="tabs">
      {tabs.map((tab, i) => (
        <input key={tab.key} type="radio" name={name} id={`${name}-${tab.key}`} defaultChecked={i === 0} aria-label={tab.label} />
      ))}
      <div className="tab-labels mb-4 flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <label key={tab.key} htmlFor={`${name}-${tab.key}`} className="max-w-full cursor-pointer rounded-full bg-slate-100 px-4 py-2 text-sm font-semibold">
            {tab.label}
          </label>
        ))}
      </div>
      <div className="tab-panels">
        {tabs.map((tab) => (
          <div key={tab.key} className="tab-panel" data-tab={tab.key}>
            {tab.body}
          </div>
        ))}
      </div>
    </div>
  );
}

function IndicatorsBlock({ ind }: { ind: Indicators }) {
  const { t } = usePage();
  const label = (k: string) => t(`report.indicators.${k}`);
  const advice = adviceKeys(ind);
  const side: [keyof typeof advice, number][] = [
    ["harmony", Math.round(ind.harmony)],
    ["system", Math.round(ind.system)],
    ["analytics", Math.round(ind.analytics)],
    // −10 confident … 10 anxious; the bar shows confidence
    ["anxiety", pct(-ind.anxiety, -10, 10)],
  ];
  return (
    <section className="card" id="indicators" data-testid="indicators">
      <h2 className="mb-4 text-xl font-bold">{t("test.result.indicators")}</h2>
      <div className="grid gap-6 md:grid-cols-3">
        <div className="md:col-span-2">
          <Tabs
            name="ind"
            tabs={[
              {
                key: "structure",
                label: label("structure"),
                body: (["ME", "WE", "WR"] as const).map((sphere) => (
                  <div key={sphere} className="mb-2">
                    <p className="mb-2 text-sm font-semibold text-slate-500">{t(`report.spheres.${sphere}`)}</p>
                    <Bar
                      label={label("system")}
                      name={`${label("system")}: ${t(`report.sphereShort.${sphere}`)}`}
                      value={Math.round(ind[`${sphere}_SYSTEM`])}
                      testId={`bar-${sphere}_SYSTEM`}
                    />
                    <Bar
                      label={label("analytics")}
                      name={`${label("analytics")}: ${t(`report.sphereShort.${sphere}`)}`}
                      value={Math.round(ind[`${sphere}_ANALYT`])}
                      testId={`bar-${sphere}_ANALYT`}
                    />
                  </div>
                )),
              },
              {
                key: "volume",
                label: label("volume"),
                body: (
                  <>
                    <Bar label={label("volume")} value={Math.round(ind.volume)} hint={t("report.hints.volume")} testId="bar-volume" />
                    <Advice k={advice.volume} />
                  </>
                ),
              },
              {
                key: "presentation",
                label: label("presentation"),
                body: (
                  <>
                    <Bar
                      label={label("presentation")}
                      value={pct(ind.presentation, -100, 100)}
                      hint={t("report.hints.presentation")}
                      testId="bar-presentation"
                    />
                    <Advice k={advice.presentation} />
                  </>
                ),
              },
            ]}
          />
        </div>
        <div className="space-y-3">
          {side.map(([k, v]) => (
            <div key={k} className="rounded-xl bg-slate-50 p-4">
              <Bar label={label(k)} value={v} testId={`bar-${k}`} />
              <Advice k={advice[k]} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The report's sections: the same for every reader of this text, so rendered once (KeptMarkup). */
function Sections({ content, upsell, price }: { content: ReportRow | null; upsell: boolean; price?: number }) {
  if (!content) return null;
  return (
    <div>
      <KeptMarkup cacheKey={`report-sections|${content.id}|${content.revision}|${upsell ? 1 : 0}`}>
        <SectionList content={content} upsell={upsell} price={price} />
      </KeptMarkup>
    </div>
  );
}

/** "Unlock the full report for 990 ₽": the price is known before the checkout. */
function BuyLabel({ price }: { price?: number }) {
  const { t } = usePage();
  // the amount and its ₽ never part at a line's end
  return <>{price ? t("report.buyFor", { price: rubLabel(price).replace(/ (?=₽)/, "\u00a0") }) : t("report.buy")}</>;
}

function SectionList({ content, upsell, price }: { content: ReportRow; upsell: boolean; price?: number }) {
  const locked = upsell ? (
    <a href="/payment/report" className="btn-primary mt-2 py-2 text-sm" data-testid="buy">
      <BuyLabel price={price} />
    </a>
  ) : undefined;
  return <ReportParts content={content} locked={locked} />;
}

function ConfirmGate({ data }: { data: ReportData }) {
  const { t, url, form } = usePage();
  const auth = useSignedIn();
  return (
    <div className="card mx-auto max-w-xl text-center" data-testid="confirm-gate">
      <h1 className="mb-3 text-2xl font-bold">{t("report.confirmTitle")}</h1>
      <p className="mb-6 text-slate-700">{t("auth.confirm.needed", { email: auth.user.email })}</p>
      {doneKey(url) === "resent" && <Notice>{t("auth.confirm.resent")}</Notice>}
      <form method="post">
        <input type="hidden" name="_form" value="resend" />
        <button className="btn-primary" disabled={data.resendIn > 0} data-testid="resend">
          {t("auth.confirm.resend")}
        </button>
      </form>
      {data.resendIn > 0 && <p className="mt-3 text-sm text-slate-600">{t("auth.confirm.resendIn", { seconds: data.resendIn })}</p>}
      {/* a mistyped address is not a dead end: it can be corrected until it is confirmed */}
      <details className="mt-6 text-left" open={form?.kind === "email"} data-testid="correct-email">
        <summary className="text-center font-semibold text-brand-700 underline">{t("auth.confirm.correct")}</summary>
        <div className="mt-4">
          <ServerForm
            kind="email"
            submit={t("auth.confirm.correctSubmit")}
            fields={[{ name: "email", label: t("auth.confirm.newEmail"), type: "email", required: true, autoComplete: "email" }]}
          />
        </div>
      </details>
    </div>
  );
}

function LanguageSwitch({ view }: { view: ReportView }) {
  const { t, url } = usePage();
  const current = view.content?.language ?? view.language;
  return (
    <nav className="flex items-center gap-2 text-sm" aria-label={t("report.readIn")}>
      <span className="text-slate-500">{t("report.readIn")}:</span>
      {(["ru", "en"] as const).map((l) => {
        const params = new URLSearchParams(url.search);
        params.set("report_lang", l);
        return (
          <a
            key={l}
            href={`${url.pathname}?${params}`}
            className={`rounded px-2 py-1 font-semibold ${current === l ? "bg-brand-600 text-white" : "text-brand-700"}`}
            aria-current={current === l || undefined}
          >
            {l.toUpperCase()}
          </a>
        );
      })}
    </nav>
  );
}

export function Report({ data }: { data: ReportData }) {
  const { url } = usePage();
  if (!data.confirmed) {
    return (
      <PublicLayout>
        <div className="container-page py-12">
          <ConfirmGate data={data} />
        </div>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <KeptMarkup store="reader" cacheKey={reportBodyKey(data, url)}>
        <ReportBody data={data} />
      </KeptMarkup>
      {data.shareCode !== undefined && <ShareBlock code={data.shareCode} />}
    </PublicLayout>
  );
}

/** The report itself: rendered only when the reader's kept body is missing (reportBodyKey). */
function ReportBody({ data }: { data: ReportData }) {
  const { t, locale, url } = usePage();
  const { view } = data;
  const c = certainty(view.result);
  const lang = contentLanguage(view, locale);
  const quality = view.result.quality?.grade ?? "good";
  // equal system and analytics bands make a balanced format; both low or both high is said out loud
  const balancedAs = view.result.indicators ? structureProfile(view.result.indicators as unknown as Indicators).balancedAs : null;
  return (
    <div className="container-page max-w-5xl py-10" data-testid="report" data-format={view.format.code} data-type={view.type}>
      {data.managerOf && (
        // the way back to the back-office: the result and its person
        <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 rounded-xl bg-slate-100 p-3 text-sm" data-testid="manager-view">
          <span>{t("report.manager", { email: data.managerOf })}</span>
          <a href={`/manager/results/${view.result.id}`} className="text-brand-700 hover:underline" data-testid="back-to-result">
            ← {t("report.managerResult")}
          </a>
          <a href={`/manager/users/${view.owner.id}`} className="text-brand-700 hover:underline" data-testid="back-to-user">
            {t("report.managerUser")}
          </a>
        </p>
      )}
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {t("test.result.title")} · {t(view.type === "full" ? "report.fullBadge" : "report.baseBadge")}
        </p>
        <LanguageSwitch view={view} />
      </div>
      {/* the report's own words carry their language: read in the other one, a screen reader switches voice */}
      <h1 className="mb-3 text-3xl font-black sm:text-4xl" data-testid="format-name" lang={lang}>
        {view.format.name[lang] || view.format.code}
      </h1>
      <div data-testid="summary">
        <ReportText
          text={reportSummary(view, lang)}
          lang={view.content?.text ? htmlLang(view.content.language) : lang}
          className="mb-4 max-w-3xl whitespace-pre-line text-lg text-slate-700"
        />
      </div>
      <div className="mb-6 flex flex-wrap gap-3 text-sm">
        <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-900" data-testid="certainty" data-confirmed={c.confirmed ? "1" : undefined}>
          {c.confirmed ? t("test.result.confirmedBySpecialist") : t("test.result.probability", { p: c.probability })}
        </span>
        {c.between && view.runnerUp ? (
          <span className="rounded-full bg-amber-50 px-3 py-1 font-semibold text-amber-900" data-testid="between">
            {t("test.result.between", { a: view.format.name[lang] || view.format.code, b: view.runnerUp.name[lang] || view.runnerUp.code })}
          </span>
        ) : (
          c.runnerUp &&
          view.runnerUp && (
            <span className="rounded-full bg-amber-50 px-3 py-1 text-amber-900" data-testid="runner-up">
              {t("test.result.runnerUp", { name: view.runnerUp.name[lang] || view.runnerUp.code, p: c.runnerUpProbability })}
            </span>
          )
        )}
      </div>
      {c.between && (
        <p className="mb-4 max-w-3xl text-sm text-slate-600" data-testid="between-note" data-rules-lead={c.rulesLead ? "1" : undefined}>
          {t("test.result.betweenNote")}
          {c.rulesLead && <span className="mt-1 block">{t("test.result.rulesLead")}</span>}
        </p>
      )}
      {balancedAs && balancedAs !== "both-middle" && (
        <p className="mb-4 max-w-3xl text-sm text-slate-600" data-testid="structure-note" data-structure={balancedAs}>
          {t(`test.result.structure.${balancedAs}`)}
        </p>
      )}
      <p
        className={`mb-8 rounded-xl p-4 ${quality === "good" ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900"}`}
        data-testid="quality"
        data-grade={quality}
      >
        {t(`test.result.quality.${quality}`)}
        {view.result.quality?.flags.includes("misfit") && (
          <span className="mt-2 block" data-testid="misfit">
            {t("test.result.misfit")}
          </span>
        )}
        {view.result.quality?.flags.includes("manyDontKnow") && <span className="mt-2 block">{t("test.result.manyDontKnow")}</span>}
      </p>
      {view.type === "full" && !data.managerOf && (
        <p className="mb-8">
          <a
            href={`/report/pdf/full?result=${view.result.id}&report_lang=${view.content?.language ?? view.language}`}
            className="btn-secondary"
            data-testid="pdf"
            download
          >
            {t("report.pdf.download")}
          </a>
        </p>
      )}
      <ReportContents content={view.content} indicators={!!view.result.indicators} />
      {/* an employee invited by a company is told who pays for what, once, not sold to ×10 */}
      <Sections content={view.content} upsell={view.type === "base" && !data.employers?.length} price={data.price} />
      {/* the numbers after the words: a phone reader meets the description first */}
      {view.result.indicators && (
        <div className="mt-8">
          <IndicatorsBlock ind={view.result.indicators as unknown as Indicators} />
        </div>
      )}
      {view.type === "base" && !data.managerOf && data.employers?.length ? (
        <div className="mt-8 rounded-xl bg-slate-100 p-4 text-sm text-slate-700" data-testid="employer-pays">
          <p>{t("people.report.employerNote", { company: data.employers.map((n) => (locale === "ru" ? `«${n}»` : `“${n}”`)).join(", ") })}</p>
          <a href={withLang(new URL("/payment/report", url), locale)} className="btn-secondary mt-3 py-2 text-sm">
            {t("people.report.ownFull")}
          </a>
        </div>
      ) : (
        view.type === "base" &&
        !data.managerOf && (
          <div className="mt-8 text-center">
            <a href={withLang(new URL("/payment/report", url), locale)} className="btn-primary" data-testid="buy-full" data-amount={data.price}>
              <BuyLabel price={data.price} />
            </a>
          </div>
        )
      )}
    </div>
  );
}

/**
 * Everything a report's body is drawn from, as the key of its rendered markup (a fragment cache
 * keyed like Rails' cache keys, by content rather than by a timestamp): the result row as stored,
 * the formats' and the text's revisions (raised on any change), the view, who is looking on whose
 * behalf, and the address (the language switch links to it). A reader who comes back, or reloads,
 * gets the body without rendering it again; any change to what it shows makes another key.
 */
function reportBodyKey({ view, managerOf, employers, price }: ReportData, url: URL) {
  const stamp = (row: { revision: number } | null, id: string | undefined) => (row ? `${id}.${row.revision}` : "-");
  return [
    "report-body",
    view.type,
    view.language,
    stamp(view.content, view.content?.id),
    stamp(view.format, view.format.code),
    stamp(view.runnerUp, view.runnerUp?.code),
    managerOf ?? "",
    (employers ?? []).join(","),
    price ?? "",
    url.pathname + url.search,
    JSON.stringify(view.result),
  ].join("|");
}
