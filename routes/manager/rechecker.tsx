// /manager/rechecker and /manager/rechecker/{id}: the queue of results to look at (the network
// and the rules disagree, then a low top probability, then results in progress), and one result's
// 27 probabilities beside the rule-based format, the runner-up and the quality flags. The manager
// confirms, marks it doubtful, re-classifies with the current model or sets the format by hand.
import { z } from "zod";
import { parseListQuery } from "../../server/admin/resource";
import { resultResource } from "../../server/admin/resources/results";
import { nextInQueue, recheckQueue } from "../../server/admin/result-queue";
import { confirmResult, neuralCount, recheck, setFormat, setFormatSchema } from "../../server/admin/results";
import { formatNameMap } from "../../server/admin/populate";
import { findUserById } from "../../server/services/users";
import { findRow, updateResource } from "../../server/admin/resource";
import { recordVersion } from "../../server/lib/versions";
import { postedVersion } from "../../server/lib/forms";
import { doneKey, withDone } from "../../server/lib/notice";
import { usePage } from "../../server/render/page";
import { type ManagerCtx, managerForm, managerPage } from "./kit";
import { matchFromSearch } from "../../server/admin/lists";
import { idParams } from "./resource";
import { DocTable, Notice, Pager, valueName } from "./ui";
import { ID_PARAM, isId } from "../../server/lib/ids";
import { intlLocale } from "../../locales";

type Queue = Awaited<ReturnType<typeof recheckQueue>>;
type Count = Awaited<ReturnType<typeof neuralCount>>;

function NeuralCount({ count }: { count: Count }) {
  const { t } = usePage();
  return (
    <p className="card mb-4 text-sm" data-testid="neural-count">
      {t("manager.rechecker.count", { confirmed: count.confirmed, fresh: count.new, model: count.modelVersion })}
    </p>
  );
}

function QueuePage({ data }: { data: { queue: Queue; count: Count; all: boolean } }) {
  const { t, url, locale } = usePage();
  const link = (set: Record<string, string | null>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(set)) v === null ? u.searchParams.delete(k) : u.searchParams.set(k, v);
    return `${u.pathname}${u.search}`;
  };
  const n = new Intl.NumberFormat(intlLocale(locale)).format(data.queue.total);
  const docs = data.queue.docs.map((d) => ({ ...d, reason: t(`manager.rechecker.reasons.${d.reason}`) }));
  return (
    <>
      <NeuralCount count={data.count} />
      <p className="mb-4 text-sm" data-testid="rechecker-scope">
        {data.all ? t("manager.rechecker.allShown", { count: n }) : t("manager.rechecker.queueShown", { count: n })}{" "}
        <a className="text-brand-700 underline" href={data.all ? "/manager/rechecker" : "/manager/rechecker?show=all"} data-testid="rechecker-toggle">
          {data.all ? t("manager.rechecker.showQueue") : t("manager.rechecker.showAll")}
        </a>
      </p>
      {data.all && (
        <form method="get" className="mb-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="show" value="all" />
          <label className="text-sm">
            <span className="label">{t("manager.fields.isCompleted")}</span>
            <select name="isCompleted" className="input" defaultValue={url.searchParams.get("isCompleted") ?? ""}>
              <option value="">{t("manager.list.any")}</option>
              <option value="true">{t("manager.list.yes")}</option>
              <option value="false">{t("manager.list.no")}</option>
            </select>
          </label>
          <button className="btn-primary" type="submit">
            {t("manager.list.apply")}
          </button>
        </form>
      )}
      <section className="card overflow-x-auto">
        <DocTable
          docs={docs}
          testid="rechecker-queue"
          href={(d) => `/manager/rechecker/${String(d._id)}`}
          columns={[
            { key: "_id", label: "manager.fields.result", link: true },
            { key: "reason", label: "manager.rechecker.reason" },
            { key: "user", kind: "user" },
            { key: "fm", label: "manager.fields.format", kind: "format" },
            { key: "rule", label: "manager.rechecker.rule", kind: "format" },
            { key: "probability", kind: "percent" },
            { key: "grade", valueLabels: "manager.values.grades" },
            { key: "isCompleted", kind: "bool" },
          ]}
        />
        {/* the same pager, with page sizes, as every other list */}
        <Pager
          page={data.queue.page}
          pages={data.queue.pages}
          total={data.queue.total}
          link={(p) => link({ page: String(p) })}
          limit={data.queue.limit}
          sizeLink={(size) => link({ limit: String(size), page: null })}
        />
      </section>
    </>
  );
}

