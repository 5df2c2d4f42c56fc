// /manager/requests: what the public forms stored (business leads, consultation tickets, webinar
// sign-ups, demo requests) with a status a manager moves, and a business account made by hand.
// Not a route of the spec's list: reached from the main page (the spec's API is
// /api/manager/business/requests and /create).
import { z } from "zod";
import { createBusinessAccount, createBusinessSchema, listRequests, REQUEST_SOURCES, REQUEST_STATUSES, setRequestStatus } from "../../server/admin/business";
import { AppError } from "../../server/lib/errors";
import { handleForm } from "../../server/lib/forms";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { ServerForm } from "../_blocks/blocks";
import { CabinetLayout } from "../_layouts/cabinet";
import { Empty, Notice, Pager, Unconfirmed, Value, valueName } from "./ui";

type Data = Awaited<ReturnType<typeof listRequests>> | { error: true };

function Requests({ data }: { data: Data }) {
  const { t, url, locale } = usePage();
  const value = (k: string) => url.searchParams.get(k) ?? "";
  return (
    <CabinetLayout kind="manager" title={t("manager.requests.title")}>
      {url.searchParams.get("saved") && <Notice>{t("manager.detail.saved")}</Notice>}
      {url.searchParams.get("created") && (
        <Notice>{t(url.searchParams.get("created") === "new" ? "manager.requests.createdNew" : "manager.requests.createdExisting")}</Notice>
      )}
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
          <ul className="divide-y divide-slate-100" data-testid="requests">
            {data.docs.map((r) => (
              <li key={r._id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm" data-request={r._id}>
                <div className="min-w-0">
                  <p className="font-semibold">
                    {t(`manager.requests.sources.${r.source}`)}
                    {r.source !== "consultation" && <> · {r.source === "business" ? valueName(t, "manager.requests.kinds", r.kind) : r.kind}</>}
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
                <form method="post" className="flex items-center gap-2">
                  <input type="hidden" name="_form" value="status" />
                  <input type="hidden" name="source" value={r.source} />
                  <input type="hidden" name="id" value={r._id} />
                  <select name="status" className="input py-1" defaultValue={r.status} aria-label={t("manager.requests.status")}>
                    {REQUEST_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(`manager.requests.statuses.${s}`)}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="btn-secondary py-1 text-sm">
                    {t("manager.detail.save")}
                  </button>
                </form>
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
    </CabinetLayout>
  );
}

export const requestsPage = definePage({
  path: "/manager/requests",
  guards: ["admin"],
  load: async (c): Promise<Data> => {
    const status = c.req.query("status");
    const source = c.req.query("source");
    const match = JSON.stringify({ ...(status ? { status } : {}), ...(source ? { source } : {}) });
    try {
      return await listRequests(c.get("deps").db, { page: c.req.query("page"), match });
    } catch (e) {
      if (e instanceof AppError && e.status === 400) return { error: true };
      throw e;
    }
  },
  title: (t) => t("manager.requests.title"),
  Component: Requests,
  action: async (c) => {
    const kind = (await c.req.parseBody())._form;
    if (kind === "status") {
      return handleForm(
        c,
        "status",
        z.object({ source: z.enum(REQUEST_SOURCES), id: z.string().regex(/^[0-9a-f]{24}$/), status: z.enum(REQUEST_STATUSES) }),
        async (v) => {
          await setRequestStatus(c.get("scope"), v.source, v.id, v.status);
          return c.redirect("/manager/requests?saved=1", 303);
        },
      );
    }
    return handleForm(
      c,
      "create-business",
      createBusinessSchema,
      async (v) => {
        const made = await createBusinessAccount(c.get("scope"), v);
        // says whether the client was mailed a set-password link (a new account) or signs in as before
        return c.redirect(`/manager/requests?created=${made.user.created ? "new" : "existing"}`, 303);
      },
      (v) => ({ email: v.email, name: v.name || undefined, company: v.company, invites: v.invites ? Number(v.invites) : 0 }),
    );
  },
});
