// Bulk actions on a list, without script: the rows' checkboxes belong to one form
// (`form=` attribute, so the table need not sit inside it); posting it asks again, naming the
// count ("Approve 3 reviews?"), and the confirmation runs the declared action on every ticked record
// in one unit of work (server/admin/bulk.ts). "Export the selection" streams the ticked records.
import { z } from "zod";
import { parseBulkIds, runBulk } from "../../../server/admin/bulk";
import { streamExport } from "../../../server/admin/exports";
import type { ResourceDef } from "../../../server/admin/resource";
import { AppError, errorMessage } from "../../../server/lib/errors";
import { withDone } from "../../../server/lib/notice";
import { usePage } from "../../../server/render/page";
import { type ManagerForm, managerForm } from "../kit";

/** The id of a list's bulk form, when its declaration offers bulk actions. */
export const bulkForm = (def: ResourceDef) => (def.bulkActions && Object.keys(def.bulkActions).length ? `bulk-${def.name}` : null);

/** `pageIds`: the rows on this page, which "all on this page" ticks at once (no script needed). */
export function BulkBar({ def, formId, pageIds = [] }: { def: ResourceDef; formId: string; pageIds?: string[] }) {
  const { t, url } = usePage();
  // back to the same list (its filter, sort and page) after the question and after the action
  const here = `${url.pathname}${url.search}`;
  const actions = Object.entries(def.bulkActions ?? {});
  const inputs = actions.flatMap(([, a]) => (a.input ? [a.input] : []));
  return (
    <form id={formId} method="post" action={here} className="mb-3 flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-2 text-sm" data-testid="bulk-bar">
      <input type="hidden" name="_form" value="bulk" />
      <label className="min-w-0">
        <span className="label">{t("manager.bulk.withSelected")}</span>
        <select name="action" className="input" required>
          {actions.map(([name, a]) => (
            <option key={name} value={name}>
              {t(a.label)}
            </option>
          ))}
        </select>
      </label>
      {inputs.map((input) => (
        <label key={input.name} className="min-w-0">
          <span className="label">{t(`manager.fields.${input.name}`)}</span>
          <select name={input.name} className="input">
            {input.options.map((o) => (
              <option key={o} value={o}>
                {input.optionLabels ? t(`${input.optionLabels}.${o}`) : o}
              </option>
            ))}
          </select>
        </label>
      ))}
      {pageIds.length > 1 && (
        <label className="flex min-h-10 items-center gap-2" data-testid="bulk-all">
          <input type="checkbox" name="all" value={pageIds.join(",")} className="h-5 w-5" />
          {t("manager.bulk.allOnPage", { count: pageIds.length })}
        </label>
      )}
      <button type="submit" className="btn-secondary" data-testid="bulk-submit">
        {t("manager.bulk.go")}
      </button>
    </form>
  );
}

/** The question before a bulk action runs: what, on how many, and the ticked ids carried along. */
export function BulkConfirm({ def, values }: { def: ResourceDef; values: Record<string, string> }) {
  const { t, url } = usePage();
  const here = `${url.pathname}${url.search}`;
  const action = def.bulkActions?.[values.action ?? ""];
  if (!action) return null;
  const ids = (values.ids ?? "").split(",").filter(Boolean);
  const extra = action.input ? values[action.input.name] : undefined;
  return (
    <section className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4" role="alertdialog" aria-labelledby="bulk-q" data-testid="bulk-confirm">
      <p id="bulk-q" className="font-semibold text-amber-900">
        {t(action.confirm ?? "manager.bulk.confirm", {
          count: ids.length,
          action: t(action.label),
          value: action.input && extra ? (action.input.optionLabels ? t(`${action.input.optionLabels}.${extra}`) : extra) : "",
        })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <form method="post" action={here}>
          <input type="hidden" name="_form" value="bulk" />
          <input type="hidden" name="action" value={values.action} />
          <input type="hidden" name="ids" value={ids.join(",")} />
          {action.input && extra ? <input type="hidden" name={action.input.name} value={extra} /> : null}
          {action.export ? <input type="hidden" name="format" value={values.format || "xlsx"} /> : null}
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" className="btn-primary" data-testid="bulk-yes">
            {t("manager.bulk.yes", { count: ids.length })}
          </button>
        </form>
        <a href={here} className="btn-secondary">
          {t("manager.bulk.cancel")}
        </a>
      </div>
    </section>
  );
}

/**
 * The list's one form, `bulk`: the action's name rides in its own field. First the question (the
 * page again, with it), then, confirmed, the action; an export only reads, so it streams at once.
 */
export function bulkForms(def: ResourceDef): Record<string, ManagerForm> {
  return {
    bulk: managerForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        // the ticked rows post several `ids`
        const body = await c.req.parseBody({ all: true });
        const one = (k: string) => (Array.isArray(body[k]) ? String((body[k] as unknown[])[0] ?? "") : typeof body[k] === "string" ? (body[k] as string) : "");
        const name = one("action");
        const action = def.bulkActions && Object.hasOwn(def.bulkActions, name) ? def.bulkActions[name]! : null;
        const t = c.get("t");
        try {
          if (!action) throw new AppError(400, "bad_request", "errors.badRequest");
          const raw = body.ids;
          const ticked = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? [raw] : [];
          // "all on this page" brings the page's rows with it
          const ids = parseBulkIds([...ticked, ...(one("all") ? [one("all")] : [])]);
          const input = action.input ? { [action.input.name]: one(action.input.name) } : {};
          // exporting only reads: it is not asked again
          if (one("confirmed") !== "1" && !action.export) {
            return { kind: "bulk-confirm", values: { action: name, ids: ids.join(","), ...(input as Record<string, string>), format: one("format") } };
          }
          if (action.export) {
            if (!def.exportKind) throw new AppError(400, "bad_request", "errors.badRequest");
            const format = one("format") === "csv" ? "csv" : "xlsx";
            return await streamExport(scope, { kind: def.exportKind, format, ids: ids.join(",") });
          }
          const n = await runBulk(scope, def, name, ids, input);
          const back = new URL(c.req.url);
          return withDone(`${back.pathname}${back.search}`, "bulk", { count: n });
        } catch (e) {
          if (!(e instanceof AppError) || e.status >= 500) throw e;
          return {
            kind: "bulk",
            values: {},
            // a record gone (404) is said as such; the whole selection is left as it was
            status: e.status === 404 ? 404 : 400,
            errors: {
              _: e.fields
                ? Object.values(e.fields)
                    .map((k) => t(k))
                    .join(" ")
                : errorMessage(t, e),
            },
          };
        }
      },
    }),
  };
}
