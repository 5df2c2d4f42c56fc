// /manager: the back-office's main page. Totals, the invoices waiting for a bank transfer (a
// manager marks one paid here, which credits the project once), and the latest results with a
// link to each report as its owner sees it.
import { z } from "zod";
import { intlLocale } from "../../locales";
import { handleForm } from "../../server/lib/forms";
import { idSchema } from "../../server/lib/ids";
import { doneKey, withDone } from "../../server/lib/notice";
import { rubLabel } from "../../server/lib/money";
import { usePage } from "../../server/render/page";
import { dateIn } from "../../server/lib/time-zone";
import { managerOverview, type workQueues } from "../../server/admin/overview";
import { markInvoicePaidBy } from "../../server/admin/orders";
import { managerPage } from "./kit";
import { MailOffNotice, Notice } from "./ui";
import { loadStats, SeriesCard } from "./stats";

type Data = Awaited<ReturnType<typeof managerOverview>> & {
  stats: Awaited<ReturnType<typeof loadStats>>;
  queues: Awaited<ReturnType<typeof workQueues>>;
  ops: { mailOff: boolean; sandbox: boolean };
};

function Stat({ label, value, id }: { label: string; value: string | number; id: string }) {
  const { locale } = usePage();
  return (
    <div className="card" data-stat={id}>
      <p className="text-sm text-slate-500">{label}</p>
      {/* 100 001 with its separators; a sum's "₽" never on a line of its own */}
      <p className="mt-1 text-3xl font-black [overflow-wrap:anywhere]">
        {typeof value === "number" ? value.toLocaleString(intlLocale(locale)) : <span className="whitespace-nowrap">{value}</span>}
      </p>
    </div>
  );
}

