// /business: the business cabinet's Begin page. A private user activates a business account here
// (one free test in a first project); a business user sees each project's invites, buys more by
// card or by invoice (plans from spec §1), and follows the orders. The demo account only looks.
import { z } from "zod";
import { intlLocale } from "../../locales";
import type { SignedInContext } from "../../server/middleware/guards";
import { formsAction, pageForm } from "../_kit/forms";
import { doneKey, withDone } from "../../server/lib/notice";
import { formatRub, rubLabel } from "../../server/lib/money";
import { definePage } from "../../server/render/define";
import { Island, usePage } from "../../server/render/page";
import { dateIn } from "../../server/lib/time-zone";
import { businessOverview } from "../../server/services/business/overview";
import { activateBusinessFor, getSeller, refill, refillSchema } from "../../server/services/payments/business";
import { CORPORATE_MIN, getPlans, getPrices, type OrderRow, type Plans, type Prices } from "../../server/services/payments";
import { cancelOwnOrder } from "../../server/services/payments/settlement";
import { resendConfirmation } from "../../server/services/accounts";
import { template } from "../../server/render/templates";
import { ServerForm } from "../_blocks/blocks";
import { resolveProject, visibleProjects, type ProjectRole } from "../../server/services/projects";
import { BusinessShell } from "../_layouts/cabinet";
import type { ShellData } from "../_layouts/business-nav";
import { Notice, optionalShell } from "./kit";

type Data = Awaited<ReturnType<typeof businessOverview>> & {
  plans: Plans;
  isBusiness: boolean;
  demo: boolean;
  /** Companies the person manages without a business account of their own (appointed there). */
  managed: { id: string; name: string; role: ProjectRole }[];
  /** Whether invoices can be issued (the seller's details are set). */
  invoice: boolean;
  prices: Prices;
  /** Production asks a confirmed address before activating. */
  confirmFirst: boolean;
  /** The cabinet's shell when the person works in a project (null before activation). */
  shell: ShellData | null;
};

/** The entry of an appointed project manager or head: where they work and what they see there. */
function ManagedEntry({ managed }: { managed: Data["managed"] }) {
  const { t } = usePage();
  return (
    <div className="mb-6 space-y-4" data-testid="managed-entry">
      {managed.map((m) => (
        <section key={m.id} className="card space-y-3 p-4 sm:p-6">
          <h2 className="text-lg font-semibold">
            {t("cabinet.begin.managedTitle", {
              company: m.name,
              role: t(m.role === "projectManager" ? "business.roles.project.name" : "cabinet.begin.headRole"),
            })}
          </h2>
          <p className="text-sm text-slate-700">{t(m.role === "projectManager" ? "cabinet.begin.seesProject" : "cabinet.begin.seesDepartment")}</p>
          <a href={`/dashboard?project=${m.id}`} className="btn-primary" data-testid="managed-open">
            {t("cabinet.begin.managedOpen")}
          </a>
        </section>
      ))}
    </div>
  );
}

/** What an owner needs before activating or inviting: a confirmed address, with the mail sent again on request. */
export function ConfirmFirst({ reason }: { reason: string }) {
  const { t, url } = usePage();
  // the answer to this box's own form: the mail sent again, or too soon to send another
  const done = doneKey(url);
  const sent = done === "confirmSent" || done === "confirmWait" ? done : null;
  return (
    <div role="note" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="confirm-first">
      <p>{reason}</p>
      {sent ? (
        <p role="status" className="mt-2 font-semibold">
          {t(sent === "confirmSent" ? "followup.confirm.sent" : "followup.confirm.wait")}
        </p>
      ) : (
        <form method="post" className="mt-2">
          <input type="hidden" name="_form" value="resend-confirm" />
          <button type="submit" className="btn-secondary" data-testid="resend-confirm">
            {t("followup.confirm.resend")}
          </button>
        </form>
      )}
    </div>
  );
}

/** The section a side-bar link asked for before there was a business account (the project guard's ?need=). */
const NEEDS = ["dashboard", "employees", "departments", "positions", "statistics", "invite", "settings", "reports"];

