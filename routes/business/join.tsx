// Joining a company (/invite/{code}, /invite/business/{code}, /activate/business/{code}): the
// invitee sees which company invites them and exactly what it will see of their results, agrees,
// and signs up (right here) or signs in, then takes the test. A member sees their status here and
// may withdraw (or give back) their consent. The pages without a code belong to the /invite index.
import type { GuardedEnv } from "../../server/middleware/guards";
import type { Context } from "hono";
import { formsAction, pageForm } from "../_kit/forms";
import { z } from "zod";
import { clientIp, requestMeta, setSessionCookies, trackingCookies } from "../../server/lib/http";
import { definePage } from "../../server/render/define";
import { ConsentToggle, consentChoice } from "../_blocks/consent";
import { usePage } from "../../server/render/page";
import { signupSchema } from "../../server/services/accounts";
import { signupAndJoin } from "../../server/services/business/signup-join";
import { deadlineText } from "../../server/services/business/follow-up";
import {
  candidateMembership,
  candidateOfInvite,
  findInvitation,
  invitationExpired,
  joinProject,
  lookupJoinCode,
  membership,
  setCandidateConsent,
  setConsent,
  SHARED_WITH_COMPANY,
} from "../../server/services/business";
import { richText } from "../_blocks/rich-text";
import { PublicLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";
import { Notice } from "../_kit";
import { AppError } from "../../server/lib/errors";
import { signupFormInput } from "../account/signup";

type Data = {
  code: string;
  company: { _id: string; name: string; description: string | null } | null;
  email: string | null;
  member: { consent: boolean } | null;
  tested: boolean;
  /** The profile's name, offered as the name the company sees. */
  name: string | null;
  /** Past its deadline: when it ran out and whom to ask (the company's e-mail from its details, if set). */
  expired: { date: string; contact: string | null } | null;
  /** The deadline of an invitation still open. */
  until: string | null;
  /** The owner's own words in an e-mail invitation. */
  message: string | null;
  /** A candidate's invitation: the position they are invited for (they do not become an employee). */
  candidateFor?: string | null;
};

const AGREEMENTS = [
  { name: "policy", key: "common.signup.agreePolicy", href: "/policy" },
  { name: "terms", key: "common.signup.agreeTerms", href: "/terms" },
  { name: "offer", key: "common.signup.agreeOffer", href: "/offer" },
] as const;

function ConsentBox({ kind }: { kind: string }) {
  const { t, form } = usePage();
  const error = form?.kind === kind ? form.errors?.consent : undefined;
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="consent" required className="mt-1 h-4 w-4 shrink-0 accent-brand-600" data-testid="consent" />
        <span>{t("cabinet.join.agree")}</span>
      </label>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

// asked at join: the company sees this name, never the e-mail the person signed up with
const nameField = (t: (k: string) => string, value: string | null) => ({
  name: "name",
  label: t("cabinet.join.name"),
  required: true,
  autoComplete: "name",
  value,
  hint: t("cabinet.join.nameHint"),
});
const nameInput = z.string({ error: "common.validation.required" }).trim().min(1, "common.validation.required").max(120, "common.validation.tooLong");

function Join({ data }: { data: Data }) {
  const { t, auth, path, url } = usePage();
  if (!data.company) {
    // an old (refreshed) or withdrawn link: said in the visitor's language, with what to do next
    return (
      <PublicLayout>
        <div className="container-page py-10">
          <div className="card mx-auto max-w-lg space-y-3 p-4 sm:p-6" data-testid="join-old-link">
            <h1 className="text-2xl font-bold">{t("cabinet.join.oldLinkTitle")}</h1>
            <p className="text-slate-700">{t("cabinet.join.oldLinkText")}</p>
            {auth && <p className="text-sm text-slate-600">{t("cabinet.join.oldLinkAccount")}</p>}
            <a href={auth ? "/profile" : "/"} className="btn-primary">
              {auth ? t("cabinet.join.oldLinkCabinet") : t("cabinet.join.oldLinkHome")}
            </a>
          </div>
        </div>
      </PublicLayout>
    );
  }
  if (data.expired) {
    return (
      <PublicLayout>
        <div className="container-page py-10">
          <div className="card mx-auto max-w-lg space-y-3 p-4 sm:p-6" data-testid="join-expired">
            <h1 className="text-2xl font-bold">{t("followup.join.expiredTitle")}</h1>
            <p className="text-slate-700">{t("followup.join.expiredText", { company: data.company.name, date: data.expired.date })}</p>
            <p className="text-slate-700">
              {data.expired.contact
                ? t("followup.join.expiredAsk", { contact: data.expired.contact })
                : t("followup.join.expiredAskSender", { company: data.company.name })}
            </p>
            <a href={auth ? "/profile" : "/"} className="btn-primary">
              {auth ? t("cabinet.join.oldLinkCabinet") : t("cabinet.join.oldLinkHome")}
            </a>
          </div>
        </div>
      </PublicLayout>
    );
  }
  const joined = url.searchParams.has("joined");
  return (
    <PublicLayout>
      <div className="container-page py-8 sm:py-10">
        <div className="card mx-auto max-w-xl space-y-5 p-4 sm:p-6" data-testid="join">
          <h1 className="text-2xl font-bold" data-testid="join-company">
            {t("cabinet.join.title", { company: data.company.name })}
          </h1>
          {data.company.description && <p className="text-slate-600">{data.company.description}</p>}
          {data.message && !data.member && (
            <blockquote className="border-l-4 border-brand-200 pl-3 text-slate-700" data-testid="join-message">
              <p className="text-sm font-semibold">{t("followup.mail.ownerWrites", { company: data.company.name })}</p>
              <p className="whitespace-pre-line">{data.message}</p>
            </blockquote>
          )}
          {data.until && !data.member && (
            <p className="text-sm font-semibold text-amber-800" data-testid="join-until">
              {t("followup.join.until", { date: data.until })}
            </p>
          )}
          <div className="rounded-xl bg-slate-50 p-4">
            <h2 className="mb-2 font-semibold">{t("cabinet.join.sees")}</h2>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="join-shares">
              {SHARED_WITH_COMPANY.map((s) => (
                <li key={s}>{t(`cabinet.join.share.${s}`)}</li>
              ))}
            </ul>
            {/* invited by e-mail (an employee or a candidate): the company has the address it wrote to */}
            <p className="mt-3 text-sm text-slate-600">{t(data.email ? "cabinet.join.notSharedInvited" : "cabinet.join.notShared")}</p>
            <p className="mt-2 text-sm text-slate-600">{t("cabinet.join.logged")}</p>
          </div>
          {data.candidateFor && (
            <p className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900" data-testid="join-candidate">
              {t("jobfit.candidates.joinAs", { position: data.candidateFor })}
            </p>
          )}
          {data.member ? (
            <div className="space-y-3" data-testid="join-member">
              <Notice>
                {data.candidateFor
                  ? t("jobfit.candidates.member", { position: data.candidateFor })
                  : joined && data.tested
                    ? t("cabinet.join.joinedTested")
                    : t("cabinet.join.member")}
              </Notice>
              {!data.tested && (
                <form method="post" action="/test/start">
                  <input type="hidden" name="_form" value="begin" />
                  <button type="submit" className="btn-primary">
                    {t("cabinet.join.takeTest")}
                  </button>
                </form>
              )}
              <p className="mb-2 text-sm text-slate-600">{data.member.consent ? t("cabinet.join.consentOn") : t("cabinet.join.consentOff")}</p>
              <ConsentToggle consent={data.member.consent} company={data.company?.name ?? ""} action={`${path}${url.search}`} />
            </div>
          ) : auth ? (
            <ServerForm kind="join" fields={[nameField(t, data.name)]} submit={t("cabinet.join.join")}>
              <ConsentBox kind="join" />
            </ServerForm>
          ) : (
            <>
              <ServerForm
                kind="join-signup"
                captcha
                title={t("cabinet.join.signupTitle")}
                submit={t("cabinet.join.signup")}
                fields={[
                  nameField(t, null),
                  { name: "email", label: t("common.forms.email"), type: "email", required: true, autoComplete: "email", value: data.email },
                  { name: "password", label: t("auth.signup.password"), type: "password", autoComplete: "new-password", hint: t("auth.signup.passwordHint") },
                ]}
              >
                <ConsentBox kind="join-signup" />
                {AGREEMENTS.map((a) => (
                  <label key={a.name} className="flex items-start gap-2 text-sm text-slate-600">
                    <input type="checkbox" name={a.name} required className="mt-1 h-4 w-4 shrink-0 accent-brand-600" />
                    <span>{richText(t(a.key), { [a.name]: a.href })}</span>
                  </label>
                ))}
              </ServerForm>
              <p className="text-sm">
                {t("cabinet.join.haveAccount")}{" "}
                <a href={`/login?fallback=${encodeURIComponent(path)}`} className="font-semibold text-brand-700 hover:underline" data-testid="join-login">
                  {t("common.nav.login")}
                </a>
              </p>
            </>
          )}
        </div>
      </div>
    </PublicLayout>
  );
}

type JoinCtx = Context<GuardedEnv<[]>>;
const consent = z.literal("on", { error: "common.validation.agree" });
const toLogin = (c: JoinCtx) => c.redirect(`/login?fallback=${encodeURIComponent(c.req.path)}`, 303);
const codeOf = (c: { req: { param(n: string): string | undefined } }) => c.req.param("id") ?? c.req.param("invite") ?? "";

export const joinPage = definePage({
  // "business" is not a code: /invite/business (no code) is the invite index's page
  path: ["/invite/:id{(?!business$)[0-9a-zA-Z_-]{4,64}}", "/invite/business/:id", "/activate/business/:invite"],
  title: (t, d: Data) => (d.company ? t("cabinet.join.title", { company: d.company.name }) : t("cabinet.join.notFoundTitle")),
  load: async (c): Promise<Data> => {
    const code = codeOf(c);
    const user = c.get("auth")?.user ?? null;
    // wrong codes are counted per account or address (guessing); an unknown code is a 404 with a
    // word on what to do, not a page that pretends
    // an unknown code answers 404 with this page's own "old link" screen (not the generic 404)
    const found = await lookupJoinCode(c.get("scope").db, code, user?.id ?? clientIp(c)).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404) return null;
      throw e;
    });
    const db = c.get("scope").db;
    const candidate = found?.invite?.kind === "candidate" ? await candidateOfInvite(db, found.invite.id) : null;
    const member =
      found && user
        ? found.invite?.kind === "candidate"
          ? await candidateMembership(db, user, found.invite.id)
          : await membership(db, user, found.project.id)
        : null;
    return {
      code,
      company: found ? { _id: found.project.id, name: found.project.name, description: found.project.description } : null,
      email: found?.invite?.email ?? null,
      member: member ? { consent: !member.consentWithdrawnAt } : null,
      tested: Boolean(user?.formatCode),
      name: user?.name ?? found?.invite?.name ?? null,
      expired:
        found?.invite && invitationExpired(found.invite) && !member
          ? {
              date: deadlineText(found.invite.expiresAt!, c.get("locale"), c.get("scope").deps.config.TIME_ZONE),
              contact: found.project.details?.email ?? null,
            }
          : null,
      message: found?.invite?.message ?? null,
      until:
        found?.invite?.expiresAt && !invitationExpired(found.invite)
          ? deadlineText(found.invite.expiresAt, c.get("locale"), c.get("scope").deps.config.TIME_ZONE)
          : null,
      candidateFor: candidate?.position ?? null,
    };
  },
  Component: Join,
  status: (d: Data) => (!d.company ? 404 : d.expired ? 403 : 200),
  action: formsAction<JoinCtx, JoinCtx>(
    {
      consent: pageForm({
        schema: z.object({}),
        run: async (c, _input, _c, values) => {
          const user = c.get("auth")?.user;
          const found = await findInvitation(c.get("scope").db, codeOf(c));
          if (!user || !found) return toLogin(c);
          const choice = consentChoice(values);
          if (choice !== null) {
            if (found.invite?.kind === "candidate") await setCandidateConsent(c.get("scope"), user, found.invite.id, choice);
            else await setConsent(c.get("scope"), user, found.project.id, choice);
          }
          return `${c.req.path}?consent=1`;
        },
      }),
      join: pageForm({
        schema: z.object({ consent, name: nameInput }),
        run: async (c, input) => {
          const user = c.get("auth")?.user;
          if (!user) return toLogin(c);
          const joined = await joinProject(c.get("scope"), user, codeOf(c), { name: input.name });
          return user.formatCode ? `${c.req.path}?joined=1` : `/test/start?joined=${joined.project._id}`;
        },
      }),
      "join-signup": pageForm({
        schema: signupSchema.extend({ consent, name: nameInput }),
        shape: (v) => ({ ...signupFormInput(v), consent: v.consent, name: v.name }),
        run: async (c, input) => {
          const { user, token, joined } = await signupAndJoin(c.get("scope"), input, { ...requestMeta(c), cookies: trackingCookies(c) }, codeOf(c));
          setSessionCookies(c, token, user.id);
          return `/test/start?joined=${joined.project._id}`;
        },
      }),
    },
    // a public page: the forms get the request and say where to go
    { scope: (c) => c, finish: (c, _c, _kind, to) => c.redirect(to ?? c.req.path, 303) },
  ),
});
