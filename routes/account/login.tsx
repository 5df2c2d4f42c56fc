import { keepAccountLocale } from "../../server/middleware/locale";
import { handleForm } from "../../server/lib/forms";
import { requestMeta, setSessionCookies } from "../../server/lib/http";
import { reportHref } from "../../server/lib/links";
import { fallbackOf } from "../../server/lib/redirect";
import { doneKey } from "../../server/lib/notice";
import { isManager } from "../../server/services/users";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { login, loginSchema } from "../../server/services/accounts";
import { FormLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";
import { OAuthButtons } from "./oauth-buttons";

function Login() {
  const { t, url } = usePage();
  const notice = doneKey(url) === "restored" ? t("auth.restore.done") : url.searchParams.get("changed") ? t("auth.password.changed") : null;
  return (
    <FormLayout title={t("auth.login.title")}>
      <ServerForm
        kind="login"
        submit={t("auth.login.submit")}
        notice={notice}
        fields={[
          { name: "email", label: t("auth.login.email"), type: "email", required: true, autoComplete: "email" },
          { name: "password", label: t("auth.login.password"), type: "password", required: true, autoComplete: "current-password" },
        ]}
      />
      <OAuthButtons />
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <a href="/restore" className="text-brand-700 hover:underline">
          {t("auth.login.forgot")}
        </a>
        <a href="/signup" className="text-brand-700 hover:underline">
          {t("auth.login.noAccount")}
        </a>
      </div>
    </FormLayout>
  );
}

export default definePage({
  path: "/login",
  guards: ["guest"],
  title: (t) => t("auth.login.title"),
  Component: Login,
  action: (c) =>
    handleForm(c, "login", loginSchema, async (input) => {
      const { user, token } = await login(c.get("scope"), input, requestMeta(c));
      setSessionCookies(c, token, user.id);
      keepAccountLocale(c, user);
      // a manager's work is the back-office; anyone else goes on to their test or report
      const next = fallbackOf(c) ?? (isManager(user) ? "/manager" : reportHref({ user }));
      return c.redirect(next, 303);
    }),
});