function Activate({ confirmFirst }: { confirmFirst: boolean }) {
  const { t, url } = usePage();
  const need = url.searchParams.get("need");
  return (
    <div className="card max-w-xl" data-testid="activate-business">
      {confirmFirst && <ConfirmFirst reason={t("followup.errors.confirmToActivate")} />}
      {need && NEEDS.includes(need) && (
        <p role="note" className="mb-4 rounded-lg bg-amber-50 p-3 font-semibold text-amber-900" data-testid="activate-needed">
          {t(`cabinet.need.${need}`)}
        </p>
      )}
      <p className="mb-4 text-slate-700">{t("cabinet.begin.activateLead")}</p>
      <ServerForm
        kind="activate-business"
        submit={t("cabinet.begin.activate")}
        fields={[{ name: "name", label: t("cabinet.begin.companyName"), autoComplete: "organization" }]}
      />
    </div>
  );
}

const tiersOf = (plans: Plans, prices: Prices) => (["base", "norma", "full"] as const).map((k) => ({ key: k, min: plans[k], perInvite: prices.perInvite[k] }));

function BuyInvites({ project, plans, prices, invoice }: { project: string; plans: Plans; prices: Prices; invoice: boolean }) {
  const { t, form } = usePage();
  const typed = form?.kind === "refill" ? Number(form.values.quantity) : plans.base;
  return (
    <ServerForm
      kind="refill"
      beforeSubmit={
        <Island
          name="price-total"
          props={{
            tiers: tiersOf(plans, prices).map(({ min, perInvite }) => ({ min, perInvite })),
            corporate: CORPORATE_MIN,
            quantity: typed,
            template: template(t, "followup.buy.total"),
            below: t("followup.buy.below", { min: plans.base }),
            byRequest: t("followup.buy.byRequest", { min: CORPORATE_MIN }),
            field: "refill-quantity",
          }}
        />
      }
      title={t("cabinet.begin.buyTitle")}
      submit={t("cabinet.begin.buy")}
      fields={[
        {
          name: "quantity",
          label: t("cabinet.begin.quantity"),
          type: "text",
          inputMode: "numeric",
          required: true,
          value: String(plans.base),
          hint: t("cabinet.begin.quantityHint", { base: plans.base, norma: plans.norma, full: plans.full, corporate: CORPORATE_MIN }),
        },
        {
          name: "method",
          label: t("cabinet.begin.method"),
          type: "select",
          // an invoice is offered only when the seller's details are set (else it would be refused)
          options: [{ value: "card", label: t("cabinet.begin.card") }, ...(invoice ? [{ value: "invoice", label: t("cabinet.begin.invoice") }] : [])],
        },
        ...(invoice
          ? [
              { name: "company", label: t("cabinet.begin.company"), autoComplete: "organization" },
              { name: "inn", label: t("cabinet.begin.inn") },
            ]
          : []),
      ]}
    >
      <input type="hidden" name="project" value={project} />
    </ServerForm>
  );
}

/** The plans with their prices and a Buy button each (the cabinet's "Plans and prices" lands here). */
function PlanCards({ project, plans, prices }: { project: string; plans: Plans; prices: Prices }) {
  const { t } = usePage();
  return (
    <section id="plans" className="card" data-testid="plans">
      <h2 className="mb-4 text-lg font-semibold">{t("cabinet.begin.plans")}</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {tiersOf(plans, prices).map((p) => (
          <form key={p.key} method="post" className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4" data-plan={p.key}>
            <input type="hidden" name="_form" value="refill" />
            <input type="hidden" name="project" value={project} />
            <input type="hidden" name="quantity" value={p.min} />
            <input type="hidden" name="method" value="card" />
            <h3 className="font-semibold">{t(`followup.buy.plan.${p.key}`)}</h3>
            <p className="text-sm text-slate-600">{t("followup.buy.each", { min: p.min, each: formatRub(p.perInvite) })}</p>
            <p className="text-sm text-slate-600">{t(`followup.buy.includes.${p.key}`)}</p>
            <p className="mt-auto text-xl font-bold">{rubLabel(p.perInvite * p.min)}</p>
            <button type="submit" className="btn-primary">
              {t("followup.buy.buyPack", { n: p.min })}
            </button>
          </form>
        ))}
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {t("followup.buy.book")}{" "}
        <a href="/business/support#form-booking" className="font-semibold text-brand-700 hover:underline" data-testid="book-link">
          {t("followup.buy.bookLink")}
        </a>
      </p>
    </section>
  );
}

