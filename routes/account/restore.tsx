import { z } from "zod";
import { doneKey, withDone } from "../../server/lib/notice";
import { requestMeta, setSessionCookies } from "../../server/lib/http";
import { createSession } from "../../server/services/sessions";
import { findUserById } from "../../server/services/users";
import { visitorForm, visitorPage } from "../_kit/site";
import { usePage } from "../../server/render/page";
import { requestRestore, resetPasswordSchema, resetPassword } from "../../server/services/accounts";
import { FormLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";

function Restore() {
  const { t, url } = usePage();
  const token = url.searchParams.get("token");
  if (token) {
    return (
      <FormLayout title={t("auth.restore.newTitle")}>
        <ServerForm
          kind="reset"
          submit={t("auth.restore.save")}
          fields={[
            {
              name: "password",
              label: t("auth.restore.password"),
              type: "password",
              required: true,
              autoComplete: "new-password",
              hint: t("auth.signup.passwordHint").split(".")[0] + ".",
            },
            { name: "repeat", label: t("auth.restore.repeat"), type: "password", required: true, autoComplete: "new-password" },
          ]}
        >
          <input type="hidden" name="token" value={token} />
        </ServerForm>
      </FormLayout>
    );
  }
  return (
    <FormLayout title={t("auth.restore.title")}>
      <p className="mb-6 text-slate-600">{t("auth.restore.lead")}</p>
      <ServerForm
        kind="restore"
        submit={t("auth.restore.submit")}
        notice={doneKey(url) === "restoreSent" ? t("auth.restore.sent") : null}
        fields={[{ name: "email", label: t("common.forms.email"), type: "email", required: true, autoComplete: "email" }]}
      />
    </FormLayout>
  );
}

const emailOnly = z.object({ email: z.string({ error: "common.validation.required" }).trim().toLowerCase().pipe(z.email("common.validation.email")) });

export default visitorPage({
  path: "/restore",
  // a signed-in person may follow a set-password link (the sign-up mail sends one); asking for a
  // restore link is for visitors only
  load: (c) => (c.get("auth") && !c.req.query("token") ? c.redirect("/test/start") : undefined),
  title: (t) => t("auth.restore.title"),
  Component: Restore,
  forms: {
    reset: visitorForm({
      schema: resetPasswordSchema,
      run: async (scope, input, c) => {
        const userId = await resetPassword(scope, input);
        // every other session ended with the old password; the link proved the mailbox, so the
        // device that followed it stays signed in (on a phone, no log-in with the new password)
        const user = await findUserById(scope.db, userId);
        if (!user?.isActive) return withDone("/login", "restored");
        const meta = requestMeta(c);
        const { token } = await createSession(scope.db, user.id, { userAgent: meta.userAgent, ip: meta.ip });
        setSessionCookies(c, token, user.id);
        return withDone("/profile/edit#password", "passwordReset");
      },
    }),
    restore: visitorForm({
      schema: emailOnly,
      run: async (scope, { email }, c) => {
        await requestRestore(scope, { email }, requestMeta(c));
        return withDone("/restore", "restoreSent");
      },
    }),
  },
});
