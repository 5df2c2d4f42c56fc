// /invite and /invite/business (the spec's `{id?}` left out): a form for the code of an
// invitation, which leads to /invite/{code}. /invite/{code}: the invitation, its company and the
// next step (sign up with it, or sign in). No script: the form posts here and is redirected.
import { z } from "zod";
import { handleForm } from "../server/lib/forms";
import { notFound } from "../server/lib/errors";
import { definePage } from "../server/render/define";
import { usePage } from "../server/render/page";
import { findInviteByLink } from "../server/services/invites";
import { ServerForm } from "./_blocks/blocks";
import { FormLayout } from "./_layouts/public";

const CODE = /^[\w-]{4,100}$/;
const ENTRY_PATHS = ["/invite", "/invite/business"];

function CodeForm() {
  const { t } = usePage();
  return (
    <ServerForm
      kind="invite-code"
      submit={t("invite.open")}
      fields={[{ name: "code", label: t("invite.code"), required: true, autoComplete: "off", hint: t("invite.codeHint") }]}
    />
  );
}

function Entry() {
  const { t } = usePage();
  return (
    <FormLayout title={t("invite.title")}>
      <p className="mb-6 text-slate-600">{t("invite.lead")}</p>
      <CodeForm />
    </FormLayout>
  );
}

export const inviteEntryPage = definePage({
  path: ENTRY_PATHS,
  title: (t) => t("invite.title"),
  description: (t) => t("invite.lead"),
  Component: Entry,
  action: (c) =>
    handleForm(c, "invite-code", z.object({ code: z.string({ error: "common.validation.required" }).trim().regex(CODE, "invite.badCode") }), async ({ code }) =>
      c.redirect(`${c.req.path.replace(/\/$/, "")}/${encodeURIComponent(code)}`, 303),
    ),
});

type Found = NonNullable<Awaited<ReturnType<typeof findInviteByLink>>>;

function Invitation({ data }: { data: Found }) {
  const { t, auth } = usePage();
  const code = data.invite.link;
  return (
    <FormLayout title={t("invite.invitedTitle", { company: data.projectName })}>
      <p className="mb-6 text-slate-600" data-testid="invitation">
        {t("invite.invitedLead", { company: data.projectName })}
      </p>
      {auth ? (
        <>
          <p className="mb-4 text-slate-700">{t("invite.signedIn", { email: auth.user.email })}</p>
          <a href="/test/start" className="btn-primary">
            {t("invite.takeTest")}
          </a>
        </>
      ) : (
        <div className="flex flex-wrap gap-3">
          <a href={`/signup?invite=${encodeURIComponent(code)}`} className="btn-primary">
            {t("invite.signUp")}
          </a>
          <a href={`/login?fallback=${encodeURIComponent(`/invite/${code}`)}`} className="btn-secondary">
            {t("invite.logIn")}
          </a>
        </div>
      )}
    </FormLayout>
  );
}

export const invitationPage = definePage({
  path: ["/invite/:id", "/invite/business/:id"],
  params: z.object({ id: z.string().regex(CODE) }),
  load: async (c) => {
    const found = await findInviteByLink(c.var.deps.db, c.req.param("id")!);
    if (!found) throw notFound("invite.notFound");
    return found;
  },
  title: (t, data) => t("invite.invitedTitle", { company: data.projectName }),
  description: (t, data) => t("invite.invitedLead", { company: data.projectName }),
  Component: Invitation,
});