/** An unpaid card order can be paid (a new payment for the same pack) or given up. */
function OrderActions({ order: o }: { order: OrderRow }) {
  const { t } = usePage();
  if (o.state !== "pending" || o.method !== "card") return null;
  return (
    <span className="flex flex-wrap gap-x-3">
      <form method="post">
        <input type="hidden" name="_form" value="refill" />
        <input type="hidden" name="project" value={o.projectId ?? ""} />
        <input type="hidden" name="quantity" value={o.quantity} />
        <input type="hidden" name="method" value="card" />
        <button type="submit" className="text-brand-700 hover:underline" data-testid="order-pay">
          {t("followup.buy.pay")}
        </button>
      </form>
      <form method="post">
        <input type="hidden" name="_form" value="cancel-order" />
        <input type="hidden" name="order" value={o.id} />
        <button type="submit" className="text-rose-700 hover:underline" data-testid="order-cancel">
          {t("followup.buy.cancel")}
        </button>
      </form>
    </span>
  );
}

function Orders({ orders }: { orders: OrderRow[] }) {
  const { t, locale, config } = usePage();
  if (!orders.length) return null;
  return (
    <section className="card overflow-x-auto">
      <h2 className="mb-4 text-lg font-semibold">{t("cabinet.begin.orders")}</h2>
      <table className="desktop-only w-full text-left text-sm" data-testid="orders">
        <thead className="text-slate-500">
          <tr>
            <th className="py-2 pr-3">{t("cabinet.begin.date")}</th>
            <th className="py-2 pr-3">{t("cabinet.begin.quantity")}</th>
            <th className="py-2 pr-3">{t("cabinet.begin.sum")}</th>
            <th className="py-2 pr-3">{t("cabinet.begin.state")}</th>
            <th className="py-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((o) => (
            <tr key={o.id} data-order={o.id} data-state={o.state}>
              <td className="py-2 pr-3">{dateIn(o.createdAt, config.TIME_ZONE, intlLocale(locale))}</td>
              <td className="py-2 pr-3">{o.quantity}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{rubLabel(o.amount)}</td>
              <td className="py-2 pr-3">{t(`cabinet.begin.states.${o.state}`)}</td>
              <td className="py-2">
                <OrderActions order={o} />
                {o.method === "invoice" && (
                  <a href={`/api/order/${o.id}/invoice.pdf`} className="text-brand-700 hover:underline">
                    {t("cabinet.begin.invoiceNo", { n: o.invoiceNumber ?? "" })}
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* on a phone each order is a card: five columns do not fit 360 px */}
      <ul className="mobile-only divide-y divide-slate-100 text-sm" data-testid="orders-cards">
        {orders.map((o) => (
          <li key={o.id} className="py-2" data-order={o.id}>
            <p className="flex justify-between gap-2">
              <span>{t("cabinet.reports.pack", { n: o.quantity })}</span>
              <span className="whitespace-nowrap font-semibold">{rubLabel(o.amount)}</span>
            </p>
            <p className="flex flex-wrap justify-between gap-2 text-slate-600">
              <span>{dateIn(o.createdAt, config.TIME_ZONE, intlLocale(locale))}</span>
              <span>{t(`cabinet.begin.states.${o.state}`)}</span>
            </p>
            <OrderActions order={o} />
            {o.method === "invoice" && (
              <a href={`/api/order/${o.id}/invoice.pdf`} className="text-brand-700 hover:underline">
                {t("cabinet.begin.invoiceNo", { n: o.invoiceNumber ?? "" })}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Begin({ data }: { data: Data }) {
  const { t, url } = usePage();
  const invoice = url.searchParams.get("invoice");
  const notice = url.searchParams.has("requested") ? t("cabinet.begin.corporateSent") : invoice ? t("cabinet.begin.invoiceIssued") : null;
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.begin")}>
      {notice && (
        <Notice>
          {notice}
          {invoice && (
            <>
              {" "}
              <a href={`/api/order/${invoice}/invoice.pdf`} className="font-semibold underline" data-testid="invoice-link">
                {t("cabinet.begin.downloadInvoice")}
              </a>
            </>
          )}
        </Notice>
      )}
      {!data.isBusiness && !data.demo ? (
        data.managed.length > 0 ? (
          <>
            <ManagedEntry managed={data.managed} />
            {/* an appointed head is not told to activate: starting a company of their own is only offered */}
            <details className="max-w-xl" data-testid="own-company">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t("cabinet.begin.ownCompany")}</summary>
              <div className="mt-3">
                <Activate confirmFirst={data.confirmFirst} />
              </div>
            </details>
          </>
        ) : (
          <Activate confirmFirst={data.confirmFirst} />
        )
      ) : (
        <div className="space-y-6">
          {data.projects.map((p) => (
            <section key={p.id} className="grid items-start gap-6 lg:grid-cols-2" data-project={p.id}>
              <div className="card">
                <h2 className="text-lg font-semibold">{p.name}</h2>
                <p className="mt-4 text-sm text-slate-500">{t("cabinet.begin.invitesLeft")}</p>
                <p className="text-4xl font-black text-brand-700" data-testid="invite-balance">
                  {p.inviteBalance}
                </p>
                <p className="mt-4 text-sm text-slate-600">
                  {t("cabinet.begin.plansHint")}{" "}
                  <a href="#plans" className="text-brand-700 hover:underline">
                    {t("cabinet.begin.plans")}
                  </a>
                </p>
              </div>
              {!data.demo && (
                <div className="card">
                  <BuyInvites project={p.id} plans={data.plans} prices={data.prices} invoice={data.invoice} />
                </div>
              )}
            </section>
          ))}
          {!data.demo && data.projects[0] && <PlanCards project={data.projects[0].id} plans={data.plans} prices={data.prices} />}
          <Orders orders={data.orders} />
        </div>
      )}
    </BusinessShell>
  );
}

/** The refill call's own rules; a form posts the quantity as text. */
const refillForm = refillSchema.extend({
  // 2.5 or 1 000 000 say the allowed range, not "invalid value"
  quantity: z.coerce
    .number({ error: "people.errors.inviteQuantity" })
    .int("people.errors.inviteQuantity")
    .min(1, "payment.errors.minInvites")
    .max(100_000, "people.errors.inviteQuantity"),
});

export const beginPage = definePage({
  path: "/business",
  guards: ["auth"],
  load: async (c) => {
    const db = c.get("scope").db;
    const user = c.get("user");
    const [overview, plans, shell] = await Promise.all([businessOverview(c.get("scope")), getPlans(db), optionalShell(c)]);
    // an appointed manager or head is not asked to activate an account of their own first
    const managed =
      user.isBusiness || c.get("auth").kind === "demo"
        ? []
        : await Promise.all(
            (await visibleProjects(db, user)).map(async (p) => ({ id: p.id, name: p.name, role: (await resolveProject(db, user, p.id)).role })),
          );
    const demo = c.get("auth").kind === "demo";
    // the demo account has a company per language: the page shows the one of its language
    const projects = demo ? overview.projects.filter((p) => p.id === shell?.project._id) : overview.projects;
    return {
      ...overview,
      projects,
      plans,
      prices: await getPrices(db),
      isBusiness: user.isBusiness,
      demo,
      managed,
      invoice: Boolean(await getSeller(db)),
      shell,
      confirmFirst: c.get("scope").deps.config.NODE_ENV === "production" && !user.emailConfirmedAt,
    };
  },
  title: (t) => t("cabinet.nav.business.begin"),
  Component: Begin,
  action: formsAction<SignedInContext, SignedInContext>(
    {
      "resend-confirm": {
        schema: z.object({}),
        run: async (c) => {
          const sent = await resendConfirmation(c.get("scope"), c.get("user")).then(
            () => "confirmSent",
            () => "confirmWait",
          );
          return withDone("/business", sent);
        },
      },
      "cancel-order": {
        schema: z.object({ order: z.string().default("") }),
        run: async (c, { order }) => {
          await cancelOwnOrder(c.get("scope"), order);
          return "/business";
        },
      },
      "activate-business": {
        schema: z.object({ name: z.string().trim().max(120).optional() }),
        run: async (c, { name }) => {
          await activateBusinessFor(c.get("scope"), { name });
          return "/business";
        },
      },
      refill: pageForm<SignedInContext, SignedInContext, typeof refillForm>({
        schema: refillForm,
        run: async (c, input) => {
          const r = await refill(c.get("scope"), input);
          if ("request" in r) return "/business?requested=1";
          if ("invoice" in r) return `/business?invoice=${r.order}`;
          return r.redirect;
        },
      }),
    },
    // before a project there is no project scope: the forms get the request, and say where to go
    { scope: (c) => c, finish: (c, _c, kind, to) => c.redirect(to ?? `/business?done=${encodeURIComponent(kind)}`, 303) },
  ),
});
