// A declaration's record pages (server/admin/resource.ts): the detail page (fields, actions, the
// edit form, related lists, the record's history), the create page and the spec's separate edit
// page. Titled by the record (`recordRepresentation`: "User ann@example.com"). Data through
// server/admin (`loadDetail`); posts in ./post.tsx.
import { z } from "zod";
import type { T } from "../../../locales";
import { findRow, loadDetail, type DetailData, type Doc, type ResourceDef } from "../../../server/admin/resource";
import { pagingSchema } from "../../../server/lib/listing";
import { ID_PARAM } from "../../../server/lib/ids";
import { mayRun } from "../../../server/admin/roles";
import { usePage } from "../../../server/render/page";
import { type AuditRecord, auditRecords, nameReferences, recordKey } from "../../../server/admin/audit-records";
import { AuditEntries } from "../audit";
import { idParams, managerPage } from "../kit";
import { DocTable, labelOf, MailOffNotice, Notice, Pager, shown, Value } from "../ui";
import { doneKey } from "../../../server/lib/notice";
import { ActionForm, EditForm, RecordForm } from "./form";
import { createForms, recordForms } from "./post";

function DetailView({ def, data }: { def: ResourceDef; data: DetailData & { canEdit: boolean; historyRecords: Map<string, AuditRecord> } }) {
  const { t, locale, url, form, config } = usePage();
  const fields = def.fields ?? def.columns;
  const done = doneKey(url);
  // an action's own message (`manager.notices.<key>`) where it has one, else the plain "done"
  const notice = done !== null && t(`manager.notices.${done}`) !== `manager.notices.${done}`;
  return (
    <>
      <p className="mb-4 text-sm">
        <a href={`/manager/${def.pagePath}`} className="text-brand-700 hover:underline">
          ← {t(`manager.res.${def.name}.title`)}
        </a>
        {[
          ...(def.form?.editPage && data.canEdit ? [{ label: "manager.detail.editPage", href: `/manager/${def.pagePath}/${String(data.doc._id)}/edit` }] : []),
          ...(def.links?.(data.doc) ?? []),
        ].map((l) => (
          <span key={l.href}>
            {" · "}
            <a href={l.href} className="text-brand-700 hover:underline">
              {t(l.label)}
            </a>
          </span>
        ))}
      </p>
      {doneKey(url) === "saved" && <Notice>{t("manager.detail.saved")}</Notice>}
      {done && done !== "saved" && !notice && (
        <Notice>
          {t("manager.detail.done")}
          {def.actions?.[done]?.mails && !config.SMTP_URL && <span data-testid="mail-off"> {t("manager.detail.mailOff")}</span>}
        </Notice>
      )}
      {notice && <Notice keys="manager.notices" />}
      {form?.kind === "action" && form.errors?._ && <Notice tone="error">{form.errors._}</Notice>}
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card" data-testid="fields">
          <h2 className="mb-3 font-mono text-xs text-slate-500">{String(data.doc._id)}</h2>
          <dl className="grid grid-cols-[fit-content(40%),minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            {fields.map((col) => (
              <div key={col.key} className="contents">
                <dt className="text-slate-500">{t(labelOf(col))}</dt>
                <dd className="min-w-0 break-words" data-field={col.key}>
                  <Value value={shown(t, data.doc[col.key], col)} kind={col.kindOf?.(data.doc) ?? col.kind} locale={locale} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="space-y-6">
          {data.actions.length > 0 && (
            <section className="card" data-testid="actions">
              <h2 className="mb-3 text-lg font-semibold">{t("manager.detail.actions")}</h2>
              {/* before a click that mails, not after it */}
              {data.actions.some(({ name }) => def.actions![name]!.mails) && <MailOffNotice />}
              <div className="flex flex-wrap items-start gap-2">
                {data.actions.map(({ name, vars }) => (
                  <ActionForm key={name} name={name} action={def.actions![name]!} vars={vars} />
                ))}
              </div>
            </section>
          )}
          {def.form && data.canEdit && <EditForm def={def} row={data.row} />}
        </div>
      </div>
      {data.sections.map((s) => {
        const section = def.sections!.find((x) => x.key === s.key)!;
        return (
          <section key={s.key} className="card mt-6 overflow-x-auto" data-section={s.key}>
            <h2 className="mb-3 text-lg font-semibold">{t(section.title)}</h2>
            {s.docs.length === 0 ? (
              <p className="text-sm text-slate-500">{t("manager.list.empty")}</p>
            ) : (
              <DocTable
                docs={s.docs}
                columns={section.columns}
                href={section.href ?? ((d) => (s.key === "results" ? `/manager/results/${String(d._id)}` : "#"))}
              />
            )}
            {s.paging && s.paging.pages > 1 && (
              <Pager
                page={s.paging.page}
                pages={s.paging.pages}
                total={s.paging.total}
                link={(p) => {
                  const u = new URL(url);
                  u.searchParams.set("page", String(p));
                  return `${u.pathname}${u.search}`;
                }}
              />
            )}
          </section>
        );
      })}
      <section className="card mt-6" data-section="history">
        <h2 className="mb-3 text-lg font-semibold">{t("manager.audit.history")}</h2>
        {data.history.length === 0 ? (
          <p className="text-sm text-slate-500">{t("manager.list.empty")}</p>
        ) : (
          <AuditEntries
            docs={data.history}
            records={new Map([...data.historyRecords, [recordKey(def.name, String(data.doc._id)), { name: null, doc: data.doc }]])}
            // entries about other records (a user's orders) say which one
            inRecord={!def.history}
          />
        )}
      </section>
    </>
  );
}

