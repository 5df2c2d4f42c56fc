import { z } from "zod";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { confirmEmail } from "../../server/services/accounts";
import { FormLayout } from "../_layouts/public";
import { reportHref } from "../../server/lib/links";
import { fallbackOf } from "../../server/lib/redirect";
import { isNavigation, requestMeta, setSessionCookies } from "../../server/lib/http";
import { keepAccountLocale } from "../../server/middleware/locale";
import { createSession } from "../../server/services/sessions";
import { findUserById } from "../../server/services/users";

interface ConfirmData {
  ok: boolean;
  next: string;
  /** The address this browser was just signed in as (a mail app's browser, which had no session). */
  signedInAs: string | null;
}

function Confirm({ data }: { data: ConfirmData }) {
  const { t } = usePage();
  return (
    <FormLayout title={t("auth.confirm.title")}>
      <p className={data.ok ? "text-emerald-700" : "text-rose-700"} data-testid="confirm-result" data-ok={data.ok}>
        {data.ok ? t("auth.confirm.ok") : t("auth.confirm.bad")}
      </p>
      {data.signedInAs && (
        <p className="mt-3 text-slate-700" data-testid="confirm-signed-in">
          {t("auth.confirm.signedIn", { email: data.signedInAs })}
        </p>
      )}
      <a href={data.next} className="btn-primary mt-6" data-testid="confirm-continue">
        {t("auth.confirm.continue")}
      </a>
      {data.signedInAs && (
        <form method="post" action="/logout" className="mt-4">
          <button type="submit" className="text-sm text-brand-700 underline">
            {t("auth.confirm.notYou")}
          </button>
        </form>
      )}
    </FormLayout>
  );
}

export default definePage({
  path: "/confirm/:token",
  params: z.object({ token: z.string().regex(/^[a-z2-7]{16,64}$/) }),
  // `fallback`: where the person was going when they signed up (the business activation…): a
  // confirmed address goes straight on there
  load: async (c) => {
    const scope = c.get("scope");
    const userId = await confirmEmail(scope, c.req.param("token")!);
    let auth = c.get("auth");
    let signedInAs: string | null = null;
    // The link is often opened where the person has no session: a mail app's own browser, another
    // device. The one-time link proves the mailbox as a password reset does, so it signs them in
    // and they carry on where they left off, instead of meeting a sign-up form.
    if (userId && !auth && isNavigation(c)) {
      const user = await findUserById(scope.db, userId);
      if (user?.isActive) {
        const meta = requestMeta(c);
        const { token, session } = await createSession(scope.db, user.id, { userAgent: meta.userAgent, ip: meta.ip });
        setSessionCookies(c, token, user.id);
        if (!c.req.query("lang")) keepAccountLocale(c, user);
        auth = { user, sessionId: session.id, kind: "normal", actorId: null, via: "cookie" };
        c.set("auth", auth);
        signedInAs = user.email;
      }
    }
    const next = fallbackOf(c);
    if (userId && next) return c.redirect(next, 303);
    return { ok: userId !== null, next: userId && auth ? reportHref(auth) : "/login", signedInAs } satisfies ConfirmData;
  },
  title: (t) => t("auth.confirm.title"),
  Component: Confirm,
});
