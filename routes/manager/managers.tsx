// /manager/managers: the back-office team (admins only, server/admin/roles.ts). Invite a colleague
// by e-mail with a role; per manager: change the role, switch off or on, remove from the team. The
// role change, the switch-off and the removal ask first (a second button, no script); every change
// is audited (server/admin/team.ts).
import { z } from "zod";
import { idSchema } from "../../server/lib/ids";
import { MANAGER_ROLES } from "../../server/admin/roles";
import { inviteManager, inviteSchema, listManagers, removeManager, roleSchema, setManagerActive, setManagerRole } from "../../server/admin/team";
import { usePage } from "../../server/render/page";
import { managerForm, managerPage } from "./kit";
import { MailOffNotice, Notice } from "./ui";

type Data = { managers: Awaited<ReturnType<typeof listManagers>> };

const idOnly = z.object({ id: idSchema() });

function Confirmed({ name, id, label, question, children }: { name: string; id: string; label: string; question: string; children?: React.ReactNode }) {
  return (
    <details className="rounded-lg border border-rose-200 p-2" data-confirm={name}>
      <summary className="cursor-pointer text-sm font-semibold text-rose-700">{label}</summary>
      <form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="_form" value={name} />
        <input type="hidden" name="id" value={id} />
        {children}
        <p className="w-full text-sm text-slate-600">{question}</p>
        <button type="submit" className="rounded-lg bg-rose-600 px-3 py-2 text-sm font-semibold text-white" data-action={name}>
          {label}
        </button>
      </form>
    </details>
  );
}

function ManagersPage({ data }: { data: Data }) {
  const { t, form, url, auth } = usePage();
  const done = url.searchParams.get("done");
  const mine = (kind: string) => (form?.kind === kind ? form : undefined);
  const invite = mine("invite");
  const rowError = form && form.kind !== "invite" ? Object.values(form.errors ?? {})[0] : undefined;
  return (
    <>
      {done && <Notice>{t(done === "invite" ? "manager.team.invited" : "manager.team.done")}</Notice>}
      {rowError && <Notice tone="error">{rowError}</Notice>}
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{t("manager.team.rolesHelp")}</p>
      <section className="card mb-6 min-w-0" data-testid="managers">
        <ul className="divide-y divide-slate-100">
          {data.managers.map((m) => (
            <li key={m._id} className="flex flex-col gap-3 py-3 lg:flex-row lg:items-start lg:justify-between" data-manager={m.email}>
              <div className="min-w-0">
                <p className="break-words font-semibold">
                  <a href={`/manager/users/${m._id}`} className="text-brand-700 hover:underline">
                    {m.email}
                  </a>
                  {auth?.user.id === m._id && <span className="ml-2 text-xs font-normal text-slate-500">({t("manager.team.you")})</span>}
                </p>
                <p className="text-sm text-slate-600">
                  <span data-field="role">{t(`manager.team.roles.${m.role}`)}</span>
                  {" · "}
                  <span data-field="state" className={m.isActive ? "text-emerald-800" : "text-rose-700"}>
                    {t(m.isActive ? "manager.team.active" : "manager.team.off")}
                  </span>
                </p>
                {!m.confirmed && <p className="text-xs text-amber-800">{t("manager.team.unconfirmed")}</p>}
              </div>
              <div className="flex flex-wrap items-start gap-2">
                <Confirmed name="role" id={m._id} label={t("manager.team.changeRole")} question={t("manager.team.changeRoleConfirm")}>
                  <label className="text-sm">
                    <span className="label">{t("manager.team.role")}</span>
                    <select name="role" className="input" defaultValue={m.role}>
                      {MANAGER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`manager.team.roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                </Confirmed>
                {m.isActive ? (
                  <Confirmed name="disable" id={m._id} label={t("manager.team.disable")} question={t("manager.team.disableConfirm")} />
                ) : (
                  <form method="post">
                    <input type="hidden" name="_form" value="enable" />
                    <input type="hidden" name="id" value={m._id} />
                    <button type="submit" className="btn-secondary py-2 text-sm" data-action="enable">
                      {t("manager.team.enable")}
                    </button>
                  </form>
                )}
                <Confirmed name="remove" id={m._id} label={t("manager.team.remove")} question={t("manager.team.removeConfirm")} />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="card max-w-xl" id="invite">
        <h2 className="mb-3 text-lg font-semibold">{t("manager.team.invite")}</h2>
        <MailOffNotice />
        {invite?.errors?._ && <Notice tone="error">{invite.errors._}</Notice>}
        <form method="post" action="#invite" className="grid gap-3" noValidate>
          <input type="hidden" name="_form" value="invite" />
          <div>
            <label className="label" htmlFor="invite-email">
              {t("manager.team.email")}
            </label>
            <input
              id="invite-email"
              name="email"
              type="email"
              className="input"
              defaultValue={invite?.values.email ?? ""}
              aria-invalid={invite?.errors?.email ? true : undefined}
              aria-describedby={invite?.errors?.email ? "invite-email-error" : undefined}
            />
            {invite?.errors?.email && (
              <p id="invite-email-error" className="mt-1 text-sm text-rose-700">
                {invite.errors.email}
              </p>
            )}
          </div>
          <div>
            <label className="label" htmlFor="invite-role">
              {t("manager.team.role")}
            </label>
            <select id="invite-role" name="role" className="input" defaultValue={invite?.values.role ?? "support"}>
              {MANAGER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`manager.team.roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <button type="submit" className="btn-primary" data-action="invite">
              {t("manager.team.inviteSubmit")}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}

export const managersPage = managerPage({
  path: "/manager/managers",
  load: async (_c, scope): Promise<Data> => ({ managers: await listManagers(scope.db) }),
  title: (t) => t("manager.team.title"),
  Component: ManagersPage,
  forms: {
    invite: managerForm({
      schema: inviteSchema,
      run: async (scope, input) => {
        await inviteManager(scope, input);
      },
    }),
    role: managerForm({
      schema: idOnly.extend(roleSchema.shape),
      run: async (scope, input) => {
        await setManagerRole(scope, input.id, input.role);
      },
    }),
    disable: managerForm({ schema: idOnly, run: async (scope, input) => void (await setManagerActive(scope, input.id, false)) }),
    enable: managerForm({ schema: idOnly, run: async (scope, input) => void (await setManagerActive(scope, input.id, true)) }),
    remove: managerForm({ schema: idOnly, run: async (scope, input) => void (await removeManager(scope, input.id)) }),
  },
});
