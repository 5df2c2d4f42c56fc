// Invites (/business/invite and /dashboard/invites): the balance (with Buy when it is empty),
// the project's refreshable link, invitations by e-mail (one or many addresses), and the list
// with its status counts.
import { intlLocale } from "../../locales";
import { handleForm } from "../../server/lib/forms";
import { usePage } from "../../server/render/page";
import {
  can,
  createInvites,
  deleteInvite,
  INVITE_STATUSES,
  inviteCreateSchema,
  inviteUrl,
  listInvites,
  refreshInviteCode,
  indented,
  inTreeOrder,
  listDepartments,
  listPositions,
  type Scope,
} from "../../server/services/business";
import { ServerForm } from "../_blocks/blocks";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, cabinetPage, ConfirmDelete, done, Notice, type WithShell } from "./kit";

type Data = {
  invites: Awaited<ReturnType<typeof listInvites>>;
  link: string;
  canBuy: boolean;
  canEdit: boolean;
  status: string;
  departments: { _id: string; name: string; depth: number }[];
  positions: { value: string; label: string }[];
};

function Invites({ data }: { data: WithShell<Data> }) {
  const { t, locale, path } = usePage();
  const inv = data.invites;
  const empty = inv.balance <= 0;
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.invite")}>
      <Notice />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("cabinet.invites.balance")} testid="invite-balance-card">
          <div className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1" data-testid="invite-figures">
            <span className="text-4xl font-black text-brand-700" data-testid="invite-balance">
              {inv.balance}
            </span>
            <span className="text-sm text-slate-600">{t("cabinet.invites.balanceTotal")}</span>
            <span className="text-right text-xl font-bold tabular-nums text-amber-700" data-testid="invite-reserved">
              {inv.reserved}
            </span>
            <span className="text-sm text-slate-600">{t("cabinet.invites.reserved")}</span>
            <span className="text-right text-xl font-bold tabular-nums text-emerald-700" data-testid="invite-free">
              {Math.max(0, inv.balance - inv.reserved)}
            </span>
            <span className="text-sm text-slate-600">{t("cabinet.invites.free")}</span>
          </div>
          {inv.reserved > 0 && <p className="mt-2 text-xs text-slate-500">{t("cabinet.invites.reservedHint")}</p>}
          {empty && (
            <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900" data-testid="no-invites">
              {t("business.errors.noInvites")}
            </p>
          )}
          {data.canBuy && (
            <a href={`/business?project=${data.shell.project._id}`} className="btn-primary mt-4" data-testid="buy-invites">
              {t("cabinet.shell.buy")}
            </a>
          )}
        </Card>
        <Card title={t("cabinet.invites.byLink")} testid="invite-link-card">
          <p className="mb-2 text-sm text-slate-600">{t("cabinet.invites.linkHint")}</p>
          <label htmlFor="invite-link" className="sr-only">
            {t("cabinet.invites.byLink")}
          </label>
          <input id="invite-link" readOnly value={data.link} className="input font-mono text-sm" data-testid="invite-link" />
          {data.canEdit && (
            // a warning first: the old link stops working for everyone who has it
            <div className="mt-3">
              <ConfirmDelete
                kind="refresh"
                label={t("cabinet.invites.refresh")}
                consequence={t("cabinet.invites.refreshWarn")}
                confirm={t("cabinet.invites.refreshConfirm")}
              />
            </div>
          )}
        </Card>
        {data.canEdit && (
          <Card title={t("cabinet.invites.byEmail")}>
            <ServerForm
              kind="emails"
              submit={t("cabinet.invites.send")}
              fields={[
                { name: "emails", label: t("cabinet.invites.emails"), type: "textarea", required: true, hint: t("cabinet.invites.emailsHint") },
                // where the people invited will work: joining places them there
                {
                  name: "department",
                  label: t("cabinet.employees.department"),
                  type: "select",
                  options: [{ value: "", label: t("people.invites.placeLater") }, ...data.departments.map((d) => ({ value: d._id, label: indented(d) }))],
                },
                {
                  name: "position",
                  label: t("cabinet.employees.position"),
                  type: "select",
                  options: [{ value: "", label: t("people.invites.placeLater") }, ...data.positions],
                },
              ]}
            />
          </Card>
        )}
        <Card title={t("cabinet.invites.list")} testid="invite-list">
          <nav className="mb-3 flex flex-wrap gap-2 text-sm" aria-label={t("cabinet.invites.list")} data-testid="invite-counts">
            <a
              href={`${path}?project=${data.shell.project._id}`}
              className={`rounded-full border px-3 py-1 ${!data.status ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
            >
              {`${t("cabinet.dashboard.all")} (${Object.values(inv.counts).reduce((a, b) => a + b, 0)})`}
            </a>
            {INVITE_STATUSES.map((s) => (
              <a
                key={s}
                href={`${path}?project=${data.shell.project._id}&status=${encodeURIComponent(s)}`}
                data-count={s}
                className={`rounded-full border px-3 py-1 ${data.status === s ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
              >
                {`${t(`cabinet.invites.status.${s.replace(/ /g, "_")}`)} (${inv.counts[s]})`}
              </a>
            ))}
          </nav>
          {inv.docs.length === 0 ? (
            <p className="text-slate-600">{t("cabinet.invites.none")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {inv.docs.map((i) => (
                <li key={i._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-invite={i._id} data-status={i.status}>
                  <span className="min-w-0 break-all">{i.email ?? t("cabinet.invites.viaLink")}</span>
                  <span className="flex items-center gap-2 text-slate-500">
                    {t(`cabinet.invites.status.${i.status.replace(/ /g, "_")}`)} · {i.createdAt.toLocaleDateString(intlLocale(locale))}
                    {data.canEdit && !i.user && (
                      <form method="post">
                        <input type="hidden" name="_form" value="withdraw" />
                        <input type="hidden" name="invite" value={i._id} />
                        <button type="submit" className="text-rose-700 hover:underline">
                          {t("cabinet.invites.withdraw")}
                        </button>
                      </form>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </BusinessShell>
  );
}

/** The departments (in tree order) and positions an invitation may name. */
async function placeOptions(scope: Scope) {
  const [deps, poss] = await Promise.all([listDepartments(scope), listPositions(scope)]);
  return {
    departments: inTreeOrder(deps).map((d) => ({ _id: d._id, name: d.name, depth: d.depth })),
    positions: poss.map((p) => ({ value: p._id, label: p.department?.name ? `${p.name} · ${p.department.name}` : p.name })),
  };
}

export const invitesPage = cabinetPage<Data>({
  path: ["/business/invite", "/dashboard/invites"],
  title: (t) => t("cabinet.nav.business.invite"),
  load: async (c, scope) => {
    const asked = c.req.query("status") ?? "";
    const status = (INVITE_STATUSES as readonly string[]).includes(asked) ? (asked as (typeof INVITE_STATUSES)[number]) : undefined;
    const canEdit = can(scope, "invites");
    const invites = canEdit ? await listInvites(scope, { status, page: 1, limit: 500 }) : null;
    if (!invites) return c.redirect(c.req.path.startsWith("/dashboard") ? "/dashboard" : "/business/dashboard");
    return {
      invites,
      link: inviteUrl(c.get("deps"), scope.project.inviteCode),
      canBuy: can(scope, "billing") && !scope.demo,
      canEdit: canEdit && !scope.demo,
      status: status ?? "",
      ...(await placeOptions(scope)),
    };
  },
  Component: Invites,
  action: async (c, scope) => {
    const body = await c.req.parseBody();
    if (body._form === "refresh") {
      await refreshInviteCode(scope);
      return done(c, scope, "linkRefreshed");
    }
    if (body._form === "withdraw") {
      await deleteInvite(scope, String(body.invite ?? ""));
      return done(c, scope, "inviteWithdrawn");
    }
    return handleForm(
      c,
      "emails",
      inviteCreateSchema,
      async (input) => {
        await createInvites(c.get("deps"), scope, input, c.get("locale"));
        return done(c, scope, "invitesSent");
      },
      (v) => ({ emails: v.emails ?? "", department: v.department || null, position: v.position || null }),
    );
  },
});
