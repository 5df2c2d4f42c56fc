// /manager/exporting: a new export (users, results with indicators and format, payments; CSV or
// XLSX, streamed) and the list of past exports with who made them. The list pages' export buttons
// post here with their current filters.
import { EXPORT_KINDS, exportSchema, listExports, streamExport } from "../../server/admin/exports";
import { AppError } from "../../server/lib/errors";
import { formValues } from "../../server/lib/forms";
import { fieldErrors } from "../../server/lib/validate";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { CabinetLayout } from "../_layouts/cabinet";
import { DocTable, Empty, Notice, Pager } from "./ui";

type Data = Awaited<ReturnType<typeof listExports>>;

function Exporting({ data }: { data: Data }) {
  const { t, form, url } = usePage();
  const error = form?.kind === "export" ? form.errors : undefined;
  const docs = data.docs.map((d) => ({ ...d, manager: d.manager.email ?? d.manager._id, filters: d.filters }));
  return (
    <CabinetLayout kind="manager" title={t("manager.exports.title")}>
      {error && <Notice tone="error">{error._ ?? Object.values(error).join(" ")}</Notice>}
      <form method="post" className="card mb-6 flex flex-wrap items-end gap-3" data-testid="form-export">
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
            <option value="csv">CSV</option>
            <option value="xlsx">XLSX</option>
          </select>
        </label>
        <label className="min-w-0 flex-1 text-sm">
          <span className="label">{t("manager.exports.match")}</span>
          <input name="match" className="input font-mono" placeholder='{"isCompleted":true}' />
        </label>
        <button type="submit" className="btn-primary">
          {t("manager.exports.start")}
        </button>
      </form>
      <p className="mb-3 text-sm text-slate-500">{t("manager.exports.hint")}</p>
      {data.docs.length === 0 ? (
        <Empty>{t("manager.exports.none")}</Empty>
      ) : (
        <section className="card overflow-x-auto">
          <DocTable
            docs={docs}
            testid="exports"
            columns={[
              { key: "createdAt", kind: "date" },
              { key: "kind", label: "manager.exports.kind", valueLabels: "manager.exports.kinds" },
              { key: "format", label: "manager.exports.format" },
              { key: "rows", label: "manager.exports.rows", kind: "number" },
              { key: "manager", label: "manager.fields.actor" },
              { key: "filters", label: "manager.exports.match", kind: "json" },
            ]}
          />
          <Pager page={data.page} pages={data.pages} total={data.total} link={(p) => `${url.pathname}?page=${p}`} />
        </section>
      )}
    </CabinetLayout>
  );
}

export const exportingPage = definePage({
  path: "/manager/exporting",
  guards: ["admin"],
  load: (c) => listExports(c.get("deps").db, c.req.query()),
  title: (t) => t("manager.exports.title"),
  Component: Exporting,
  action: async (c) => {
    const values = await formValues(c);
    const input = { kind: values.kind, format: values.format, match: values.match || undefined, q: values.q || undefined };
    const parsed = exportSchema.safeParse(input);
    if (!parsed.success) return { kind: "export", values, errors: fieldErrors(c.get("t"), parsed.error.issues, input) };
    try {
      return await streamExport(c.get("scope"), parsed.data);
    } catch (e) {
      if (e instanceof AppError && e.status === 400) return { kind: "export", values, errors: { _: c.get("t")("manager.list.badFilter") } };
      throw e;
    }
  },
});
