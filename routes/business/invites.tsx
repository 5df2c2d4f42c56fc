// Invites (/business/invite and /dashboard/invites): the balance (with Buy when it is empty),
// the project's refreshable link, invitations by e-mail (one or many addresses), and the list
// with its status counts.
import { z } from "zod";
import { intlLocale } from "../../locales";
import { Island, usePage } from "../../server/render/page";
import { dateIn } from "../../server/lib/time-zone";
import { deadlineText } from "../../server/services/business/follow-up";
import { importInvites, inviteImportSchema } from "../../server/services/business/invite-import";
import { isPaidProject, resendAllPending, updateInvite } from "../../server/services/business/invites";
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
import { resendConfirmation } from "../../server/services/accounts";
import { qrSvg } from "../../server/lib/qr";
import { withDone } from "../../server/lib/notice";
import { ServerForm } from "../_blocks/blocks";
import { ConfirmFirst } from "./begin";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, cabinetForm, cabinetPage, ConfirmDelete, done, FormError, InviteStatusChip, Notice, type WithShell } from "./kit";

type Data = {
  invites: Awaited<ReturnType<typeof listInvites>>;
  link: string;
  /** The link's QR code, an SVG drawn here (no script on the page for it). */
  qr: string;
  canBuy: boolean;
  canEdit: boolean;
  status: string;
  /** Mail goes out under the sender's confirmed address only: say so, with the confirmation mail again. */
  confirmFirst: boolean;
  /** A paid project: the owner's message goes out and the larger mail quota applies (server/services/business/invites.ts). */
  paid: boolean;
  departments: { _id: string; name: string; depth: number }[];
  positions: { value: string; label: string }[];
};

