// /demo/exit: leaving the read-only demo company. The path is outside the business area, so the
// demo session is already dropped when this runs (the `dropDemo` guard); the person goes back to
// their own cabinet, or — asked to activate a business account — to the activation, through
// sign-up first when nobody is signed in (sign-up and the confirmation follow `fallback`).
import { getCookie } from "hono/cookie";
import { COOKIE, sessionCookieName } from "../../server/middleware/auth";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { resolveToken } from "../../server/services/sessions";
import { FormLayout } from "../_layouts/public";

function ExitDemo() {
  const { t } = usePage();
  return (
    <FormLayout title={t("cabinet.shell.exitDemo")}>
      <form method="post" action="/demo/exit">
        <button type="submit" className="btn-primary w-full">
          {t("cabinet.shell.exitDemo")}
        </button>
      </form>
    </FormLayout>
  );
}

export const demoExitPage = definePage({
  path: "/demo/exit",
  title: (t) => t("cabinet.shell.exitDemo"),
  Component: ExitDemo,
  action: async (c) => {
    const body = await c.req.parseBody();
    const token = getCookie(c, sessionCookieName(c, COOKIE.token));
    const own = token ? await resolveToken(c.get("scope").db, token) : null;
    const signedIn = Boolean(own?.user.isActive && own.session.kind === "normal");
    if (body.to === "activate") return c.redirect(signedIn ? "/business" : "/signup?fallback=%2Fbusiness", 303);
    return c.redirect(signedIn ? "/business" : "/", 303);
  },
});
