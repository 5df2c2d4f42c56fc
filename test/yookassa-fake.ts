// A local fake of YooKassa's API v3 (https://yookassa.ru/developers/api): POST /payments with Basic
// auth and an Idempotence-Key, GET /payments/{id}, POST /refunds. It keeps what it created and lets
// a test decide what happens to a payment, as the buyer would on YooKassa's page.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

interface FakeRefund {
  key: string;
  doc: { id: string; payment_id: string; status: "succeeded"; amount: { value: string; currency: string }; description?: string; created_at: string };
}

export interface FakePayment {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: { value: string; currency: string };
  description: string;
  metadata: Record<string, string>;
  confirmation: { type: "redirect"; confirmation_url: string; return_url: string };
  created_at: string;
}

export const SHOP = { id: "123456", key: "test_secret_key" };

export class FakeYooKassa {
  payments = new Map<string, FakePayment>();
  byKey = new Map<string, string>();
  creates: { idempotenceKey: string; body: Record<string, unknown> }[] = [];
  refunds = new Map<string, FakeRefund>();
  refundCalls: { idempotenceKey: string; body: Record<string, unknown> }[] = [];
  /** the next refund is refused as YooKassa refuses one (e.g. the shop's balance is short) */
  refuseNextRefund = false;
  server!: Server;
  url = "";

  async start() {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { "Content-Type": "application/json" });
          res.end(JSON.stringify(body));
        };
        const expected = "Basic " + Buffer.from(`${SHOP.id}:${SHOP.key}`).toString("base64");
        if (req.headers.authorization !== expected) return send(401, { type: "error", code: "invalid_credentials" });
        if (req.method === "POST" && req.url === "/payments") {
          const key = req.headers["idempotence-key"];
          if (typeof key !== "string" || !key) return send(400, { type: "error", code: "invalid_request", parameter: "Idempotence-Key" });
          const body = JSON.parse(raw) as {
            amount: FakePayment["amount"];
            description: string;
            metadata: Record<string, string>;
            confirmation: { return_url: string };
          };
          this.creates.push({ idempotenceKey: key, body });
          const known = this.byKey.get(key);
          if (known) return send(200, this.payments.get(known));
          const id = randomUUID();
          const payment: FakePayment = {
            id,
            status: "pending",
            paid: false,
            amount: body.amount,
            description: body.description,
            metadata: body.metadata,
            confirmation: {
              type: "redirect",
              return_url: body.confirmation.return_url,
              confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
            },
            created_at: new Date().toISOString(),
          };
          this.payments.set(id, payment);
          this.byKey.set(key, id);
          return send(200, payment);
        }
        if (req.method === "POST" && req.url === "/refunds") return this.refund(req.headers["idempotence-key"], raw, send);
        const m = req.url?.match(/^\/payments\/([\w-]+)$/);
        if (req.method === "GET" && m) {
          const p = this.payments.get(m[1]!);
          return p ? send(200, p) : send(404, { type: "error", code: "not_found" });
        }
        send(404, { type: "error", code: "not_found" });
      });
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** POST /refunds as documented: a succeeded payment, an amount no more than what is left of it, keyed. */
  private refund(key: string | string[] | undefined, raw: string, send: (status: number, body: unknown) => void) {
    if (typeof key !== "string" || !key) return send(400, { type: "error", code: "invalid_request", parameter: "Idempotence-Key" });
    const body = JSON.parse(raw) as { payment_id: string; amount: { value: string; currency: string }; description?: string };
    this.refundCalls.push({ idempotenceKey: key, body });
    const known = [...this.refunds.values()].find((r) => r.key === key);
    if (known) return send(200, known.doc);
    if (this.refuseNextRefund) {
      this.refuseNextRefund = false;
      return send(400, { type: "error", code: "invalid_request", description: "Not enough funds on the shop's balance" });
    }
    const payment = this.payments.get(body.payment_id);
    if (!payment || payment.status !== "succeeded") return send(400, { type: "error", code: "invalid_request", parameter: "payment_id" });
    const done = [...this.refunds.values()].filter((r) => r.doc.payment_id === payment.id).reduce((s, r) => s + Number(r.doc.amount.value), 0);
    if (Number(body.amount.value) + done > Number(payment.amount.value) + 1e-9)
      return send(400, { type: "error", code: "invalid_request", parameter: "amount" });
    const doc = {
      id: randomUUID(),
      payment_id: payment.id,
      status: "succeeded" as const,
      amount: body.amount,
      description: body.description,
      created_at: new Date().toISOString(),
    };
    this.refunds.set(doc.id, { key, doc });
    send(200, doc);
  }

  /** What the buyer does on YooKassa's page. */
  decide(id: string, status: FakePayment["status"], amount?: string) {
    const p = this.payments.get(id)!;
    p.status = status;
    p.paid = status === "succeeded";
    if (amount) p.amount = { ...p.amount, value: amount };
  }
}
