import { z } from "zod";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { confirmEmail } from "../../server/services/accounts";
import { FormLayout } from "../_layouts/public";
import { reportHref } from "../../server/lib/links";
import { fallbackOf } from "../../server/lib/redirect";

function Confirm({ data }: { data: { ok: boolean; next: string | null } }) {
  const { t, auth } = usePage();
  return (
    <FormLayout title={t("auth.confirm.title")}>
      <p className={data.ok ? "text-emerald-700" : "text-rose-700"} data-testid="confirm-result" data-ok={data.ok}>
        {data.ok ? t("auth.confirm.ok") : t("auth.confirm.bad")}
      </p>
      <a href={data.ok ? (data.next ?? reportHref(auth)) : "/login"} className="btn-primary mt-6" data-testid="confirm-continue">
        {t("auth.confirm.continue")}
      </a>
    </FormLayout>
  );
}

export default definePage({
  path: "/confirm/:token",
  params: z.object({ token: z.string().regex(/^[a-z2-7]{16,64}$/) }),
  // `fallback`: where the person was going when they signed up (the business activation…): a
  // confirmed address goes straight on there
  load: async (c) => {
    const ok = (await confirmEmail(c.get("deps"), c.req.param("token")!)) !== null;
    const next = fallbackOf(c);
    if (ok && next) return c.redirect(next, 303);
    return { ok, next };
  },
  title: (t) => t("auth.confirm.title"),
  Component: Confirm,
});
