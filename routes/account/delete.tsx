// The account deletion a mailed link confirms (accounts without a password): opened in any browser,
// signed in or not; the GET only asks, the POST deletes.
import { forgetPerson } from "../../server/lib/http";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { deleteByLink } from "../../server/services/accounts";
import { FormLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";

function DeleteByLink() {
  const { t, url, form } = usePage();
  const token = url.searchParams.get("token") ?? "";
  return (
    <FormLayout title={t("auth.account.deleteConfirmTitle")}>
      {!form?.errors && <p className="mb-6 text-slate-700">{t("auth.account.deleteConfirmLead")}</p>}
      <ServerForm kind="delete-link" submit={t("auth.account.delete")} fields={[]}>
        <input type="hidden" name="token" value={token} />
      </ServerForm>
    </FormLayout>
  );
}

export default definePage({
  path: "/account/delete",
  title: (t) => t("auth.account.deleteConfirmTitle"),
  Component: DeleteByLink,
  action: async (c) => {
    const body = await c.req.parseBody();
    const token = typeof body.token === "string" ? body.token : "";
    const erased = await deleteByLink(c.get("scope"), token);
    // a dead link (used, expired, mistyped) says so on the same page, and deletes nothing
    if (!erased) return { kind: "delete-link", values: {}, errors: { _: c.get("t")("auth.account.deleteBad") }, status: 404 as const };
    if (c.get("auth")?.user.id === erased) forgetPerson(c);
    return c.redirect("/?deleted=1", 303);
  },
});
