import { z } from "zod";
import type { SignedInContext } from "../../server/middleware/guards";
import { intlLocale } from "../../locales";
import { notFound } from "../../server/lib/errors";
import { doneKey, withDone } from "../../server/lib/notice";
import { forgetPerson } from "../../server/lib/http";
import { personForm, personPage } from "../_kit/site";
import { usePage } from "../../server/render/page";
import { formatIn } from "../../server/lib/time-zone";
import { deleteAccount, requestDeletionLink } from "../../server/services/accounts";
import { supportVisits } from "../../server/services/masquerade";
import { listUserSessions, revokeSession, revokeUserSessions, type SessionRow } from "../../server/services/sessions";
import { PublicLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";
import { primaryAction } from "../../server/lib/links";
import { useSignedIn } from "../../server/render/signed-in";
import { myCompanies, setConsent, SHARED_WITH_COMPANY } from "../../server/services/business/join";
import { type ResultView, viewsOfMe } from "../../server/services/business/views";
import { ConsentToggle, consentChoice } from "../_blocks/consent";

type Company = Awaited<ReturnType<typeof myCompanies>>[number];

/** The companies this person joined, each with the consent they can withdraw or give back. */
function CompaniesList({ companies }: { companies: Company[] }) {
  const { t } = usePage();
  // the same list the joining page shows, so the two can never disagree
  const shared = SHARED_WITH_COMPANY.map((s) => t(`cabinet.join.share.${s}`)).join(", ");
  return (
    <div className="card" data-testid="companies">
      <h2 className="mb-2 text-xl font-semibold">{t("auth.account.companiesTitle")}</h2>
      <p className="mb-4 text-slate-600">{t("auth.account.companiesLead")}</p>
      <ul className="divide-y divide-slate-100">
        {companies.map((m) => (
          <li key={m._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{m.project.name}</p>
              <p className="text-sm text-slate-500">{m.consent ? t("auth.account.companyShares", { list: shared }) : t("auth.account.companyHidden")}</p>
            </div>
            <ConsentToggle consent={m.consent} company={m.project.name} hidden={{ project: m.project._id }} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Who at the companies opened this person's results, and when: by role and name, never e-mail. */
function WhoViewed({ views }: { views: ResultView[] }) {
  const { t, locale, config } = usePage();
  return (
    <div className="card" data-testid="who-viewed">
      <h2 className="mb-2 text-xl font-semibold">{t("people.views.title")}</h2>
      <p className="mb-4 text-slate-600">{t("people.views.lead")}</p>
      {views.length === 0 ? (
        <p className="text-slate-500" data-testid="who-viewed-none">
          {t("people.views.none")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {views.map((v) => (
            <li
              key={`${v.project}-${v.role}-${v.viewer}-${v.kind}-${v.viewedAt.getTime()}`}
              className="flex flex-wrap justify-between gap-x-3 py-2"
              data-view-role={v.role}
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <strong className="font-semibold">{t(`people.views.role.${v.role}`)}</strong>
                {v.viewer ? ` · ${v.viewer}` : ""}
                <span className="block text-sm text-slate-700" data-view-kind={v.kind}>
                  {t(`people.views.kind.${v.kind}`)}
                </span>
                <span className="block text-sm text-slate-500">{v.project}</span>
              </span>
              <time className="text-sm tabular-nums text-slate-600" dateTime={v.viewedAt.toISOString()}>
                {formatIn(v.viewedAt, config.TIME_ZONE, intlLocale(locale), { dateStyle: "medium", timeStyle: "short" })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const SECTIONS = ["profile", "sessions", "data"] as const;
type Section = (typeof SECTIONS)[number];

function SessionsList({ sessions, current }: { sessions: SessionRow[]; current: string }) {
  const { t, locale, config } = usePage();
  return (
    <div className="space-y-3" data-testid="sessions">
      <p className="text-slate-600">{t("auth.account.sessionsLead")}</p>
      <ul className="divide-y divide-slate-100">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{s.userAgent ?? "—"}</p>
              <p className="text-sm text-slate-500">
                {t("auth.account.started", { date: formatIn(s.createdAt, config.TIME_ZONE, intlLocale(locale), { dateStyle: "short", timeStyle: "short" }) })}
                {s.ip ? ` · ${s.ip}` : ""}
                {s.id === current && <strong className="text-emerald-700"> · {t("auth.account.current")}</strong>}
              </p>
            </div>
            {s.id !== current && (
              <form method="post">
                <input type="hidden" name="_form" value="end-session" />
                <input type="hidden" name="session" value={s.id} />
                <button className="btn-secondary py-2 text-sm">{t("auth.account.end")}</button>
              </form>
            )}
          </li>
        ))}
      </ul>
      {sessions.length > 1 && (
        <form method="post">
          <input type="hidden" name="_form" value="end-others" />
          <button className="btn-secondary py-2 text-sm">{t("auth.account.endOthers")}</button>
        </form>
      )}
    </div>
  );
}

type Visit = Awaited<ReturnType<typeof supportVisits>>[number];

/** When the support team looked at (or acted in) this account, and why: the person always learns of a masquerade. */
function SupportVisits({ visits }: { visits: Visit[] }) {
  const { t, locale, config } = usePage();
  return (
    <div className="card" data-testid="support-visits">
      <h2 className="mb-2 text-xl font-semibold">{t("auth.account.supportTitle")}</h2>
      {visits.length === 0 ? (
        <p className="text-slate-600">{t("auth.account.supportNone")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {visits.map((v) => (
            <li key={v.at.getTime()} className="py-3 text-sm">
              {t(v.mode === "full" ? "auth.account.supportActed" : "auth.account.supportViewed", {
                date: formatIn(v.at, config.TIME_ZONE, intlLocale(locale)),
              })}
              {v.reason && (
                <>
                  {" "}
                  {t("auth.account.supportFor")} <q className="font-medium">{v.reason}</q>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Account({ data }: { data: { section: Section; sessions: SessionRow[]; companies: Company[]; visits: Visit[]; views: ResultView[] } }) {
  const { t, url } = usePage();
  const auth = useSignedIn();
  const first = primaryAction(auth);
  return (
    <PublicLayout>
      <div className="container-page max-w-4xl py-10">
        <h1 className="mb-6 text-2xl font-bold">{t("auth.account.title")}</h1>
        <nav className="mb-6 flex gap-2 overflow-x-auto" aria-label={t("auth.account.title")}>
          {SECTIONS.map((s) => (
            <a
              key={s}
              href={s === "profile" ? "/account" : `/account/${s}`}
              aria-current={s === data.section ? "page" : undefined}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${s === data.section ? "bg-slate-900 text-white" : "bg-slate-100 hover:bg-slate-200"}`}
            >
              {t(`auth.account.sections.${s}`)}
            </a>
          ))}
        </nav>
        {data.section === "profile" && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="card">
              <h2 className="mb-2 font-semibold">{t("auth.account.test")}</h2>
              <a href={first.href} className="btn-primary mt-2">
                {t(first.labelKey)}
              </a>
            </div>
            <div className="card">
              <h2 className="mb-2 font-semibold">{t("auth.profile.title")}</h2>
              <p className="text-slate-600">{auth.user.name ?? auth.user.email}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <a href="/profile" className="btn-secondary py-2 text-sm">
                  {t("auth.profile.title")}
                </a>
                <a href="/profile/edit#password" className="btn-secondary py-2 text-sm">
                  {t(auth.user.passwordHash ? "auth.password.title" : "auth.password.setTitle")}
                </a>
              </div>
            </div>
          </div>
        )}
        {data.section === "sessions" && (
          <div className="card">
            <h2 className="mb-3 text-xl font-semibold">{t("auth.account.sessionsTitle")}</h2>
            <SessionsList sessions={data.sessions} current={auth.sessionId} />
          </div>
        )}
        {data.section === "data" && (
          <div className="space-y-4">
            {data.companies.length > 0 && <CompaniesList companies={data.companies} />}
            {data.companies.length > 0 && <WhoViewed views={data.views} />}
            <SupportVisits visits={data.visits} />
            <div className="card">
              <h2 className="mb-2 text-xl font-semibold">{t("auth.account.dataTitle")}</h2>
              <p className="mb-4 text-slate-600">{t("auth.account.exportLead")}</p>
              <a href="/api/passport/export" className="btn-secondary" download>
                {t("auth.account.export")}
              </a>
            </div>
            <div className="card border-rose-200">
              <h2 className="mb-2 text-xl font-semibold text-rose-700">{t("auth.account.deleteTitle")}</h2>
              <p className="mb-4 text-slate-600">{t("auth.account.deleteLead")}</p>
              {auth.user.passwordHash ? (
                <ServerForm
                  kind="delete"
                  submit={t("auth.account.delete")}
                  fields={[{ name: "password", label: t("auth.account.deletePassword"), type: "password", required: true, autoComplete: "current-password" }]}
                />
              ) : (
                // made with an e-mail only: no password to ask for, so a mailed link confirms
                <ServerForm
                  kind="delete-link"
                  submit={t("auth.account.deleteSend")}
                  notice={doneKey(url) === "deleteSent" ? t("auth.account.deleteSent") : null}
                  fields={[]}
                >
                  <p className="text-slate-700">{t("auth.account.deleteByMail", { email: auth.user.email })}</p>
                </ServerForm>
              )}
            </div>
          </div>
        )}
      </div>
    </PublicLayout>
  );
}

const here = (c: SignedInContext) => new URL(c.req.url).pathname;

export default personPage({
  path: ["/account", "/account/:section"],
  params: z.object({ section: z.enum(SECTIONS).optional() }),
  load: async (c) => {
    const section = (c.req.param("section") ?? "profile") as Section;
    const db = c.get("scope").db;
    const [sessions, companies, visits, views] = await Promise.all([
      section === "sessions" ? listUserSessions(db, c.get("user").id) : [],
      section === "data" ? myCompanies(c.get("scope")) : [],
      section === "data" ? supportVisits(db, c.get("user").id) : [],
      section === "data" ? viewsOfMe(c.get("scope")) : [],
    ]);
    return { section, sessions, companies, visits, views };
  },
  title: (t) => t("auth.account.title"),
  Component: Account,
  forms: {
    "end-session": personForm({
      schema: z.object({ session: z.string({ error: "common.validation.required" }).min(1) }),
      run: async (scope, { session }, c) => {
        await revokeSession(scope.db, session, scope.user.id);
        return here(c);
      },
    }),
    "end-others": personForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        await revokeUserSessions(scope.db, scope.user.id, scope.auth.sessionId);
        return here(c);
      },
    }),
    consent: personForm({
      schema: z.object({ project: z.string({ error: "common.validation.required" }).min(1) }),
      // a company not theirs is a 404, even for an unconfirmed withdrawal, which changes nothing
      admit: async (scope, { project }) => {
        if (project && !(await myCompanies(scope)).some((m) => m.project._id === project)) throw notFound();
      },
      run: async (scope, { project }, c, values) => {
        const choice = consentChoice(values);
        if (choice !== null) await setConsent(c.get("scope"), scope.user, project, choice);
        return here(c);
      },
    }),
    "delete-link": personForm({
      schema: z.object({}),
      run: async (scope) => {
        await requestDeletionLink(scope);
        return withDone("/account/data#form-delete-link", "deleteSent");
      },
    }),
    delete: personForm({
      schema: z.object({ password: z.string({ error: "common.validation.required" }).min(1, "common.validation.required") }),
      run: async (scope, { password }, c) => {
        await deleteAccount(scope, { password });
        forgetPerson(c);
        return c.redirect("/?deleted=1", 303);
      },
    }),
  },
});
