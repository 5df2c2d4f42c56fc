import { getCookie } from "hono/cookie";
import { dropSessionCookie, signOut } from "../../server/lib/http";
import { COOKIE, sessionCookieName } from "../../server/middleware/auth";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { endMasquerade } from "../../server/services/masquerade";
import { validateToken } from "../../server/services/sessions";
import { FormLayout } from "../_layouts/public";
import { ID_SOURCE } from "../../server/lib/ids";

function Logout() {
  const { t } = usePage();
  return (
    <FormLayout title={t("common.nav.logout")}>
      <form method="post" action="/logout">
        <button className="btn-primary w-full">{t("common.nav.logout")}</button>
      </form>
    </FormLayout>
  );
}

/** Logout (spec §4): the session ends, token, id and masquerade cookies go, and the user goes home. */
export const logoutPage = definePage({
  path: "/logout",
  title: (t) => t("common.nav.logout"),
  Component: Logout,
  action: async (c) => {
    await signOut(c);
    // home, told so: on a shared phone the next person sees it was signed out
    return c.redirect("/?signedout=1", 303);
  },
});

/** The back-office page a masquerade started from: the only place ending one may send the manager back to. */
const MASQ_RETURN = new RegExp(`^/manager/users/${ID_SOURCE}$`);

/** Cancel Masq (the banner's Exit and the footer's button): ends the impersonation, drops its
 * cookie and takes the manager back to the user's back-office page they started from (or
 * the spec's "/" when the session named none). */
export const cancelMasqPage = definePage({
  path: "/masq/cancel",
  title: (t) => t("common.footer.cancelMasq"),
  Component: Logout,
  action: async (c) => {
    const token = getCookie(c, sessionCookieName(c, COOKIE.masq));
    const session = token ? await validateToken(c.get("scope").db, token) : null;
    if (session?.kind === "masq") await endMasquerade(c.get("scope"), session);
    dropSessionCookie(c, COOKIE.masq);
    // only a back-office path of ours, never an address the session could be made to carry
    const back = session?.masqReturnTo && MASQ_RETURN.test(session.masqReturnTo) ? session.masqReturnTo : "/";
    return c.redirect(back, 303);
  },
});
