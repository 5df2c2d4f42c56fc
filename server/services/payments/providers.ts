// Payment providers behind one interface. `sandbox` (the default) confirms on a local page of
// ours with Pay and Fail buttons; `yookassa` talks to the real YooKassa API v3
// (https://yookassa.ru/developers/api): create a payment with an Idempotence-Key, send the user
// to its confirmation_url, and on a notification ask the API for the payment's real state; give
// money back with POST /refunds (https://yookassa.ru/developers/api#create_refund), also keyed.
import { and, eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import type { Config } from "../../config";
import type { AppDeps } from "../../context";
import { kopecksFromDecimal, rublesDecimal } from "../../lib/money";

export type ProviderStatus = "pending" | "waiting_for_capture" | "succeeded" | "canceled";

export interface CreatedPayment {
  providerPaymentId: string;
  confirmationUrl: string;
  status: ProviderStatus;
  raw: unknown;
}

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  /** kopecks */
  amount: number;
  currency: string;
  orderId: string | null;
  raw: unknown;
}

export interface PaymentProvider {
  name: "sandbox" | "yookassa";
  create(input: {
    orderId: string;
    paymentId: string;
    amount: number;
    description: string;
    returnUrl: string;
    idempotenceKey: string;
  }): Promise<CreatedPayment>;
  /** The provider's own view of a payment: never trust a notification body instead. */
  fetch(providerPaymentId: string): Promise<ProviderPayment | null>;
  /** Gives `amount` kopecks of a succeeded payment back; the same key answers the same refund (a retry). */
  refund(input: { providerPaymentId: string; amount: number; description: string; idempotenceKey: string }): Promise<ProviderRefund>;
}

export interface ProviderRefund {
  id: string;
  /** YooKassa's refund statuses: "succeeded" is money on its way back; "canceled" refused */
  status: "pending" | "succeeded" | "canceled";
  raw: unknown;
}

/** The provider refused or could not be reached: nothing was given back, nothing is recorded. */
export class RefundFailed extends Error {}

/**
 * Where a provider sends the buyer to pay: browsers apply the CSP form-action to the redirect
 * after our checkout form, so these origins must be allowed there. YooKassa's confirmation_url
 * is on yoomoney.ru.
 */
export function checkoutOrigins(config: Config): string[] {
  return config.PAYMENT_PROVIDER === "yookassa" ? ["https://yoomoney.ru", "https://yookassa.ru"] : [];
}

/** The sandbox keeps its state in our own payments table; see services/payments/index.ts. */
export function sandboxProvider(config: Config, lookup: (id: string) => Promise<ProviderPayment | null>): PaymentProvider {
  return {
    name: "sandbox",
    async create({ paymentId }) {
      return { providerPaymentId: paymentId, confirmationUrl: `/payment/sandbox/${paymentId}`, status: "pending", raw: { sandbox: true } };
    },
    fetch: lookup,
    // the sandbox's money is pretend: a refund always goes through, under its key
    async refund({ idempotenceKey }) {
      return { id: `sandbox-${idempotenceKey}`, status: "succeeded", raw: { sandbox: true } };
    },
  };
}

export function yookassaProvider(config: Config): PaymentProvider {
  const base = config.YOOKASSA_API_URL.replace(/\/$/, "");
  const auth = "Basic " + Buffer.from(`${config.YOOKASSA_SHOP_ID}:${config.YOOKASSA_SECRET_KEY}`).toString("base64");
  return {
    name: "yookassa",
    async create({ orderId, amount, description, returnUrl, idempotenceKey }) {
      const res = await fetch(`${base}/payments`, {
        method: "POST",
        headers: { Authorization: auth, "Idempotence-Key": idempotenceKey, "Content-Type": "application/json" },
        body: JSON.stringify({
          amount: { value: rublesDecimal(amount), currency: "RUB" },
          capture: true,
          confirmation: { type: "redirect", return_url: returnUrl },
          description: description.slice(0, 128),
          metadata: { orderId },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as { id?: string; status?: ProviderStatus; confirmation?: { confirmation_url?: string } };
      if (!res.ok || !body.id || !body.confirmation?.confirmation_url) throw new Error(`YooKassa create failed: ${res.status}`);
      return { providerPaymentId: body.id, confirmationUrl: body.confirmation.confirmation_url, status: body.status ?? "pending", raw: body };
    },
    async fetch(id) {
      if (!/^[\w-]{1,64}$/.test(id)) return null;
      const res = await fetch(`${base}/payments/${id}`, { headers: { Authorization: auth }, signal: AbortSignal.timeout(15_000) });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`YooKassa fetch failed: ${res.status}`);
      const b = (await res.json()) as { id: string; status: ProviderStatus; amount: { value: string; currency: string }; metadata?: { orderId?: string } };
      return {
        id: b.id,
        status: b.status,
        amount: kopecksFromDecimal(b.amount.value),
        currency: b.amount.currency,
        orderId: b.metadata?.orderId ?? null,
        raw: b,
      };
    },
    async refund({ providerPaymentId, amount, description, idempotenceKey }) {
      let res: Response;
      try {
        res = await fetch(`${base}/refunds`, {
          method: "POST",
          headers: { Authorization: auth, "Idempotence-Key": idempotenceKey, "Content-Type": "application/json" },
          body: JSON.stringify({
            payment_id: providerPaymentId,
            amount: { value: rublesDecimal(amount), currency: "RUB" },
            description: description.slice(0, 250),
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (e) {
        throw new RefundFailed(`YooKassa refund unreachable: ${(e as Error).message}`);
      }
      const b = (await res.json().catch(() => ({}))) as { id?: string; status?: ProviderRefund["status"]; code?: string; description?: string };
      if (!res.ok || !b.id || !b.status) throw new RefundFailed(`YooKassa refund refused: ${res.status} ${b.code ?? ""} ${b.description ?? ""}`.trim());
      if (b.status === "canceled") throw new RefundFailed("YooKassa refund canceled");
      return { id: b.id, status: b.status, raw: b };
    },
  };
}

/** The configured provider; the sandbox reads its payments back from our own table. */
export function providerFor(deps: AppDeps): PaymentProvider {
  if (deps.config.PAYMENT_PROVIDER === "yookassa") return yookassaProvider(deps.config);
  return sandboxProvider(deps.config, async (id) => {
    const [p] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, "sandbox"), eq(payments.providerPaymentId, id)));
    if (!p) return null;
    return { id, status: p.status as ProviderPayment["status"], amount: p.amount, currency: "RUB", orderId: p.orderId, raw: null };
  });
}
