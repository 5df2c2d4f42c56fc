// /manager/requests: what the public forms stored (business leads, consultation tickets, webinar
// sign-ups, demo requests) with a status a manager moves, and a business account made by hand.
// Not a route of the spec's list: reached from the main page (the spec's API is
// /api/manager/business/requests and /create).
import { z } from "zod";
import {
  createBusinessAccount,
  createBusinessSchema,
  listRequests,
  REQUEST_SOURCES,
  REQUEST_STATUSES,
  requestAssignees,
  setRequestStatuses,
} from "../../server/admin/business";
import { MAX_BULK } from "../../server/admin/bulk";
import { AppError } from "../../server/lib/errors";
import { doneKey, withDone } from "../../server/lib/notice";
import { usePage } from "../../server/render/page";
import { ServerForm } from "../_blocks/blocks";
import { managerForm, managerPage } from "./kit";
import { handlingForm, RequestHandling } from "./request-handling";
import { Empty, MailOffNotice, Notice, Pager, Unconfirmed, Value, valueName } from "./ui";
import { ID_SOURCE } from "../../server/lib/ids";

type Data = (Awaited<ReturnType<typeof listRequests>> & { assignees: Awaited<ReturnType<typeof requestAssignees>> }) | { error: true };

/** Set the status of the ticked requests: the question names the count; then one unit of work. */
function BulkStatus() {
  const { t, url, form } = usePage();
  const here = `${url.pathname}${url.search}`;
  const asked = form?.kind === "bulk-status-confirm" ? form.values : null;
  if (asked) {
    const n = (asked.picked ?? "").split(",").filter(Boolean).length;
    return (
      <div className="mb-3 rounded-xl border border-amber-300 bg-amber-50 p-4" role="alertdialog" data-testid="bulk-confirm">
        <p className="font-semibold text-amber-900">{t("manager.bulk.statusConfirm", { count: n, value: t(`manager.requests.statuses.${asked.status}`) })}</p>
        <form method="post" action={here} className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="_form" value="bulk-status" />
          <input type="hidden" name="picked" value={asked.picked} />
          <input type="hidden" name="status" value={asked.status} />
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" className="btn-primary" data-testid="bulk-yes">
            {t("manager.bulk.yes", { count: n })}
          </button>
          <a href={here} className="btn-secondary">
            {t("manager.bulk.cancel")}
          </a>
        </form>
      </div>
    );
  }
  return (
    <form
      id="requests-bulk"
      method="post"
      action={here}
      className="mb-3 flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-2 text-sm"
      data-testid="bulk-bar"
    >
      <input type="hidden" name="_form" value="bulk-status" />
      {form?.kind === "bulk-status" && form.errors?._ && (
        <p role="alert" className="w-full text-rose-700">
          {form.errors._}
        </p>
      )}
      <label>
        <span className="label">{t("manager.bulk.setStatus")}</span>
        <select name="status" className="input">
          {REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`manager.requests.statuses.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary" data-testid="bulk-submit">
        {t("manager.bulk.go")}
      </button>
    </form>
  );
}

const picked = (raw: unknown) => (Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? [raw] : []).flatMap((v) => v.split(",")).filter(Boolean);
const pickSchema = z
  .array(z.string().regex(new RegExp(`^(${REQUEST_SOURCES.join("|")}):${ID_SOURCE}$`)))
  .min(1)
  .max(MAX_BULK);

function Requests({ data }: { data: Data }) {
  const { t, url, locale, form } = usePage();
  const value = (k: string) => url.searchParams.get(k) ?? "";
  return (
    <>
      {doneKey(url) === "saved" && <Notice>{t("manager.detail.saved")}</Notice>}
      {form?.kind === "status" && form.errors && <Notice tone="error">{Object.values(form.errors).join(" ")}</Notice>}
      <Notice keys="manager.requests" only={["createdNew", "createdExisting"]} />
      <form method="get" className="card mb-4 flex flex-wrap items-end gap-3">
        {(["status", "source"] as const).map((k) => (
          <label key={k} className="text-sm">
            <span className="label">{t(`manager.requests.${k}`)}</span>
            <select name={k} className="input" defaultValue={value(k)}>
              <option value="">{t("manager.list.any")}</option>
              {(k === "status" ? REQUEST_STATUSES : REQUEST_SOURCES).map((v) => (
                <option key={v} value={v}>
                  {t(`manager.requests.${k === "status" ? "statuses" : "sources"}.${v}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button className="btn-primary" type="submit">
          {t("manager.list.apply")}
        </button>
      </form>
      {"error" in data ? (
        <Notice tone="error">{t("manager.list.badFilter")}</Notice>
      ) : data.docs.length === 0 ? (
        <Empty>{t("manager.list.empty")}</Empty>
      ) : (
        <section className="card mb-6">
          <BulkStatus />
          <ul className="divide-y divide-slate-100" data-testid="requests">
            {data.docs.map((r) => (
              <li key={r._id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm" data-request={r._id}>
                <input
                  type="checkbox"
                  name="picked"
                  value={`${r.source}:${r._id}`}
                  form="requests-bulk"
                  className="mt-1 h-5 w-5"
                  aria-label={`${t("manager.bulk.select")}: ${r.email ?? r._id}`}
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    <a href={`/manager/requests/${r.source}/${r._id}`} className="text-brand-700 hover:underline" data-testid="request-open">
                      {t(`manager.requests.sources.${r.source}`)}
                      {r.source !== "consultation" && <> · {r.source === "business" ? valueName(t, "manager.requests.kinds", r.kind) : r.kind}</>}
                    </a>
                  </p>
                  <p className="break-words">
                    {[r.name, r.email, r.phone, r.company].filter(Boolean).join(" · ")}
                    {r.account && !r.account.confirmed && <Unconfirmed />}
                  </p>
                  <p className="flex flex-wrap gap-x-3 text-xs">
                    {r.account ? (
                      <a href={`/manager/users/${r.account._id}`} className="text-brand-700 hover:underline" data-testid="request-account">
                        {t("manager.requests.account")} →
                      </a>
                    ) : (
                      <span className="text-slate-500">{t("manager.requests.noAccount")}</span>
                    )}
                    {r.email && (
                      <a
                        href={`/manager/requests?${new URLSearchParams({ email: r.email, name: r.name ?? "", company: r.company ?? "" })}#create-business`}
                        className="text-brand-700 hover:underline"
                        data-testid="request-prefill"
                      >
                        {t("manager.requests.prefill")}
                      </a>
                    )}
                  </p>
                  {r.message && <p className="break-words text-slate-600">{r.message}</p>}
                  <p className="text-xs text-slate-500">
                    <Value value={r.createdAt} kind="date" locale={locale} />
                  </p>
                </div>
                {/* its status, who has it and a note: one form, one save */}
                <RequestHandling r={r} assignees={data.assignees} />
              </li>
            ))}
          </ul>
          <Pager
            page={data.page}
            pages={data.pages}
            total={data.total}
            link={(p) => `${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(p) })}`}
          />
        </section>
      )}
      <section className="card max-w-xl" id="create-business">
        {/* a new client gets a set-password mail: said before the click while mail is off */}
        <MailOffNotice />
        <p className="mb-3 text-sm text-slate-600">{t("manager.requests.createHint")}</p>
        <ServerForm
          kind="create-business"
          title={t("manager.requests.create")}
          submit={t("manager.requests.createSubmit")}
          fields={[
            // pre-filled from a request's "create a business account" link
            { name: "email", label: t("common.forms.email"), type: "email", required: true, value: url.searchParams.get("email") },
            { name: "name", label: t("manager.fields.name"), value: url.searchParams.get("name") },
            { name: "company", label: t("manager.requests.company"), required: true, value: url.searchParams.get("company") },
            { name: "invites", label: t("manager.users.inviteCount") },
          ]}
        />
      </section>
    </>
  );
}

export const requestsPage = managerPage({
  path: "/manager/requests",
  load: async (c): Promise<Data> => {
    const status = c.req.query("status");
    const source = c.req.query("source");
    const match = JSON.stringify({ ...(status ? { status } : {}), ...(source ? { source } : {}) });
    try {
      const [list, assignees] = await Promise.all([listRequests(c.get("scope").db, { page: c.req.query("page"), match }), requestAssignees(c.get("scope").db)]);
      return { ...list, assignees };
    } catch (e) {
      if (e instanceof AppError && e.status === 400) return { error: true };
      throw e;
    }
  },
  title: (t) => t("manager.requests.title"),
  Component: Requests,
  forms: {
    // a server-side confirmation: the first post asks (naming the count), the second, `confirmed`, saves
    "bulk-status": managerForm({
      schema: z.object({ picked: z.array(z.string()), status: z.string().optional(), confirmed: z.string().optional() }),
      // the ticked rows post several `picked` values; the confirmation posts them joined by commas
      shape: async (v, c) => ({ picked: [...new Set(picked((await c.req.parseBody({ all: true })).picked))], status: v.status, confirmed: v.confirmed }),
      run: async (scope, input) => {
        const items = pickSchema.safeParse(input.picked);
        const status = z.enum(REQUEST_STATUSES).safeParse(input.status);
        if (!items.success || !status.success) throw new AppError(400, "bad_request", "manager.bulk.noneSelected");
        if (input.confirmed !== "1") return { kind: "bulk-status-confirm", values: { picked: items.data.join(","), status: status.data } };
        const n = await setRequestStatuses(
          scope,
          items.data.map((p) => ({ source: p.split(":")[0]!, id: p.split(":")[1]! })),
          status.data,
        );
        return withDone("/manager/requests", "saved", { n });
      },
    }),
    status: handlingForm({ back: () => withDone("/manager/requests", "saved") }),
    "create-business": managerForm({
      schema: createBusinessSchema,
      shape: (v) => ({ email: v.email, name: v.name || undefined, company: v.company, invites: v.invites ? Number(v.invites) : 0 }),
      run: async (scope, input) => {
        const made = await createBusinessAccount(scope, input);
        // says whether the client was mailed a set-password link (a new account) or signs in as before
        return withDone("/manager/requests", made.user.created ? "createdNew" : "createdExisting");
      },
    }),
  },
});
