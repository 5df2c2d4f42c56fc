// /manager/audit: every manager write, newest first, by manager, entity, action and date;
// each entry with the manager's e-mail and its changes as "field: before → after". The same
// entries list is each record's "History" on its detail page.
import { auditKinds, listAudit, type AuditDoc } from "../../server/admin/audit";
import { type AuditRecord, auditRecords, recordKey } from "../../server/admin/audit-records";
import type { Column, Doc } from "../../server/admin/resource";
import { RESOURCES } from "../../server/admin/resources";
import { AppError } from "../../server/lib/errors";
import { usePage } from "../../server/render/page";
import { managerPage } from "./kit";
import { Empty, Notice, Pager, PAGE_SIZES, shown, Value, valueName } from "./ui";

/** Keys an entry records that say nothing to a manager (the entry has its own time and record). */
const SILENT = new Set(["id", "_id", "createdAt", "updatedAt"]);
/** Recorded facts whose values have names of their own (manager.audit.values.<key>.<value>). */
const NAMED_VALUES = new Set(["refundVia", "outcome", "role", "mode", "status"]);

/** A report text's section fields as the editor calls them (its audit records sections.<key>.<field>). */
const SECTION_FIELDS: Record<string, string> = {
  title: "manager.fields.title",
  tab: "manager.content.tab",
  locked: "manager.content.locked",
  text: "manager.content.sectionText",
  teaser: "manager.content.teaser",
};
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** One recorded value in the record's own terms: the resource's column says its kind and value names. */
function Recorded({ value, col, doc }: { value: unknown; col?: Column; doc?: Doc }) {
  const { t, locale } = usePage();
  if (value === null || value === undefined || value === "") return <>—</>;
  if (typeof value === "boolean") return <>{t(value ? "manager.list.yes" : "manager.list.no")}</>;
  const kind = col ? (doc && col.kindOf ? col.kindOf(doc) : col.kind) : typeof value === "string" && ISO_INSTANT.test(value) ? "date" : undefined;
  if (kind === "date" && typeof value === "string" && !ISO_INSTANT.test(value) && Number.isNaN(Date.parse(value))) return <>{value}</>;
  return <Value value={col ? shown(t, value, col) : value} kind={kind ?? (typeof value === "object" ? "json" : undefined)} locale={locale} />;
}