function Main({ data }: { data: Data }) {
  const { t, locale, url, config } = usePage();
  const date = (d: Date | null) => (d ? dateIn(d, config.TIME_ZONE, intlLocale(locale)) : "—");
  return (
    <>
      {(data.ops.mailOff || data.ops.sandbox) && (
        <div className="mb-6 space-y-2" data-testid="ops-warnings">
          <MailOffNotice whole className="" />
          {data.ops.sandbox && (
            <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-warning="sandbox">
              {t("manager.main.sandbox")}
            </p>
          )}
        </div>
      )}
      <section className="mb-8" aria-labelledby="queues-title" data-testid="queues">
        <h2 id="queues-title" className="mb-3 text-lg font-semibold">
          {t("manager.queues.title")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ["recheck", "/manager/rechecker", data.queues.recheck],
              ["reviews", "/manager/reviews?isPublished=false", data.queues.reviews],
              ["requests", "/manager/requests?status=new", data.queues.requests],
            ] as const
          ).map(([key, href, n]) => (
            <a key={key} href={href} data-queue={key} className={`card block hover:border-brand-300 ${n > 0 ? "border-amber-300 bg-amber-50" : ""}`}>
              <p className="text-sm text-slate-600">{t(`manager.queues.${key}`)}</p>
              <p className="mt-1 text-3xl font-black">{n.toLocaleString(intlLocale(locale))}</p>
              <p className="mt-1 text-sm text-brand-700">{n > 0 ? t("manager.queues.open") : t("manager.queues.none")} →</p>
            </a>
          ))}
        </div>
      </section>
      <div className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat id="users" label={t("cabinet.main.users")} value={data.totals.users} />
        <Stat id="completed" label={t("cabinet.main.completed")} value={data.totals.completed} />
        <Stat id="paid" label={t("cabinet.main.paidOrders")} value={data.totals.paidOrders} />
        <Stat id="revenue" label={t("cabinet.main.revenue")} value={rubLabel(data.totals.revenue)} />
      </div>

      <section className="card mb-8 overflow-x-auto">
        <h2 className="mb-4 text-lg font-semibold">{t("cabinet.main.invoices")}</h2>
        {doneKey(url) === "paid" && <Notice>{t("cabinet.main.markedPaid")}</Notice>}
        {data.invoices.length === 0 ? (
          <p className="text-slate-500">{t("cabinet.main.noInvoices")}</p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="invoices">
            <thead className="text-slate-500">
              <tr>
                <th className="py-2 pr-3">№</th>
                <th className="py-2 pr-3">{t("cabinet.begin.date")}</th>
                <th className="py-2 pr-3">{t("common.forms.email")}</th>
                <th className="py-2 pr-3">{t("cabinet.begin.quantity")}</th>
                <th className="py-2 pr-3">{t("cabinet.begin.sum")}</th>
                <th className="py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.invoices.map(({ order, email, project }) => (
                <tr key={order.id} data-invoice={order.invoiceNumber ?? ""}>
                  <td className="py-2 pr-3">{order.invoiceNumber}</td>
                  <td className="py-2 pr-3">{date(order.createdAt)}</td>
                  <td className="py-2 pr-3">
                    {email}
                    {project && <span className="block text-xs text-slate-500">{project}</span>}
                  </td>
                  <td className="py-2 pr-3">{order.quantity}</td>
                  <td className="whitespace-nowrap py-2 pr-3">{rubLabel(order.amount)}</td>
                  <td className="py-2">
                    {/* credits invites at once and cannot be taken back: asked again */}
                    <details className="rounded-lg border border-rose-200 p-2" data-confirm="invoice-paid">
                      <summary className="cursor-pointer whitespace-nowrap text-sm font-semibold text-rose-700">{t("cabinet.main.markPaid")}</summary>
                      <p className="my-2 max-w-xs text-sm text-slate-600">
                        {t("manager.orders.markPaidConfirm", {
                          number: order.invoiceNumber ?? "",
                          sum: rubLabel(order.amount),
                          project: project ?? "",
                          invites: order.quantity + 1,
                        })}
                      </p>
                      <form method="post">
                        <input type="hidden" name="_form" value="invoice-paid" />
                        <input type="hidden" name="order" value={order.id} />
                        <button type="submit" className="rounded-lg bg-rose-600 px-3 py-1 text-sm font-semibold text-white">
                          {t("cabinet.main.markPaid")}
                        </button>
                      </form>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <div className="mb-8 grid gap-6 lg:grid-cols-2">
        <SeriesCard name="usersByDays" points={data.stats.series.usersByDays} hydrate="interaction" />
        <SeriesCard name="paymentsByDays" points={data.stats.series.paymentsByDays} money hydrate="interaction" />
      </div>

      <section className="card overflow-x-auto">
        <h2 className="mb-4 text-lg font-semibold">{t("cabinet.main.latest")}</h2>
        <ul className="divide-y divide-slate-100" data-testid="latest-results">
          {data.latest.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 truncate">
                <a href={`/manager/results/${r.id}`} className="font-medium text-brand-700 hover:underline" data-testid="latest-result">
                  {r.email} · {r.format?.[locale] ?? "—"}
                </a>
                {r.isDoubt && <span className="ml-2 rounded bg-amber-100 px-2 text-amber-900">{t("cabinet.main.doubt")}</span>}
              </span>
              <span className="flex items-center gap-3">
                <span className="text-slate-500">{date(r.completedAt)}</span>
                <a href={`/manager/public/full/${r.id}`} className="text-brand-700 hover:underline">
                  {t("cabinet.main.report")}
                </a>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          <a href="/manager/results?sort=-completedAt&isCompleted=true" className="text-brand-700 hover:underline" data-testid="all-results">
            {t("manager.main.allResults")} →
          </a>
        </p>
      </section>
    </>
  );
}

export const managerMainPage = managerPage({
  path: "/manager",
  load: async (c, _scope, shared) => {
    const [overview, stats, queues] = await Promise.all([managerOverview(c.get("scope").db), loadStats(c.get("scope").db), shared.queues]);
    const config = c.get("scope").deps.config;
    // what a manager must know before promising a client a mail or a payment
    const ops = { mailOff: !config.SMTP_URL, sandbox: config.PAYMENT_PROVIDER === "sandbox" };
    return { ...overview, stats, queues, ops };
  },
  title: (t) => t("cabinet.nav.manager.main"),
  Component: Main,
  action: (c) =>
    handleForm(c, "invoice-paid", z.object({ order: idSchema() }), async ({ order }) => {
      await markInvoicePaidBy(c.get("scope"), order);
      return c.redirect(withDone("/manager", "paid"), 303);
    }),
});
