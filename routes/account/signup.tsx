import { setSessionCookies, requestMeta, trackingCookies } from "../../server/lib/http";
import { handleForm } from "../../server/lib/forms";
import { fallbackOf } from "../../server/lib/redirect";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { signup, signupSchema } from "../../server/services/accounts";
import { FormLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";
import { richText } from "../_blocks/rich-text";
import { OAuthButtons } from "./oauth-buttons";

const AGREEMENTS = [
  { name: "policy", key: "common.signup.agreePolicy", href: "/policy" },
  { name: "terms", key: "common.signup.agreeTerms", href: "/terms" },
  { name: "offer", key: "common.signup.agreeOffer", href: "/offer" },
] as const;

/** The three agreements the spec asks for, each its own box (the spec's separate flags). */
function Agreements() {
  const { t, form } = usePage();
  const values = form?.kind === "signup" ? form.values : undefined;
  return (
    <>
      {AGREEMENTS.map((a) => {
        const error = form?.kind === "signup" ? form.errors?.[a.name] : undefined;
        return (
          <div key={a.name} className="text-sm text-slate-600">
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name={a.name}
                required
                defaultChecked={values?.[a.name] === "on"}
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `signup-${a.name}-error` : undefined}
                // biome-ignore lint/a11y/noAutofocus: only on a refused form's re-render: the first field to correct takes the focus
                autoFocus={Boolean(error)}
              />
              <span>{richText(t(a.key), { [a.name]: a.href })}</span>
            </label>
            {error && (
              <p id={`signup-${a.name}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}

function Signup() {
  const { t, url } = usePage();
  const invite = url.searchParams.get("invite");
  const fallback = url.searchParams.get("fallback");
  return (
    <FormLayout title={t("auth.signup.title")}>
      <p className="mb-6 text-slate-600">{t("auth.signup.lead")}</p>
      <ServerForm
        kind="signup"
        captcha
        submit={t("auth.signup.submit")}
        fields={[
          { name: "email", label: t("common.forms.email"), type: "email", required: true, autoComplete: "email" },
          { name: "password", label: t("auth.signup.password"), type: "password", autoComplete: "new-password", hint: t("auth.signup.passwordHint") },
        ]}
        // the e-mail first, then what it is agreed to, just before the button
        beforeSubmit={<Agreements />}
      >
        {invite && <input type="hidden" name="invite" value={invite} />}
      </ServerForm>
      <OAuthButtons />
      <p className="mt-6 text-sm">
        <a href={fallback ? `/login?${new URLSearchParams({ fallback })}` : "/login"} className="text-brand-700 hover:underline">
          {t("auth.signup.haveAccount")}
        </a>
      </p>
    </FormLayout>
  );
}

/** The posted sign-up form as the sign-up call's input (checkboxes → booleans, "" → absent). */
export const signupFormInput = (v: Record<string, string>) => ({
  email: v.email,
  password: v.password || undefined,
  policy: v.policy === "on",
  terms: v.terms === "on",
  offer: v.offer === "on",
  invite: v.invite || undefined,
  captcha: v.captcha || undefined,
});

export default definePage({
  path: "/signup",
  guards: ["guest"],
  title: (t) => t("auth.signup.title"),
  Component: Signup,
  action: (c) =>
    handleForm(
      c,
      "signup",
      signupSchema,
      async (input) => {
        // a sign-up on the way somewhere (the business activation) goes on there, now and after confirming
        const fallback = fallbackOf(c);
        const { user, token } = await signup(c.get("scope"), input, { ...requestMeta(c), cookies: trackingCookies(c), fallback });
        setSessionCookies(c, token, user.id);
        return c.redirect(fallback ?? "/test/start", 303);
      },
      signupFormInput,
    ),
});