/** An entry's changes: "field: before → after" for a change, "field: value" for a fact or a creation. */
function Changes({ entry, record }: { entry: AuditDoc; record?: AuditRecord }) {
  const { t } = usePage();
  const changes = entry.changes;
  if (!changes || !Object.keys(changes).length) return null;
  const def = RESOURCES.find((d) => d.name === entry.entity);
  // a field the record's page shows (a refunded sum) is named and shown as there, too
  const columns = def ? [...def.columns, ...(def.fields ?? []), ...(def.views ?? []).flatMap((v) => v.columns ?? [])] : [];
  const created = entry.action.endsWith(".create");
  // a field's name as the entity's pages call it, else the back-office's general name, else its key
  const named = (key: string) => (t(key) === key ? null : t(key));
  const fieldName = (k: string) => {
    const part = /^sections\.([^.]+)(?:\.(title|tab|locked|text|teaser))?$/.exec(k);
    if (part) return `${t("manager.content.section")} «${part[1]}»${part[2] ? ` · ${t(SECTION_FIELDS[part[2]]!)}` : ""}`;
    const col = columns.find((c) => c.key === k);
    return (col?.label && named(col.label)) ?? named(`manager.${entry.entity}.${k}`) ?? named(`manager.fields.${k}`) ?? k;
  };
  const items = Object.entries(changes).filter(([k, v]) => !SILENT.has(k) && !(created && isChange(v) && (v.to === null || v.to === undefined)));
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
      {items.map(([k, v]) => {
        const col = columns.find((c) => c.key === k) ?? (NAMED_VALUES.has(k) ? { key: k, valueLabels: `manager.audit.values.${k}` } : undefined);
        const doc = record?.doc;
        return (
          <li key={k} className="break-words">
            <span className="font-semibold">{fieldName(k)}</span>:{" "}
            {isChange(v) && !created ? (
              <>
                <del className="text-rose-700">
                  <Recorded value={v.from} col={col} doc={doc} />
                </del>
                {" → "}
                <ins className="text-emerald-800 no-underline">
                  <Recorded value={v.to} col={col} doc={doc} />
                </ins>
              </>
            ) : (
              <Recorded value={isChange(v) ? v.to : v} col={col} doc={doc} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } => Boolean(v && typeof v === "object" && "from" in v && "to" in v);

/** A request's entries are filed as requests.<source>: its own page (requests are never deleted). */
const requestHref = (e: AuditDoc) =>
  e.entity.startsWith("requests.") && e.entityId ? `/manager/requests/${e.entity.slice("requests.".length)}/${e.entityId}` : null;

const recordHref = (e: AuditDoc) => {
  const def = RESOURCES.find((d) => d.name === e.entity);
  return def && e.entityId ? `/manager/${def.pagePath}/${e.entityId}` : null;
};

/** The kind of thing an entry is about, in words: a resource's record kind, else the audit's own names. */
export function entityName(t: (k: string) => string, entity: string) {
  const def = RESOURCES.find((d) => d.name === entity);
  return def ? t(`manager.res.${def.name}.detail`) : valueName(t, "manager.audit.entities", entity);
}

/**
 * A list of entries (the audit page and a record's history): who, when, what, about which record
 * (by its name; a deleted one by its id) and the values in the record's own terms.
 */
export function AuditEntries({ docs, records, inRecord = false }: { docs: AuditDoc[]; records: Map<string, AuditRecord>; inRecord?: boolean }) {
  const { t, locale } = usePage();
  return (
    <ul className="divide-y divide-slate-100" data-testid="audit-entries">
      {docs.map((e) => {
        const record = e.entityId ? records.get(recordKey(e.entity, e.entityId)) : undefined;
        const href = requestHref(e) ?? (record ? recordHref(e) : null);
        const about = `${entityName(t, e.entity)} ${record?.name ?? e.entityId ?? ""}`.trim();
        return (
          <li key={e._id} className="py-3 text-sm" data-audit={e.action}>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-slate-500">
                <Value value={e.createdAt} kind="date" locale={locale} />
              </span>
              <a href={`/manager/users/${e.manager._id}`} className="text-brand-700 hover:underline" data-testid="audit-manager">
                {e.manager.email ?? e.manager._id}
              </a>
              {e.actedAs && (
                <span className="text-xs text-amber-800">
                  {t("manager.audit.actedAs")} {e.actedAs.email ?? e.actedAs._id}
                </span>
              )}
              <span className="text-xs font-semibold" title={e.action}>
                {valueName(t, "manager.audit.actions", e.action)}
              </span>
              {inRecord ? null : href ? (
                <a href={href} className="text-xs text-brand-700 hover:underline" data-testid="audit-record">
                  {about}
                </a>
              ) : (
                <span className="text-xs text-slate-500" data-testid="audit-record">
                  {e.entityId && RESOURCES.some((d) => d.name === e.entity) ? `${about} (${t("manager.audit.gone")})` : about}
                </span>
              )}
            </p>
            <Changes entry={e} record={record} />
          </li>
        );
      })}
    </ul>
  );
}

type Data = {
  list: Awaited<ReturnType<typeof listAudit>> | null;
  records: Map<string, AuditRecord>;
  kinds: Awaited<ReturnType<typeof auditKinds>>;
};

function AuditPage({ data }: { data: Data }) {
  const { t, url } = usePage();
  const value = (k: string) => url.searchParams.get(k) ?? "";
  const link = (patch: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(patch)) u.searchParams.set(k, v);
    return `${u.pathname}${u.search}`;
  };
  return (
    <>
      <form method="get" className="card mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search" data-testid="audit-filters">
        <div>
          <label className="label" htmlFor="a-actor">
            {t("manager.audit.actor")}
          </label>
          <input id="a-actor" name="actor" type="search" className="input" defaultValue={value("actor")} placeholder="manager@example.com" />
        </div>
        <div>
          <label className="label" htmlFor="a-entity">
            {t("manager.audit.entity")}
          </label>
          <select id="a-entity" name="entity" className="input" defaultValue={value("entity")}>
            <option value="">{t("manager.list.any")}</option>
            {data.kinds.entities.map((e) => (
              <option key={e} value={e}>
                {entityName(t, e)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor="a-action">
            {t("manager.audit.action")}
          </label>
          <select id="a-action" name="action" className="input" defaultValue={value("action")}>
            <option value="">{t("manager.list.any")}</option>
            {data.kinds.actions.map((a) => (
              <option key={a} value={a}>
                {valueName(t, "manager.audit.actions", a)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="grid grid-cols-2 gap-2 lg:col-span-2">
          <legend className="label">{t("manager.audit.when")}</legend>
          <input aria-label={`${t("manager.audit.when")}: ${t("manager.list.from")}`} type="date" name="from" className="input" defaultValue={value("from")} />
          <input aria-label={`${t("manager.audit.when")}: ${t("manager.list.to")}`} type="date" name="to" className="input" defaultValue={value("to")} />
        </fieldset>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className="btn-primary">
            {t("manager.list.apply")}
          </button>
          <a href="/manager/audit" className="btn-secondary">
            {t("manager.list.reset")}
          </a>
        </div>
      </form>
      {!data.list ? (
        <Notice tone="error">{t("manager.list.badFilter")}</Notice>
      ) : data.list.docs.length === 0 ? (
        <Empty>{t("manager.list.empty")}</Empty>
      ) : (
        <section className="card">
          <AuditEntries docs={data.list.docs} records={data.records} />
          <Pager
            page={data.list.page}
            pages={data.list.pages}
            total={data.list.total}
            link={(p) => link({ page: String(p) })}
            limit={data.list.limit}
            sizeLink={(n) => link({ limit: String(n), page: "1" })}
          />
        </section>
      )}
    </>
  );
}

export const auditPage = managerPage({
  path: "/manager/audit",
  load: async (c, scope): Promise<Data> => {
    const {
      db,
      deps: { config },
    } = c.get("scope");
    const kinds = await auditKinds(db);
    try {
      const list = await listAudit(db, { limit: String(PAGE_SIZES[1]), ...c.req.query() }, config.TIME_ZONE);
      return { list, records: await auditRecords(db, list.docs, scope.locale), kinds };
    } catch (e) {
      if (e instanceof AppError && e.status === 400) return { list: null, records: new Map(), kinds };
      throw e;
    }
  },
  title: (t) => t("manager.audit.title"),
  Component: AuditPage,
});
