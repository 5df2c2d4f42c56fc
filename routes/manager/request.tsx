// /manager/requests/{source}/{id}: one business request with its e-mail thread: the
// request as the requester sent it, the mails the service sent to that address (the outbox, as the
// user page's "mails sent"), a reply by e-mail and what managers did to it (a reply's text among
// them). Data through server/admin/business.ts; the API's twin is /api/manager/business/requests.
import { z } from "zod";
import { REQUEST_SOURCES, replySchema, replyToRequest, requestAssignees, requestThread } from "../../server/admin/business";
import { ID_PARAM, idSchema } from "../../server/lib/ids";
import { usePage } from "../../server/render/page";
import { ServerForm } from "../_blocks/blocks";
import { AuditEntries } from "./audit";
import { managerForm, managerPage } from "./kit";
import { handlingForm, RequestHandling } from "./request-handling";
import { DocTable, MailOffNotice, Notice, Unconfirmed, Value, valueName } from "./ui";

type Data = Awaited<ReturnType<typeof requestThread>> & { assignees: Awaited<ReturnType<typeof requestAssignees>> };

function RequestPage({ data }: { data: Data }) {
  const { t, locale, url } = usePage();
  const r = data.request;
  return (
    <>
      <p className="mb-4 text-sm">
        <a href="/manager/requests" className="text-brand-700 hover:underline">
          ← {t("manager.requests.title")}
        </a>
        {r.account && (
          <>
            {" · "}
            <a href={`/manager/users/${r.account._id}`} className="text-brand-700 hover:underline" data-testid="request-account">
              {t("manager.requests.account")}
            </a>
          </>
        )}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card min-w-0" data-testid="request">
          <p className="font-semibold">
            {t(`manager.requests.sources.${r.source}`)}
            {r.source !== "consultation" && <> · {r.source === "business" ? valueName(t, "manager.requests.kinds", r.kind) : r.kind}</>}
            {" · "}
            {t(`manager.requests.statuses.${r.status}`)}
          </p>
          <p className="mt-1 break-words text-sm">
            {[r.name, r.email, r.phone, r.company].filter(Boolean).join(" · ")}
            {r.account && !r.account.confirmed && <Unconfirmed />}
          </p>
          {r.message && <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm">{r.message}</p>}
          <p className="mt-2 text-xs text-slate-500">
            <Value value={r.createdAt} kind="date" locale={locale} />
          </p>
          {/* handled where it is read and answered, as on the list */}
          <div className="mt-4 border-t border-slate-100 pt-4" id="handling">
            <h2 className="mb-2 font-semibold">{t("manager.requests.handling")}</h2>
            {url.searchParams.get("done") === "status" && <Notice>{t("manager.detail.saved")}</Notice>}
            <RequestHandling r={r} assignees={data.assignees} labelled />
          </div>
        </section>
        <section className="card min-w-0" id="reply">
          {r.email ? (
            <>
              {/* said before the click while mail is off */}
              <MailOffNotice />
              <ServerForm
                kind="reply"
                title={t("manager.requests.reply")}
                submit={t("manager.requests.send")}
                // beside the form the redirect scrolls to
                notice={url.searchParams.get("done") === "reply" ? t("manager.requests.sent") : null}
                beforeSubmit={
                  <>
                    <p className="text-sm text-slate-500">{t("manager.requests.replyTo", { email: r.email })}</p>
                    {data.replyTo ? (
                      <p className="text-sm text-slate-700" data-testid="reply-to">
                        {t("manager.requests.answersTo", { email: data.replyTo })}
                      </p>
                    ) : (
                      <p className="text-sm text-amber-800" data-testid="reply-to">
                        {t("manager.requests.noReplyTo")}{" "}
                        <a href="/manager/settings" className="text-brand-700 underline">
                          {t("manager.requests.toSettings")}
                        </a>
                      </p>
                    )}
                  </>
                }
                fields={[
                  {
                    name: "subject",
                    label: t("manager.requests.subject"),
                    required: true,
                    maxLength: 200,
                    value: `${t("manager.requests.defaultSubject")}${r.company ? ` · ${r.company}` : ""}`,
                  },
                  { name: "text", label: t("manager.requests.text"), type: "textarea", required: true, maxLength: 5_000 },
                ]}
              />
            </>
          ) : (
            <p className="text-sm text-slate-500">{t("manager.requests.noEmail")}</p>
          )}
        </section>
      </div>
      <section className="card mt-6 min-w-0" data-section="thread">
        <h2 className="mb-1 text-lg font-semibold">{t("manager.requests.thread")}</h2>
        {r.email && <p className="mb-3 break-words text-sm text-slate-500">{t("manager.requests.threadHint", { email: r.email })}</p>}
        {data.mails.length === 0 ? (
          <p className="text-sm text-slate-500">{t("manager.requests.noMails")}</p>
        ) : (
          <DocTable
            docs={data.mails}
            testid="thread"
            columns={[
              { key: "subject", label: "manager.users.mailSubject" },
              { key: "kind", label: "manager.users.mailKind", valueLabels: "manager.users.mailKinds" },
              { key: "createdAt", label: "manager.users.mailDate", kind: "date" },
              { key: "state", label: "manager.users.mailState", valueLabels: "manager.users.mailStates" },
            ]}
          />
        )}
      </section>
      <section className="card mt-6" data-section="history">
        <h2 className="mb-3 text-lg font-semibold">{t("manager.audit.history")}</h2>
        {data.history.length === 0 ? (
          <p className="text-sm text-slate-500">{t("manager.list.empty")}</p>
        ) : (
          <AuditEntries docs={data.history} records={new Map()} inRecord />
        )}
      </section>
    </>
  );
}

export const requestPage = managerPage({
  path: `/manager/requests/:source/${ID_PARAM}`,
  params: z.object({ source: z.enum(REQUEST_SOURCES), id: idSchema() }),
  load: async (c, scope) => {
    const [thread, assignees] = await Promise.all([requestThread(scope.db, c.req.param("source")!, c.req.param("id")!), requestAssignees(scope.db)]);
    return { ...thread, assignees };
  },
  // named by who sent it, as the other record pages are
  title: (t, data) => `${t("manager.requests.page")} ${data.request.name || data.request.email || ""}`.trim(),
  Component: RequestPage,
  forms: {
    status: handlingForm({ back: (c) => `${c.req.path}?done=status#handling`, request: (c) => ({ source: c.req.param("source"), id: c.req.param("id") }) }),
    reply: managerForm({
      schema: replySchema,
      run: async (scope, input, c) => {
        await replyToRequest(scope, c.req.param("source")!, c.req.param("id")!, input);
        return `${c.req.path}?done=reply#reply`;
      },
    }),
  },
});