function Invites({ data }: { data: WithShell<Data> }) {
  const { t, locale, path, config } = usePage();
  const inv = data.invites;
  const empty = inv.balance <= 0;
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.invite")}>
      <Notice />
      <FollowUpNotice />
      {data.confirmFirst && <ConfirmFirst reason={t("business.errors.confirmToInvite")} />}
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
            <Notice tone="warn" className="mt-3" testid="no-invites">
              {t("business.errors.noInvites")}
            </Notice>
          )}
          {data.canBuy && (
            <a href={`/business?project=${data.shell.project._id}`} className="btn-primary mt-4" data-testid="buy-invites">
              {t("cabinet.shell.buy")}
            </a>
          )}
        </Card>
        <Card title={t("cabinet.invites.byLink")} testid="invite-link-card">
          <p className="mb-2 text-sm text-slate-600">{t("cabinet.invites.linkHint")}</p>
          <Island
            name="copy-link"
            props={{
              value: data.link,
              label: t("cabinet.invites.byLink"),
              copy: t("followup.invites.copy"),
              copied: t("followup.invites.copied"),
              failed: t("followup.invites.copyFailed"),
            }}
          />
          <div className="mt-4 flex flex-wrap items-center gap-4" data-testid="invite-qr">
            <div
              role="img"
              aria-label={t("followup.invites.qrAlt")}
              className="h-36 w-36 shrink-0 rounded-lg border border-slate-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
              // our own SVG (numbers and fixed markup from uqr), never the sender's text
              dangerouslySetInnerHTML={{ __html: data.qr }}
            />
            <div className="min-w-[10rem] flex-1 space-y-2 text-sm text-slate-600">
              <p>{t("followup.invites.qrHint")}</p>
              <a
                href={`${path}?project=${data.shell.project._id}&qr=svg`}
                download="invite-qr.svg"
                className="inline-block font-semibold text-brand-700 hover:underline"
                data-testid="qr-download"
              >
                {t("followup.invites.qrDownload")}
              </a>
            </div>
          </div>
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
            {!data.paid && (
              <p className="mb-3 text-sm text-slate-600" data-testid="free-mail-note">
                {t("followup.invites.freeProject")}
              </p>
            )}
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
                ...followUpFields(t, data.paid),
              ]}
            />
          </Card>
        )}
        {data.canEdit && <CsvImport paid={data.paid} />}
        <Card title={t("cabinet.invites.list")} testid="invite-list">
          <nav className="mb-3 flex flex-wrap gap-2 text-sm leading-tight" aria-label={t("cabinet.invites.list")} data-testid="invite-counts">
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
                // what the status means on hover (wide screens); phones read the legend below
                title={t(`followup.invites.statusText.${s.replace(/ /g, "_")}`)}
                className={`rounded-full border px-3 py-1 ${data.status === s ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
              >
                {`${t(`cabinet.invites.status.${s.replace(/ /g, "_")}`)} (${inv.counts[s]})`}
              </a>
            ))}
          </nav>
          <details className="mb-3 text-sm" data-testid="status-help">
            <summary className="cursor-pointer text-brand-700">{t("followup.invites.statusHelp")}</summary>
            <dl className="mt-2 space-y-1 text-slate-600">
              {INVITE_STATUSES.map((s) => (
                <div key={s}>
                  <dt className="inline">
                    <InviteStatusChip status={s} />
                  </dt>{" "}
                  <dd className="inline">{t(`followup.invites.statusText.${s.replace(/ /g, "_")}`)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-slate-500">{t("followup.invites.remindersNote")}</p>
          </details>
          <FormError kind={["resend", "resendAll", "withdraw"]} />
          {data.canEdit && inv.counts.Invited + inv.counts.Sent > 0 && (
            <form method="post" className="mb-3" data-testid="resend-all">
              <input type="hidden" name="_form" value="resendAll" />
              <button type="submit" className="btn-secondary">
                {t("followup.invites.resendAll")}
              </button>
              <p className="mt-1 text-xs text-slate-500">{t("followup.invites.resendAllHint")}</p>
            </form>
          )}
          {inv.docs.length === 0 ? (
            <p className="text-slate-600">{t("cabinet.invites.none")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {inv.docs.map((i) => (
                <li key={i._id} className="space-y-1 py-2" data-invite={i._id} data-status={i.status}>
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <span className="min-w-0 [overflow-wrap:anywhere]">{i.email ?? t("cabinet.invites.viaLink")}</span>
                    <InviteStatusChip status={i.status} />
                  </div>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                    <span>{dateIn(i.createdAt, config.TIME_ZONE, intlLocale(locale))}</span>
                    {i.expiresAt && (
                      <span className={i.expired ? "text-rose-700" : undefined} data-testid="invite-deadline">
                        {t(i.expired ? "followup.invites.expired" : "followup.invites.until", { date: deadlineText(i.expiresAt, locale, config.TIME_ZONE) })}
                      </span>
                    )}
                    {i.reminders > 0 && !i.user && <span>{t("followup.invites.reminded", { n: Math.min(i.reminders, 2) })}</span>}
                    {data.canEdit && !i.user && i.email && !i.expired && i.isActive && (
                      <form method="post">
                        <input type="hidden" name="_form" value="resend" />
                        <input type="hidden" name="invite" value={i._id} />
                        <button type="submit" className="text-sm text-brand-700 hover:underline" data-testid="resend">
                          {t("followup.invites.resend")}
                        </button>
                      </form>
                    )}
                    {data.canEdit && !i.user && (
                      <form method="post">
                        <input type="hidden" name="_form" value="withdraw" />
                        <input type="hidden" name="invite" value={i._id} />
                        <button type="submit" className="text-sm text-rose-700 hover:underline">
                          {t("cabinet.invites.withdraw")}
                        </button>
                      </form>
                    )}
                  </div>
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

/** The owner's message (a paid project's only: an unpaid one's is not sent) and the deadline, asked by both invitation forms. */
const followUpFields = (t: (k: string) => string, paid: boolean) => [
  ...(paid ? [{ name: "message", label: t("followup.invites.message"), type: "textarea" as const, hint: t("followup.invites.messageHint") }] : []),
  { name: "expiresAt", label: t("followup.invites.deadline"), type: "date" as const, hint: t("followup.invites.deadlineHint") },
];

/** What a follow-up action did, with its counts (`?done=resentAll` with the counts sent and held beside it). */
const FollowUpNotice = () => <Notice keys="followup.invites" only={["resent", "resentAll", "imported"]} testid="followup-notice" />;

/** CSV import: a file or pasted lines; every bad line listed with its number, nothing invited then. */
function CsvImport({ paid }: { paid: boolean }) {
  const { t, form, path, url } = usePage();
  const mine = form?.kind === "csv" ? form : undefined;
  return (
    <Card title={t("followup.invites.csvTitle")} testid="csv-import">
      <form id="form-csv" method="post" action={`${path}${url.search}#form-csv`} encType="multipart/form-data" className="space-y-4" noValidate>
        <input type="hidden" name="_form" value="csv" />
        <p className="text-sm text-slate-600">{t("followup.invites.csvHint")}</p>
        <FormError
          kind="csv"
          testid="csv-errors"
          title={(errors) => {
            // the file's bad lines, one message line each, counted in the heading
            const lines = errors.csv ? errors.csv.split("\n").length : 0;
            return lines ? t("followup.csv.refused", { count: lines }) : (errors._ ?? t("common.errors.validation"));
          }}
        />
        <div>
          <label htmlFor="csv-file" className="label">
            {t("followup.invites.csvFile")}
          </label>
          <input id="csv-file" name="file" type="file" accept=".csv,.txt,text/csv,text/plain" className="block w-full text-sm" />
        </div>
        <div>
          <label htmlFor="csv-text" className="label">
            {t("followup.invites.csvText")}
          </label>
          <textarea
            id="csv-text"
            name="csv"
            rows={4}
            className="input font-mono text-sm"
            defaultValue={mine?.values.csv ?? ""}
            placeholder={t("followup.invites.csvPlaceholder")}
          />
        </div>
        {followUpFields(t, paid).map((f) => (
          <div key={f.name}>
            <label htmlFor={`csv-${f.name}`} className="label">
              {f.label}
            </label>
            {f.type === "textarea" ? (
              <textarea id={`csv-${f.name}`} name={f.name} rows={3} maxLength={500} className="input" defaultValue={mine?.values[f.name] ?? ""} />
            ) : (
              <input id={`csv-${f.name}`} name={f.name} type="date" className="input" defaultValue={mine?.values[f.name] ?? ""} />
            )}
            {mine?.errors?.[f.name] ? <p className="field-error">{mine.errors[f.name]}</p> : <p className="mt-1 text-sm text-slate-500">{f.hint}</p>}
          </div>
        ))}
        <button type="submit" className="btn-primary w-full sm:w-auto">
          {t("followup.invites.csvImport")}
        </button>
      </form>
    </Card>
  );
}

