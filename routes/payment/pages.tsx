// Checkout, the sandbox provider's confirmation page, payment outcomes and code activation.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { AppError, errorMessage } from "../../server/lib/errors";
import { withDone } from "../../server/lib/notice";
import { rememberCoupon } from "../../server/lib/http";
import { ID_PARAM, ID_PATTERN, idSchema } from "../../server/lib/ids";
import { formatRub } from "../../server/lib/money";
import { definePage } from "../../server/render/define";
import { personForm, personPage } from "../_kit/site";
import { usePage } from "../../server/render/page";
import {
  applyDiscount,
  COUPON_COOKIE,
  findUsableCoupon,
  getOwnOrder,
  getOwnSandboxPayment,
  getPrices,
  sandboxDecide,
  startPayment,
  withCookieCoupon,
  type OrderRow,
} from "../../server/services/payments";
import { couponCodeSchema, redeemCoupon } from "../../server/services/payments/coupons";
import { orderTitle } from "../../server/services/payments/receipt";
import { FormLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";
import { FormError } from "../_kit";

// ---------------------------------------------------------------- checkout of the full report
interface CheckoutData {
  price: number;
  discounted: number;
  coupon: string | null;
}

function Checkout({ data }: { data: CheckoutData }) {
  const { t, form } = usePage();
  // a code refused after an earlier one was applied: the earlier one still counts, and says so
  const refused = form?.kind === "coupon" && Boolean(form.errors);
  return (
    <FormLayout title={t("payment.checkoutTitle")}>
      <p className="mb-4 text-slate-600">{t("payment.checkoutLead")}</p>
      <p className="mb-6 text-2xl font-bold" data-testid="price" data-amount={data.discounted}>
        {t("payment.price", { price: formatRub(data.discounted) })}
        {data.coupon && data.discounted !== data.price && (
          <span className="ml-2 text-base font-normal text-slate-500 line-through">{t("payment.priceWas", { price: formatRub(data.price) })}</span>
        )}
      </p>
      <FormError kind="pay" />
      <form method="post" data-testid="pay-form">
        <input type="hidden" name="_form" value="pay" />
        <button className="btn-primary w-full">{t("payment.pay", { price: formatRub(data.discounted) })}</button>
      </form>
      <div className="mt-8 border-t border-slate-100 pt-6">
        <ServerForm
          kind="coupon"
          submit={t("payment.applyCoupon")}
          // the page comes back to this form, below the price: the notice says the new price itself
          notice={
            data.coupon && refused
              ? t("payment.couponKept", { code: data.coupon, price: formatRub(data.discounted) })
              : data.coupon
                ? data.discounted !== data.price
                  ? t("payment.couponAppliedPrice", { price: formatRub(data.discounted), was: formatRub(data.price) })
                  : t("payment.couponApplied")
                : null
          }
          fields={[{ name: "code", label: t("payment.coupon"), value: data.coupon }]}
        />
      </div>
    </FormLayout>
  );
}

/** A refused code is the field's error (marked, described and focused), not only the form's. */
const codeRefused =
  (c: Context) =>
  (e: unknown): never => {
    if (e instanceof AppError && e.status < 500 && !e.fields) throw new AppError(e.status, e.code, e.messageKey, { code: errorMessage(c.get("t"), e) });
    throw e;
  };

export const checkoutPage = personPage({
  path: "/payment/report",
  load: async (c) => {
    const user = c.get("user");
    if (user.isFull) return c.redirect("/report/full");
    const price = (await getPrices(c.get("scope").db)).fullReport;
    const code = getCookie(c, COUPON_COOKIE) ?? null;
    const coupon = code ? await findUsableCoupon(c.get("scope").db, code, user, "full").catch(() => null) : null;
    return { price, discounted: applyDiscount(price, coupon), coupon: coupon?.code ?? null };
  },
  title: (t) => t("payment.checkoutTitle"),
  Component: Checkout,
  forms: {
    pay: personForm({
      schema: z.object({}),
      run: async (scope, _input, c) => (await startPayment(scope, withCookieCoupon({ entityType: "report" }, getCookie(c, COUPON_COOKIE)))).redirect,
    }),
    coupon: personForm({
      schema: couponCodeSchema,
      run: async (scope, { code }, c) => {
        const r = rememberCoupon(c, await redeemCoupon(scope, code).catch(codeRefused(c)));
        return r.unlocked ? "/payment/success" : "/payment/report";
      },
    }),
  },
});

// ---------------------------------------------------------------- the sandbox provider
function Sandbox({ data }: { data: { amount: number; what: string } }) {
  const { t } = usePage();
  return (
    <FormLayout title={t("payment.sandboxTitle")}>
      <p role="alert" data-testid="sandbox-banner" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">
        {t("payment.sandboxLead")}
      </p>
      <p className="mb-2 text-slate-700" data-testid="sandbox-what">
        {t("followup.receipt.item")}: <strong>{data.what}</strong>
      </p>
      <p className="mb-6 text-xl font-bold">{t("payment.amount", { price: formatRub(data.amount) })}</p>
      <FormError kind="decide" />
      <div className="flex flex-wrap gap-3">
        <form method="post">
          <input type="hidden" name="decision" value="pay" />
          <button className="btn-primary" data-testid="sandbox-pay">
            {t("payment.sandboxPay")}
          </button>
        </form>
        <form method="post">
          <input type="hidden" name="decision" value="fail" />
          <button className="btn-secondary" data-testid="sandbox-fail">
            {t("payment.sandboxFail")}
          </button>
        </form>
      </div>
    </FormLayout>
  );
}

export const sandboxPage = personPage({
  path: `/payment/sandbox/${ID_PARAM}`,
  params: z.object({ id: idSchema() }),
  load: async (c) => {
    const payment = await getOwnSandboxPayment(c.get("scope"), c.req.param("id")!);
    return { amount: payment.amount, what: await orderTitle(c.get("scope").db, payment.orderId, c.get("t")) };
  },
  title: (t) => t("payment.sandboxTitle"),
  Component: Sandbox,
  // the stand-in for a payment provider's page: its buttons post a `decision`, nothing else
  unnamed: "decide",
  forms: {
    decide: personForm({
      schema: z.object({ decision: z.enum(["pay", "fail"]) }),
      run: async (scope, { decision }, c) => {
        const { order, outcome } = await sandboxDecide(scope, { paymentId: c.req.param("id")!, pay: decision === "pay" });
        const business = order.entityType === "invites" ? "/business" : "";
        const ok = outcome === "credited" || outcome === "already_credited";
        return `/payment${business}/${ok ? "success" : "fail"}?order=${order.id}`;
      },
    }),
  },
});

// ---------------------------------------------------------------- outcomes
function Outcome({ data }: { data: { ok: boolean; business: boolean; order: OrderRow | null } }) {
  const { t } = usePage();
  const paid = data.order?.state === "paid";
  return (
    <FormLayout title={data.ok ? t("payment.successTitle") : t("payment.failTitle")}>
      <div data-testid="payment-outcome" data-ok={data.ok} data-state={data.order?.state ?? ""}>
        {data.ok ? (
          <>
            <p className="mb-6 text-slate-700">
              {paid || !data.order ? t(data.business ? "payment.successBusinessText" : "payment.successText") : t("payment.pendingText")}
            </p>
            <a href={data.business ? "/business" : "/report/full"} className="btn-primary">
              {t(data.business ? "payment.openBusiness" : "payment.openReport")}
            </a>
          </>
        ) : (
          <>
            <p className="mb-6 text-slate-700">{t("payment.failText")}</p>
            <a href={data.business ? "/business" : "/payment/report"} className="btn-primary">
              {t("payment.tryAgain")}
            </a>
          </>
        )}
      </div>
    </FormLayout>
  );
}

const outcomePage = (path: string, ok: boolean, business: boolean) =>
  definePage({
    path,
    guards: ["auth"],
    load: async (c) => {
      const id = c.req.query("order");
      const order = id && ID_PATTERN.test(id) ? await getOwnOrder(c.get("scope"), id).catch(() => null) : null;
      return { ok, business, order };
    },
    title: (t) => t(ok ? "payment.successTitle" : "payment.failTitle"),
    Component: Outcome,
  });

export const outcomePages = [
  outcomePage("/payment/success", true, false),
  outcomePage("/payment/fail", false, false),
  outcomePage("/payment/business/success", true, true),
  outcomePage("/payment/business/fail", false, true),
];

// ---------------------------------------------------------------- /activate/{code?}
function Activate() {
  const { t, url, form } = usePage();
  const done = url.searchParams.get("done");
  return (
    <FormLayout title={t("payment.activateTitle")}>
      <p className="mb-6 text-slate-600">{t("payment.activateLead")}</p>
      <ServerForm
        kind="activate"
        submit={t("payment.activate")}
        notice={done === "unlocked" ? t("payment.activated") : done === "saved" ? t("payment.saved") : null}
        fields={[{ name: "code", label: t("payment.coupon"), required: true, value: form ? undefined : (url.pathname.split("/")[2] ?? "") }]}
      />
    </FormLayout>
  );
}

export const activatePage = personPage({
  path: ["/activate", "/activate/:code"],
  params: z.object({ code: z.string().max(64).optional() }),
  title: (t) => t("payment.activateTitle"),
  Component: Activate,
  forms: {
    activate: personForm({
      schema: couponCodeSchema,
      run: async (scope, { code }, c) => {
        const r = rememberCoupon(c, await redeemCoupon(scope, code).catch(codeRefused(c)));
        return withDone("/activate", r.unlocked ? "unlocked" : "saved");
      },
    }),
  },
});
