// /manager/exporting: a new export of everything of a kind (users, results with indicators and
// format, payments; CSV or XLSX, streamed), and the log of past exports with who made them, each
// downloadable again (the same filters, search, sort and selection, over the data as it is now).
// Filtered exports start on the lists (their Export buttons carry the list's filter, search and
// sort): nobody types JSON here.
import { z } from "zod";
import { intlLocale } from "../../locales";
import { formatIn } from "../../server/lib/time-zone";
import { EXPORT_KINDS, exportSchema, listExports, repeatExport, streamExport } from "../../server/admin/exports";
import { AppError, badRequest } from "../../server/lib/errors";
import { idSchema } from "../../server/lib/ids";
import { usePage } from "../../server/render/page";
import { managerForm, managerPage } from "./kit";
import { DocTable, Empty, Notice, Pager } from "./ui";

type Data = Awaited<ReturnType<typeof listExports>>;

const LISTS = { users: "/manager/users", results: "/manager/results", payments: "/manager/orders" } as const;

function Exporting({ data }: { data: Data }) {
  const { t, form, url, config, locale } = usePage();
  const error = form?.kind === "export" || form?.kind === "again" ? form.errors : undefined;
  const docs = data.docs.map((d) => ({ ...d, kind: t(`manager.exports.kinds.${d.kind}`), manager: d.manager.email ?? d.manager._id }));
  return (
    <>
      {error && <Notice tone="error">{error._ ?? Object.values(error).join(" ")}</Notice>}
      <form method="post" className="card mb-3 flex flex-wrap items-end gap-3" data-testid="form-export">
        <input type="hidden" name="_form" value="export" />
        <label className="text-sm">
          <span className="label">{t("manager.exports.kind")}</span>
          <select name="kind" className="input">
            {EXPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`manager.exports.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="label">{t("manager.exports.format")}</span>
          <select name="format" className="input">
            <option value="xlsx">XLSX</option>
            <option value="csv">CSV</option>
          </select>
        </label>
        <button type="submit" className="btn-primary">
          {t("manager.exports.start")}
        </button>
      </form>
      <p className="mb-6 text-sm text-slate-600" data-testid="filtered-hint">
        {t("manager.exports.filteredHint")}{" "}
        {EXPORT_KINDS.map((k, i) => (
          <span key={k}>
            {i > 0 ? " · " : ""}
            <a href={LISTS[k]} className="text-brand-700 hover:underline">
              {t(`manager.exports.kinds.${k}`)}
            </a>
          </span>
        ))}
      </p>
      <p className="mb-3 text-sm text-slate-500">{t("manager.exports.hint")}</p>
      {data.docs.length === 0 ? (
        <Empty>{t("manager.exports.none")}</Empty>
      ) : (
        <section className="list-card">
          <div className="table-scroll">
            <DocTable
              docs={docs.map((d) => ({ ...d, again: d._id }))}
              testid="exports"
              columns={[
                { key: "createdAt", kind: "date" },
                { key: "kind", label: "manager.exports.kind", valueLabels: "manager.exports.kinds" },
                { key: "format", label: "manager.exports.format" },
                { key: "rows", label: "manager.exports.rows", kind: "number" },
                { key: "manager", label: "manager.fields.actor" },
                { key: "filters", label: "manager.exports.filters", kind: "json" },
              ]}
            />
          </div>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="again">
            {data.docs.map((d) => (
              <li key={d._id}>
                <form method="post">
                  <input type="hidden" name="_form" value="again" />
                  <input type="hidden" name="id" value={d._id} />
                  <button type="submit" className="btn-secondary py-1 text-xs" data-again={d._id}>
                    ⇩{" "}
                    {t("manager.exports.again", {
                      when: formatIn(d.createdAt, config.TIME_ZONE, intlLocale(locale), { dateStyle: "short", timeStyle: "short" }),
                    })}
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <Pager page={data.page} pages={data.pages} total={data.total} link={(p) => `${url.pathname}?page=${p}`} />
        </section>
      )}
    </>
  );
}

export const exportingPage = managerPage({
  path: "/manager/exporting",
  load: (c, scope) => listExports(scope.db, c.req.query()),
  title: (t) => t("manager.exports.title"),
  Component: Exporting,
  forms: {
    export: managerForm({
      schema: exportSchema,
      run: async (scope, input) => {
        try {
          return await streamExport(scope, input);
        } catch (e) {
          // a list's filter that does not hold: said as such, not as the parser's words
          if (e instanceof AppError && e.status === 400) throw badRequest("manager.list.badFilter");
          throw e;
        }
      },
    }),
    again: managerForm({ schema: z.object({ id: idSchema() }), run: (scope, { id }) => repeatExport(scope, id) }),
  },
});