export const recheckerPage = managerPage({
  path: "/manager/rechecker",
  load: async (c) => {
    const url = new URL(c.req.url);
    const all = url.searchParams.get("show") === "all";
    const match = all ? matchFromSearch({ filters: resultResource.filters, filterForm: ["isCompleted", "isDoubt", "format"] }, url) : {};
    const q = parseListQuery(resultResource, {
      page: url.searchParams.get("page") ?? undefined,
      limit: url.searchParams.get("limit") ?? undefined,
      match: JSON.stringify(match),
    });
    const [queue, count] = await Promise.all([recheckQueue(c.get("scope").db, q, { all }), neuralCount(c.get("scope").db)]);
    return { queue, count, all };
  },
  title: (t) => t("manager.rechecker.title"),
  Component: QueuePage,
});

type Recheck = Awaited<ReturnType<typeof recheck>>;

function Bars({ data }: { data: Recheck }) {
  const { t } = usePage();
  const rows = data.array.map((p, i) => ({ code: data.formats[i]!, p })).sort((a, b) => b.p - a.p);
  return (
    <table className="w-full text-sm" data-testid="probabilities">
      <caption className="mb-2 text-left font-semibold">{t("manager.rechecker.array")}</caption>
      <tbody>
        {rows.map(({ code, p }) => {
          return (
            <tr key={code} data-code={code} className={code === data.rule ? "bg-amber-50" : undefined}>
              <td className="w-40 py-0.5 pr-2 font-mono text-xs">
                {code}
                {code === data.rule && <span className="ml-1 text-amber-700">({t("manager.rechecker.rule")})</span>}
              </td>
              <td className="py-0.5">
                <span className="flex items-center gap-2">
                  <span className="inline-block h-2 rounded bg-brand-500" style={{ width: `${Math.max(1, Math.round(p * 100))}%` }} aria-hidden />
                  <span className="whitespace-nowrap tabular-nums">{(p * 100).toFixed(1)} %</span>
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface DetailData {
  id: string;
  r: Recheck;
  fresh: Recheck | null;
  version: string;
  /** format names by code, in the manager's language */
  names: Record<string, string>;
  /** the queue's next result after this one (none: the queue is done) */
  next: string | null;
  /** whose result it is */
  email: string | null;
}

function Detail({ data }: { data: DetailData }) {
  const { t, url, path, form } = usePage();
  const decided = url.searchParams.get("decided");
  const named = (code: string | null | undefined) => (code ? `${code}${data.names[code] ? ` · ${data.names[code]}` : ""}` : "—");
  const r = data.fresh ?? data.r;
  const pct = (v: number | null | undefined) => (v == null ? "—" : `${(v * 100).toFixed(1)} %`);
  return (
    <>
      <p className="mb-4 text-sm">
        <a className="text-brand-700 hover:underline" href="/manager/rechecker">
          ← {t("manager.rechecker.title")}
        </a>{" "}
        ·{" "}
        <a className="text-brand-700 hover:underline" href={`/manager/results/${data.id}`}>
          {t("manager.res.results.detail")}
        </a>
      </p>
      {doneKey(url) === "saved" && <Notice>{t("manager.detail.saved")}</Notice>}
      {decided && isId(decided) && (
        <Notice>
          {t("manager.rechecker.decided")}{" "}
          <a className="underline" href={`/manager/rechecker/${decided}`} data-testid="previous-result">
            {t("manager.rechecker.previous")}
          </a>
        </Notice>
      )}
      {form?.errors?._ && <Notice tone="error">{form.errors._}</Notice>}
      {data.fresh && <Notice>{t("manager.rechecker.reclassified", { model: data.fresh.network.modelVersion })}</Notice>}
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card">
          <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-2 text-sm" data-testid="recheck-summary">
            <dt className="text-slate-500">{t("manager.rechecker.stored")}</dt>
            <dd className="font-mono" data-field="stored">
              {/* a format a specialist confirmed or set: the model's figure was for its own choice */}
              {named(r.stored.format)} · {r.stored.isCorrect ? t("test.result.confirmedBySpecialist") : pct(r.stored.probability)}
            </dd>
            <dt className="text-slate-500">{t("manager.rechecker.network")}</dt>
            <dd className="font-mono" data-field="network">
              {named(r.network.format)} · {pct(r.network.probability)}
            </dd>
            <dt className="text-slate-500">{t("manager.fields.runnerUp")}</dt>
            <dd className="font-mono">
              {named(r.network.runnerUp)} · {pct(r.network.runnerUpProbability)}
            </dd>
            <dt className="text-slate-500">{t("manager.rechecker.rule")}</dt>
            <dd className="font-mono" data-field="rule">
              {named(r.rule)} {r.disagree && <span className="ml-1 rounded bg-amber-100 px-2 text-amber-900">{t("manager.rechecker.disagree")}</span>}
            </dd>
            <dt className="text-slate-500">{t("manager.fields.grade")}</dt>
            <dd>
              {r.quality.grade ? valueName(t, "manager.values.grades", r.quality.grade) : "—"}{" "}
              {r.quality.flags.length > 0 && (
                <span className="text-slate-500" data-field="flags">
                  ({r.quality.flags.map((f) => valueName(t, "manager.values.flags", f)).join(", ")})
                </span>
              )}
            </dd>
            <dt className="text-slate-500">{t("manager.rechecker.answered")}</dt>
            <dd data-field="answered">{r.answered} / 110</dd>
            <dt className="text-slate-500">{t("manager.fields.isCompleted")}</dt>
            <dd>{r.isCompleted ? t("manager.list.yes") : t("manager.list.no")}</dd>
            <dt className="text-slate-500">{t("manager.fields.isCorrect")}</dt>
            <dd data-field="isCorrect">{r.isCorrect ? t("manager.list.yes") : t("manager.list.no")}</dd>
            <dt className="text-slate-500">{t("manager.fields.isDoubt")}</dt>
            <dd data-field="isDoubt">{r.isDoubt ? t("manager.list.yes") : t("manager.list.no")}</dd>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <form method="post" action={path}>
              <input type="hidden" name="_form" value="confirm" />
              <button className="btn-primary py-2 text-sm" type="submit" data-action="confirm">
                {t("manager.results.confirm")}
              </button>
            </form>
            <form method="post" action={path}>
              <input type="hidden" name="_form" value="doubt" />
              <button className="btn-secondary py-2 text-sm" type="submit" data-action="doubt">
                {r.isDoubt ? t("manager.rechecker.undoubt") : t("manager.rechecker.doubt")}
              </button>
            </form>
            <a className="btn-secondary py-2 text-sm" href={`${path}?fresh=1`} data-action="new-format">
              {t("manager.rechecker.newFormat")}
            </a>
            {data.next ? (
              <a className="btn-secondary py-2 text-sm" href={`/manager/rechecker/${data.next}`} data-testid="next-in-queue">
                {t("manager.rechecker.next")} →
              </a>
            ) : (
              <span className="self-center text-sm text-slate-500" data-testid="queue-done">
                {t("manager.rechecker.queueDone")}
              </span>
            )}
          </div>
          <form method="post" action={path} className="mt-4 flex flex-wrap items-end gap-2" data-testid="form-set-format">
            <input type="hidden" name="_form" value="set-format" />
            <input type="hidden" name="_version" value={data.version} />
            <label className="text-sm">
              <span className="label">{t("manager.rechecker.setFormat")}</span>
              <select name="format" className="input" defaultValue={r.stored.format ?? r.network.format}>
                {r.formats.map((code) => (
                  <option key={code} value={code}>
                    {named(code)}
                  </option>
                ))}
              </select>
            </label>
            <button className="btn-secondary" type="submit">
              {t("manager.detail.save")}
            </button>
          </form>
        </section>
        <section className="card">
          <Bars data={r} />
        </section>
      </div>
    </>
  );
}

/** After a decision: the next result of the queue, with a way back to this one. */
async function decidedNext(c: ManagerCtx) {
  const id = c.req.param("id")!;
  const next = await nextInQueue(c.get("scope").db, id);
  return next ? `/manager/rechecker/${next}?decided=${id}` : withDone(`/manager/rechecker/${id}`, "saved");
}

export const recheckerDetailPage = managerPage({
  path: `/manager/rechecker/${ID_PARAM}`,
  params: idParams,
  load: async (c) => {
    const id = c.req.param("id")!;
    const fresh = c.req.query("fresh") ? await recheck(c.get("scope").db, id, true) : null;
    // the result's version travels with the set-format form (a correction made meanwhile is not overwritten)
    const row = await findRow(c.get("scope").db, resultResource, id);
    const version = recordVersion(row);
    // the page names its record: whose result this is
    const owner = await findUserById(c.get("scope").db, row.userId as string);
    const [r, names, next] = await Promise.all([
      recheck(c.get("scope").db, id, false),
      formatNameMap(c.get("scope").db, c.get("locale")),
      nextInQueue(c.get("scope").db, id),
    ]);
    return { id, r, fresh, version, names: Object.fromEntries(names), next, email: owner?.email ?? null };
  },
  title: (t, data) => (data.email ? `${t("manager.rechecker.detail")}: ${data.email}` : t("manager.rechecker.detail")),
  Component: Detail,
  forms: {
    confirm: managerForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        await confirmResult(scope, c.req.param("id")!);
        return decidedNext(c);
      },
    }),
    doubt: managerForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        const id = c.req.param("id")!;
        const row = await findRow(scope.db, resultResource, id);
        await updateResource(scope, resultResource, id, { isDoubt: !row.isDoubt });
        return decidedNext(c);
      },
    }),
    // a correction made since the page was shown is not overwritten: the page shows it as it is now
    "set-format": managerForm({
      schema: setFormatSchema.pick({ format: true }),
      shape: (v) => ({ format: v.format }),
      run: async (scope, input, c, values) => {
        await setFormat(scope, c.req.param("id")!, input, { version: postedVersion(values) });
        return decidedNext(c);
      },
    }),
  },
});