/** "User ann@example.com", "Coupon SUMMER-10": the kind of record and its name. */
export function detailTitle(t: T, def: ResourceDef, doc: Doc) {
  const name = def.recordRepresentation?.(doc, t.locale);
  return name ? `${t(`manager.res.${def.name}.detail`)} ${name}` : t(`manager.res.${def.name}.detail`);
}

/** The record's id in the path, typed as the resource spells it (a format's code, or an id). */
const idSegment = (def: ResourceDef) => (def.idPattern ? `:id{${def.idPattern.source.replace(/^\^|\$$/g, "")}}` : ID_PARAM);
const paramsOf = (def: ResourceDef) => (def.idPattern ? z.object({ id: z.string().regex(def.idPattern) }) : idParams);

/** The detail page of a resource at /manager/<pagePath>/{id}: fields, edit form, actions, sections. */
export function resourceDetailPage(def: ResourceDef) {
  return managerPage({
    path: `/manager/${def.pagePath}/${idSegment(def)}`,
    params: paramsOf(def),
    load: async (c, scope) => {
      const url = new URL(c.req.url);
      const paging = pagingSchema(200).safeParse({ page: url.searchParams.get("page") ?? undefined, limit: url.searchParams.get("limit") ?? undefined });
      const data = await loadDetail(scope.db, def, c.req.param("id")!, paging.success ? paging.data : { page: 1, limit: 50 });
      // records a section's rows mention (an activity's order) by name, linked
      await Promise.all(data.sections.map((s) => nameReferences(scope.db, s.docs, scope.locale)));
      // only what this manager's role may do is offered (the guard refuses the rest anyway)
      // a history of more than the record (a user's) names the other records in it
      const historyRecords = def.history ? await auditRecords(scope.db, data.history, scope.locale) : new Map<string, AuditRecord>();
      return { ...data, historyRecords, actions: data.actions.filter((a) => mayRun(scope.user, def, a.name)), canEdit: mayRun(scope.user, def, "edit") };
    },
    title: (t, data) => detailTitle(t, def, data.doc),
    Component: ({ data }: { data: DetailData & { canEdit: boolean; historyRecords: Map<string, AuditRecord> } }) => <DetailView def={def} data={data} />,
    forms: recordForms(def),
  });
}

/** /manager/<pagePath>/create: the create form; saved, it goes to the new record's page. */
export function resourceCreatePage(def: ResourceDef) {
  const create = def.create!;
  return managerPage({
    path: `/manager/${def.pagePath}/create`,
    title: (t) => t(`manager.res.${def.name}.create`),
    Component: () => {
      const { t } = usePage();
      return (
        <>
          <BackLink def={def} />
          <RecordForm kind="create" fields={create.fields} values={{}} title={t(`manager.res.${def.name}.create`)} submit={t("manager.detail.create")} />
        </>
      );
    },
    forms: createForms(def),
  });
}

function BackLink({ def, id }: { def: ResourceDef; id?: string }) {
  const { t } = usePage();
  return (
    <p className="mb-4 text-sm">
      <a href={id ? `/manager/${def.pagePath}/${id}` : `/manager/${def.pagePath}`} className="text-brand-700 hover:underline">
        ← {t(id ? `manager.res.${def.name}.detail` : `manager.res.${def.name}.title`)}
      </a>
    </p>
  );
}

/** /manager/<pagePath>/{id}/edit: the edit form alone (the spec's separate edit screen). */
export function resourceEditPage(def: ResourceDef) {
  return managerPage({
    path: `/manager/${def.pagePath}/${idSegment(def)}/edit`,
    params: paramsOf(def),
    load: async (c, scope) => ({ row: await findRow(scope.db, def, c.req.param("id")!) }),
    title: (t, data) => detailTitle(t, def, def.toDoc(data.row)),
    Component: ({ data }: { data: { row: Record<string, unknown> } }) => (
      <>
        <BackLink def={def} id={String(data.row.id)} />
        <EditForm def={def} row={data.row} />
      </>
    ),
    forms: recordForms(def),
  });
}
