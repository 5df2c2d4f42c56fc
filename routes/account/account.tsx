import { z } from "zod";
import { requestScope } from "../../server/middleware/guards";
import { intlLocale } from "../../locales";
import { handleForm } from "../../server/lib/forms";
import { clearSessionCookies } from "../../server/lib/http";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { deleteAccount } from "../../server/services/accounts";
import { supportVisits } from "../../server/services/masquerade";
import { listUserSessions, revokeSession, revokeUserSessions, type SessionRow } from "../../server/services/sessions";
import { PublicLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";
import { primaryAction } from "../../server/lib/links";
import { useSignedIn } from "../../server/render/signed-in";
import { myCompanies, setConsent, SHARED_WITH_COMPANY } from "../../server/services/business/join";

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
            <form method="post">
              <input type="hidden" name="_form" value="consent" />
              <input type="hidden" name="project" value={m.project._id} />
              <input type="hidden" name="consent" value={m.consent ? "0" : "1"} />
              <button className="btn-secondary py-2 text-sm" data-testid="account-consent">
                {m.consent ? t("cabinet.join.withdraw") : t("cabinet.join.giveBack")}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </div>
  );
}

const SECTIONS = ["profile", "sessions", "data"] as const;
type Section = (typeof SECTIONS)[number];

function SessionsList({ sessions, current }: { sessions: SessionRow[]; current: string }) {
  const { t, locale } = usePage();
  return (
    <div className="space-y-3" data-testid="sessions">
      <p className="text-slate-600">{t("auth.account.sessionsLead")}</p>
      <ul className="divide-y divide-slate-100">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{s.userAgent ?? "—"}</p>
              <p className="text-sm text-slate-500">
                {t("auth.account.started", { date: s.createdAt.toLocaleString(intlLocale(locale)) })}
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
  const { t, locale } = usePage();
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
                date: v.at.toLocaleString(intlLocale(locale), { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Moscow" }),
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

function Account({ data }: { data: { section: Section; sessions: SessionRow[]; companies: Company[]; visits: Visit[] } }) {
  const { t } = usePage();
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
                  {t("auth.password.title")}
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
              <ServerForm
                kind="delete"
                submit={t("auth.account.delete")}
                fields={[{ name: "password", label: t("auth.account.deletePassword"), type: "password", required: true, autoComplete: "current-password" }]}
              />
            </div>
          </div>
        )}
      </div>
    </PublicLayout>
  );
}

export default definePage({
  path: ["/account", "/account/:section"],
  guards: ["auth"],
  params: z.object({ section: z.enum(SECTIONS).optional() }),
  load: async (c) => {
    const section = (c.req.param("section") ?? "profile") as Section;
    const db = c.get("deps").db;
    const [sessions, companies, visits] = await Promise.all([
      section === "sessions" ? listUserSessions(db, c.get("user").id) : [],
      section === "data" ? myCompanies(db, c.get("user")) : [],
      section === "data" ? supportVisits(db, c.get("user").id) : [],
    ]);
    return { section, sessions, companies, visits };
  },
  title: (t) => t("auth.account.title"),
  Component: Account,
  action: async (c) => {
    const auth = c.get("auth");
    const db = c.get("deps").db;
    const body = await c.req.parseBody();
    const here = new URL(c.req.url).pathname;
    if (body._form === "end-session" && typeof body.session === "string") {
      await revokeSession(db, body.session, auth.user.id);
      return c.redirect(here, 303);
    }
    if (body._form === "consent" && typeof body.project === "string") {
      await setConsent(requestScope(c), auth.user, body.project, body.consent === "1");
      return c.redirect(here, 303);
    }
    if (body._form === "end-others") {
      await revokeUserSessions(db, auth.user.id, auth.sessionId);
      return c.redirect(here, 303);
    }
    return handleForm(
      c,
      "delete",
      z.object({ password: z.string({ error: "common.validation.required" }).min(1, "common.validation.required") }),
      async ({ password }) => {
        await deleteAccount(c.get("deps"), auth.user, password, c.get("locale"));
        clearSessionCookies(c);
        return c.redirect("/?deleted=1", 303);
      },
    );
  },
});
