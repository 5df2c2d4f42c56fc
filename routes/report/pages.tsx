// The report pages: the latest result of the signed-in user, or one they own; the format, how
// sure the model is, the indicators (tabs and bars in CSS) and the report sections, with the
// paid blocks locked in the base report. Hidden until the e-mail is confirmed.
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../server/context";
import { notFound } from "../../server/lib/errors";
import { ID_PATTERN } from "../../server/lib/ids";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { resendConfirmation, resendWait } from "../../server/services/accounts";
import { certainty, formatOf, reportContent, type ReportType } from "../../server/services/reports";
import { latestCompleted, requireOwnResult, type ResultRow } from "../../server/services/testing";
import type { FormatRow } from "../../server/services/formats";
import { PublicLayout } from "../_layouts/public";
import { reportHref } from "../_layouts/links";

interface ReportData {
  result: ResultRow;
  format: FormatRow;
  runnerUp: FormatRow | null;
  type: "base" | "full";
  content: Awaited<ReturnType<typeof reportContent>>;
  confirmed: boolean;
  resendIn: number;
}

const pct = (v: number, min: number, max: number) => Math.max(0, Math.min(100, Math.round(((v - min) / (max - min)) * 100)));

function Bar({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="mb-4">
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-slate-600">{value}%</span>
      </div>
      <div className="h-3 overflow-hidden rounded-full bg-slate-100">
        <div className="bar-fill h-full rounded-full bg-brand-600" style={{ width: `${value}%` }} />
      </div>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

function Tabs({ name, tabs }: { name: string; tabs: { key: string; label: string; body: React.ReactNode }[] }) {
  return (
    <div className="tabs">
      {tabs.map((tab, i) => (
        <input key={tab.key} type="radio" name={name} id={`${name}-${tab.key}`} defaultChecked={i === 0} aria-label={tab.label} />
      ))}
      <div className="tab-labels mb-4 flex gap-2 overflow-x-auto" role="tablist">
        {tabs.map((tab) => (
          <label key={tab.key} htmlFor={`${name}-${tab.key}`} className="cursor-pointer whitespace-nowrap rounded-full bg-slate-100 px-4 py-2 text-sm font-semibold">
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

function Indicators({ ind }: { ind: Record<string, number> }) {
  const { t } = usePage();
  const label = (k: string) => t(`report.indicators.${k}`);
  return (
    <section className="card" data-testid="indicators">
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
                    <Bar label={label("system")} value={Math.round(ind[`${sphere}_SYSTEM`] ?? 0)} />
                    <Bar label={label("analytics")} value={Math.round(ind[`${sphere}_ANALYT`] ?? 0)} />
                  </div>
                )),
              },
              { key: "volume", label: label("volume"), body: <Bar label={label("volume")} value={Math.round(ind.volume ?? 0)} hint={t("report.hints.volume")} /> },
              {
                key: "presentation",
                label: label("presentation"),
                body: <Bar label={label("presentation")} value={pct(ind.presentation ?? 0, -100, 100)} hint={t("report.hints.presentation")} />,
              },
            ]}
          />
        </div>
        <div className="space-y-3">
          {[
            ["harmony", Math.round(ind.harmony ?? 0)],
            ["system", Math.round(ind.system ?? 0)],
            ["analytics", Math.round(ind.analytics ?? 0)],
            ["anxiety", pct(ind.anxiety ?? 0, -10, 10)],
          ].map(([k, v]) => (
            <div key={k} className="rounded-xl bg-slate-50 p-4">
              <Bar label={label(String(k))} value={Number(v)} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function Sections({ data }: { data: ReportData }) {
  const { t } = usePage();
  if (!data.content) return null;
  const groups = (["general", "career", "personal"] as const).map((tab) => ({
    key: tab,
    label: t(`report.tabs.${tab}`),
    body: (
      <div className="grid gap-4">
        {data.content!.sections
          .filter((s) => s.tab === tab)
          .map((s) => (
            <article key={s.key} className="card" data-section={s.key} data-locked={s.locked || undefined}>
              <h3 className="mb-2 text-lg font-semibold">
                {s.locked && <span aria-hidden>🔒 </span>}
                {s.title}
              </h3>
              {s.text.split(/\n{2,}/).map((p, i) => (
                <p key={i} className="mb-3 leading-relaxed text-slate-700">
                  {p}
                </p>
              ))}
              {s.locked && (
                <a href="/payment/report" className="btn-primary mt-2 py-2 text-sm" data-testid="buy">
                  {t("report.buy")}
                </a>
              )}
            </article>
          ))}
      </div>
    ),
  }));
  return (
    <section className="mt-8">
      <Tabs name="sections" tabs={groups} />
    </section>
  );
}

function ConfirmGate({ data }: { data: ReportData }) {
  const { t, auth, url } = usePage();
  return (
    <div className="card mx-auto max-w-xl text-center" data-testid="confirm-gate">
      <h1 className="mb-3 text-2xl font-bold">{t("report.confirmTitle")}</h1>
      <p className="mb-6 text-slate-700">{t("auth.confirm.needed", { email: auth!.user.email })}</p>
      {url.searchParams.get("resent") && <p className="mb-4 text-emerald-700">{t("auth.confirm.resent")}</p>}
      <form method="post">
        <button className="btn-primary" disabled={data.resendIn > 0} data-testid="resend">
          {t("auth.confirm.resend")}
        </button>
      </form>
      {data.resendIn > 0 && <p className="mt-3 text-sm text-slate-500">{t("auth.confirm.resendIn", { seconds: data.resendIn })}</p>}
    </div>
  );
}

function Report({ data }: { data: ReportData }) {
  const { t, locale } = usePage();
  if (!data.confirmed) {
    return (
      <PublicLayout>
        <div className="container-page py-12">
          <ConfirmGate data={data} />
        </div>
      </PublicLayout>
    );
  }
  const c = certainty(data.result);
  const quality = data.result.quality?.grade ?? "good";
  return (
    <PublicLayout>
      <div className="container-page max-w-5xl py-10" data-testid="report" data-format={data.format.code} data-type={data.type}>
        <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-700">{t("test.result.title")}</p>
        <h1 className="mb-3 text-3xl font-black sm:text-4xl" data-testid="format-name">
          {data.format.name[locale] || data.format.code}
        </h1>
        <p className="mb-4 max-w-3xl text-lg text-slate-700">{data.format.description[locale]}</p>
        <div className="mb-8 flex flex-wrap gap-3 text-sm">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-900">{t("test.result.probability", { p: c.probability })}</span>
          {c.runnerUp && data.runnerUp && (
            <span className="rounded-full bg-amber-50 px-3 py-1 text-amber-900">{t("test.result.runnerUp", { name: data.runnerUp.name[locale], p: c.runnerUpProbability })}</span>
          )}
        </div>
        <p className={`mb-8 rounded-xl p-4 ${quality === "good" ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900"}`} data-testid="quality" data-grade={quality}>
          {t(`test.result.quality.${quality}`)}
        </p>
        {data.content?.text && <p className="mb-8 max-w-3xl whitespace-pre-line leading-relaxed text-slate-700">{data.content.text}</p>}
        {data.result.indicators && <Indicators ind={data.result.indicators} />}
        <Sections data={data} />
      </div>
    </PublicLayout>
  );
}

async function loadReport(c: Context<AppEnv>, wanted: "base" | "full", resultId?: string): Promise<ReportData | Response> {
  const db = c.var.deps.db;
  const user = c.var.auth!.user;
  const result = resultId ? await requireOwnResult(db, user.id, resultId) : await latestCompleted(db, user.id);
  if (!result) return c.redirect("/test/start");
  if (!result.isCompleted || !result.formatCode) throw notFound();
  const type: "base" | "full" = wanted === "full" && user.isFull ? "full" : "base";
  if (wanted === "full" && type !== "full") return c.redirect(resultId ? `/report/${resultId}` : "/report/base");
  const lang = (c.req.query("report_lang") as "ru" | "en" | "ch" | undefined) ?? c.var.locale;
  return {
    result,
    format: await formatOf(db, result.formatCode),
    runnerUp: result.runnerUpCode ? await formatOf(db, result.runnerUpCode) : null,
    type,
    content: await reportContent(db, result.formatCode, type as ReportType, ["ru", "en", "ch"].includes(lang) ? lang : c.var.locale),
    confirmed: Boolean(user.emailConfirmedAt),
    resendIn: user.emailConfirmedAt ? 0 : await resendWait(db, user.id),
  };
}

const resend = async (c: Context<AppEnv>) => {
  const user = c.var.auth!.user;
  const ok = await resendConfirmation(c.var.deps, user).then(
    () => true,
    () => false,
  );
  const url = new URL(c.req.url);
  if (ok) url.searchParams.set("resent", "1");
  return c.redirect(url.pathname + url.search, 303);
};

const title = (t: import("../../locales").T) => t("test.result.title");

export const reportIndexPage = definePage({
  path: "/report",
  guards: ["auth"],
  load: (c) => c.redirect(reportHref(c.var.auth)),
  title,
  Component: () => null,
});

export const baseReportPage = definePage({ path: "/report/base", guards: ["auth"], load: (c) => loadReport(c, "base"), title, Component: Report, action: resend });
export const fullReportPage = definePage({ path: "/report/full", guards: ["auth"], load: (c) => loadReport(c, "full"), title, Component: Report, action: resend });

const idParams = z.object({ id: z.string().regex(ID_PATTERN) });
export const resultReportPage = definePage({
  path: "/report/:id",
  guards: ["auth"],
  params: idParams,
  load: (c) => loadReport(c, "base", c.req.param("id")),
  title,
  Component: Report,
  action: resend,
});
export const resultFullReportPage = definePage({
  path: "/report/:id/full",
  guards: ["auth"],
  params: idParams,
  load: (c) => loadReport(c, "full", c.req.param("id")),
  title,
  Component: Report,
  action: resend,
});
