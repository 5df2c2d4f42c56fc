// /invite and /invite/business (the spec's `{id?}` left out): a form for the code of an
// invitation, which leads to /invite/{code}: the joining page (routes/business/join.tsx).
// No script: the form posts here and is redirected.
import { z } from "zod";
import { handleForm } from "../server/lib/forms";
import { definePage } from "../server/render/define";
import { usePage } from "../server/render/page";
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