/** Back to the list with what a follow-up action did. */
function followedUp(
  c: { req: { path: string }; redirect: (to: string, status: 303) => Response },
  projectId: string,
  what: string,
  counts: Record<string, number> = {},
) {
  return c.redirect(withDone(`${c.req.path}?project=${encodeURIComponent(projectId)}`, what, counts), 303);
}

export const invitesPage = cabinetPage<Data>({
  path: ["/business/invite", "/dashboard/invites"],
  title: (t) => t("cabinet.nav.business.invite"),
  load: async (c, scope) => {
    const asked = c.req.query("status") ?? "";
    const status = (INVITE_STATUSES as readonly string[]).includes(asked) ? (asked as (typeof INVITE_STATUSES)[number]) : undefined;
    const canEdit = can(scope, "invites");
    if (!canEdit) return c.redirect(c.req.path.startsWith("/dashboard") ? "/dashboard" : "/business/dashboard");
    const link = inviteUrl(scope.deps.config, scope.project.inviteCode);
    // "Download QR (SVG)": the same code as a file, under the page's own guards (no route of its own)
    if (c.req.query("qr") === "svg")
      return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${qrSvg(link)}\n`, 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Content-Disposition": 'attachment; filename="invite-qr.svg"',
        "Cache-Control": "private, no-store",
      });
    const invites = await listInvites(scope, { status, page: 1, limit: 500 });
    return {
      invites,
      link,
      qr: qrSvg(link),
      canBuy: can(scope, "billing") && !scope.demo,
      canEdit: canEdit && !scope.demo,
      status: status ?? "",
      confirmFirst: canEdit && !scope.demo && !scope.user.emailConfirmedAt && !scope.manager,
      paid: await isPaidProject(scope),
      ...(await placeOptions(scope)),
    };
  },
  Component: Invites,
  forms: {
    refresh: cabinetForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        await refreshInviteCode(scope);
        return done(c, scope, "linkRefreshed");
      },
    }),
    "resend-confirm": cabinetForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        const sent = await resendConfirmation(scope, scope.user).then(
          () => "confirmSent",
          () => "confirmWait",
        );
        return c.redirect(withDone(`${c.req.path}?project=${scope.project.id}`, sent), 303);
      },
    }),
    resend: cabinetForm({
      schema: z.object({ invite: z.string().default("") }),
      run: async (scope, { invite }, c) => {
        await updateInvite(scope, invite, { resend: true });
        return followedUp(c, scope.project.id, "resent");
      },
    }),
    resendAll: cabinetForm({
      schema: z.object({}),
      run: async (scope, _input, c) => followedUp(c, scope.project.id, "resentAll", await resendAllPending(scope)),
    }),
    csv: cabinetForm({
      schema: inviteImportSchema,
      // the list comes as a file or pasted into the box
      shape: async (v, c) => {
        const file = (await c.req.parseBody()).file;
        const fileText = typeof file === "object" && file && "text" in file && file.size > 0 ? await file.text() : "";
        return { csv: fileText || v.csv || "", message: v.message, expiresAt: v.expiresAt };
      },
      run: async (scope, input, c) => {
        const { invited, skipped } = await importInvites(scope, input);
        return followedUp(c, scope.project.id, "imported", { invited, skipped: skipped.length });
      },
    }),
    withdraw: cabinetForm({
      schema: z.object({ invite: z.string().default("") }),
      run: async (scope, { invite }, c) => {
        await deleteInvite(scope, invite);
        return done(c, scope, "inviteWithdrawn");
      },
    }),
    emails: cabinetForm({
      schema: inviteCreateSchema,
      shape: (v) => ({ emails: v.emails ?? "", message: v.message, expiresAt: v.expiresAt, department: v.department || null, position: v.position || null }),
      run: async (scope, input, c) => {
        await createInvites(scope, input);
        return done(c, scope, "invitesSent");
      },
    }),
  },
});
