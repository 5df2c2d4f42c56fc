// /manager/audit: every manager write, newest first, by manager, entity, action and date (issue 32
// #3); each entry with the manager's e-mail and its changes as "field: before → after". The same
// entries list is each record's "History" on its detail page.
import { auditEntities, listAudit, type AuditDoc } from "../../server/admin/audit";
import { RESOURCES } from "../../server/admin/resources";
import { AppError } from "../../server/lib/errors";
import { usePage } from "../../server/render/page";
import { managerPage } from "./kit";
import { Empty, Notice, Pager, PAGE_SIZES, Value, valueName } from "./ui";

const shownValue = (v: unknown, t?: (k: string) => string) =>
  v === null || v === undefined || v === ""
    ? "—"
    : typeof v === "boolean" && t
      ? t(v ? "manager.list.yes" : "manager.list.no")
      : typeof v === "object"
        ? JSON.stringify(v)
        : String(v);

/** An entry's changes: "field: before → after" for a change, "field: value" for a fact. */
function Changes({ entity, changes }: { entity: string; changes: Record<string, unknown> | null }) {
  const { t } = usePage();
  if (!changes || !Object.keys(changes).length) return null;
  // a field's name as the entity's pages call it, else the back-office's general name, else its key
  const named = (key: string) => (t(key) === key ? null : t(key));
  const fieldName = (k: string) => named(`manager.${entity}.${k}`) ?? named(`manager.fields.${k}`) ?? k;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
      {Object.entries(changes).map(([k, v]) => {
        const change = v && typeof v === "object" && "from" in v && "to" in v ? (v as { from: unknown; to: unknown }) : null;
        return (
          <li key={k} className="break-words">
            <span className="font-semibold">{fieldName(k)}</span>:{" "}
            {change ? (
              <>
                <del className="text-rose-700">{shownValue(change.from, t)}</del>
                {" → "}
                <ins className="text-emerald-800 no-underline">{shownValue(change.to, t)}</ins>
              </>
            ) : (
              shownValue(v, t)
            )}
          </li>
        );
      })}
    </ul>
  );
}

const recordHref = (e: AuditDoc) => {
  // a request's entries are filed as requests.<source>: its own page
  if (e.entity.startsWith("requests.") && e.entityId) return `/manager/requests/${e.entity.slice("requests.".length)}/${e.entityId}`;
  const def = RESOURCES.find((d) => d.name === e.entity);
  return def && e.entityId ? `/manager/${def.pagePath}/${e.entityId}` : null;
};

/** A list of entries (the audit page and a record's history). */
export function AuditEntries({ docs }: { docs: AuditDoc[] }) {
  const { t, locale } = usePage();
  return (
    <ul className="divide-y divide-slate-100" data-testid="audit-entries">
      {docs.map((e) => {
        const href = recordHref(e);
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
              {href ? (
                <a href={href} className="text-xs text-brand-700 hover:underline">
                  {e.entity} {e.entityId}
                </a>
              ) : (
                <span className="text-xs text-slate-500">
                  {e.entity} {e.entityId ?? ""}
                </span>
              )}
            </p>
            <Changes entity={e.entity} changes={e.changes} />
          </li>
        );
      })}
    </ul>
  );
}

type Data = { list: Awaited<ReturnType<typeof listAudit>> | null; entities: string[] };

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
            {data.entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor="a-action">
            {t("manager.audit.action")}
          </label>
          <input id="a-action" name="action" type="search" className="input" defaultValue={value("action")} />
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
          <AuditEntries docs={data.list.docs} />
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
  load: async (c): Promise<Data> => {
    const db = c.get("deps").db;
    const entities = await auditEntities(db);
    try {
      return { list: await listAudit(db, { limit: String(PAGE_SIZES[1]), ...c.req.query() }), entities };
    } catch (e) {
      if (e instanceof AppError && e.status === 400) return { list: null, entities };
      throw e;
    }
  },
  title: (t) => t("manager.audit.title"),
  Component: AuditPage,
});
