// /business: the business cabinet's Begin page. A private user activates a business account here
// (one free test in a first project); a business user sees each project's invites, buys more by
// card or by invoice (plans from spec §1), and follows the orders. The demo account only looks.
import { z } from "zod";
import { intlLocale } from "../../locales";
import { handleForm } from "../../server/lib/forms";
import { rubLabel } from "../../server/lib/money";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { businessOverview } from "../../server/services/business/overview";
import { activateBusiness, getSeller, refill, refillSchema } from "../../server/services/payments/business";
import { CORPORATE_MIN, getPlans, type OrderRow, type Plans } from "../../server/services/payments";
import { ServerForm } from "../_blocks/blocks";
import { resolveProject, visibleProjects, type ProjectRole } from "../../server/services/projects";
import { CabinetLayout } from "../_layouts/cabinet";

type Data = Awaited<ReturnType<typeof businessOverview>> & {
  plans: Plans;
  isBusiness: boolean;
  demo: boolean;
  /** Companies the person manages without a business account of their own (appointed there). */
  managed: { id: string; name: string; role: ProjectRole }[];
  /** Whether invoices can be issued (the seller's details are set). */
  invoice: boolean;
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
      <h2 className="pt-2 text-base font-semibold text-slate-700">{t("cabinet.begin.ownCompany")}</h2>
    </div>
  );
}

function Activate() {
  const { t } = usePage();
  return (
    <div className="card max-w-xl" data-testid="activate-business">
      <p className="mb-4 text-slate-700">{t("cabinet.begin.activateLead")}</p>
      <ServerForm
        kind="activate-business"
        submit={t("cabinet.begin.activate")}
        fields={[{ name: "name", label: t("cabinet.begin.companyName"), autoComplete: "organization" }]}
      />
    </div>
  );
}

function BuyInvites({ project, plans, invoice }: { project: string; plans: Plans; invoice: boolean }) {
  const { t } = usePage();
  return (
    <ServerForm
      kind="refill"
      title={t("cabinet.begin.buyTitle")}
      submit={t("cabinet.begin.buy")}
      fields={[
        {
          name: "quantity",
          label: t("cabinet.begin.quantity"),
          type: "text",
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

function Orders({ orders }: { orders: OrderRow[] }) {
  const { t, locale } = usePage();
  if (!orders.length) return null;
  return (
    <section className="card overflow-x-auto">
      <h2 className="mb-4 text-lg font-semibold">{t("cabinet.begin.orders")}</h2>
      <table className="w-full text-left text-sm" data-testid="orders">
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
              <td className="py-2 pr-3">{o.createdAt.toLocaleDateString(intlLocale(locale))}</td>
              <td className="py-2 pr-3">{o.quantity}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{rubLabel(o.amount)}</td>
              <td className="py-2 pr-3">{t(`cabinet.begin.states.${o.state}`)}</td>
              <td className="py-2">
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
    </section>
  );
}

function Begin({ data }: { data: Data }) {
  const { t, url } = usePage();
  const invoice = url.searchParams.get("invoice");
  const notice = url.searchParams.has("requested") ? t("cabinet.begin.corporateSent") : invoice ? t("cabinet.begin.invoiceIssued") : null;
  return (
    <CabinetLayout kind="business" title={t("cabinet.nav.business.begin")}>
      {data.demo && (
        <p role="note" className="mb-6 rounded-lg bg-amber-100 p-4 text-amber-900" data-testid="demo-banner">
          {t("cabinet.begin.demo")}{" "}
          <a href="/signup" className="font-semibold underline">
            {t("cabinet.begin.demoCta")}
          </a>
        </p>
      )}
      {notice && (
        <p role="status" className="mb-6 rounded-lg bg-emerald-50 p-4 text-emerald-800">
          {notice}
          {invoice && (
            <>
              {" "}
              <a href={`/api/order/${invoice}/invoice.pdf`} className="font-semibold underline" data-testid="invoice-link">
                {t("cabinet.begin.downloadInvoice")}
              </a>
            </>
          )}
        </p>
      )}
      {!data.isBusiness ? (
        <>
          {data.managed.length > 0 && <ManagedEntry managed={data.managed} />}
          <Activate />
        </>
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
                  <a href="/salles#plans" className="text-brand-700 hover:underline">
                    {t("cabinet.begin.plans")}
                  </a>
                </p>
              </div>
              {!data.demo && (
                <div className="card">
                  <BuyInvites project={p.id} plans={data.plans} invoice={data.invoice} />
                </div>
              )}
            </section>
          ))}
          <Orders orders={data.orders} />
        </div>
      )}
    </CabinetLayout>
  );
}

/** The refill call's own rules; a form posts the quantity as text. */
const refillForm = refillSchema.extend({
  // 2.5 or 1 000 000 say the allowed range, not "invalid value" (m6)
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
    const db = c.get("deps").db;
    const user = c.get("user");
    const [overview, plans] = await Promise.all([businessOverview(db, user), getPlans(db)]);
    // an appointed manager or head is not asked to activate an account of their own first
    const managed =
      user.isBusiness || c.get("auth").kind === "demo"
        ? []
        : await Promise.all(
            (await visibleProjects(db, user)).map(async (p) => ({ id: p.id, name: p.name, role: (await resolveProject(db, user, p.id)).role })),
          );
    return { ...overview, plans, isBusiness: user.isBusiness, demo: c.get("auth").kind === "demo", managed, invoice: Boolean(await getSeller(db)) };
  },
  title: (t) => t("cabinet.nav.business.begin"),
  Component: Begin,
  action: async (c) => {
    const user = c.get("user");
    const body = await c.req.parseBody();
    if (body._form === "activate-business") {
      return handleForm(c, "activate-business", z.object({ name: z.string().trim().max(120).optional() }), async ({ name }) => {
        await activateBusiness(c.get("deps").db, user, name, c.get("locale"));
        return c.redirect("/business", 303);
      });
    }
    return handleForm(c, "refill", refillForm, async (input) => {
      const r = await refill(c.get("deps"), user, input);
      if ("request" in r) return c.redirect("/business?requested=1", 303);
      if ("invoice" in r) return c.redirect(`/business?invoice=${r.order}`, 303);
      return c.redirect(r.redirect, 303);
    });
  },
});
