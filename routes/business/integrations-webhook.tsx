// One webhook endpoint (/business/integrations/webhooks/{id}): its signing secret, events and state,
// and its deliveries with the receiver's answers; "send again" per delivery, "send a test event",
// turning it on again after it was turned off for failures, deleting it.
import { z } from "zod";
import { intlLocale } from "../../locales";
import { formatIn } from "../../server/lib/time-zone";
import { usePage } from "../../server/render/page";
import { deleteEndpoint, enableEndpoint, getEndpoint, resendDelivery, sendTestEvent } from "../../server/services/business/webhooks";
import { BusinessShell } from "../_layouts/cabinet";
import { Empty } from "../_kit";
import { type CabinetCtx, type CabinetForm, Card, cabinetForm, cabinetPage, Confirm, ConfirmDelete, done, FormError, Notice, type WithShell } from "./kit";
import { ID_PARAM, idSchema } from "../../server/lib/ids";

type EndpointData = { endpoint: Awaited<ReturnType<typeof getEndpoint>> };

const TONE = { delivered: "text-emerald-700", pending: "text-amber-800", failed: "text-rose-700" } as const;

function Endpoint({ data }: { data: WithShell<EndpointData> }) {
  const { t, locale, config } = usePage();
  const e = data.endpoint;
  const when = (at: Date | string | null) =>
    at ? formatIn(new Date(at), config.TIME_ZONE, intlLocale(locale), { dateStyle: "medium", timeStyle: "medium" }) : "—";
  const back = `/business/integrations?project=${data.shell.project._id}`;
  return (
    <BusinessShell shell={data.shell} title={t("integrations.endpoint.title")}>
      <p className="mb-3">
        <a href={back} className="text-brand-700 underline">
          ← {t("integrations.page.title")}
        </a>
      </p>
      <Notice keys="integrations.done" />
      <FormError kind={Object.keys(ENDPOINT_FORMS)} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title={t("integrations.endpoint.settings")} testid="endpoint">
          <dl className="space-y-2 text-sm">
            <dt className="font-semibold">{t("integrations.page.url")}</dt>
            <dd className="break-all">{e.url}</dd>
            <dt className="font-semibold">{t("integrations.page.events")}</dt>
            <dd>{e.events.join(", ")}</dd>
            <dt className="font-semibold">{t("integrations.endpoint.state")}</dt>
            <dd className={e.disabledAt ? "text-rose-700" : "text-emerald-700"} data-testid="endpoint-state">
              {e.disabledAt ? `${t("integrations.page.disabled")} (${when(e.disabledAt)})` : t("integrations.page.active")}
            </dd>
          </dl>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-brand-700">{t("integrations.endpoint.secret")}</summary>
            <p className="mt-2 text-slate-600">{t("integrations.endpoint.secretHint")}</p>
            <code className="mt-2 block break-all rounded bg-slate-100 p-2">{e.secret}</code>
          </details>
          <div className="mt-4 space-y-3">
            <form method="post">
              <input type="hidden" name="_form" value="test" />
              <button type="submit" className="btn-primary w-full py-2 text-sm" data-testid="send-test">
                {t("integrations.endpoint.sendTest")}
              </button>
            </form>
            {e.disabledAt && (
              <Confirm
                kind="enable"
                tone="neutral"
                label={t("integrations.endpoint.enable")}
                consequence={t("integrations.endpoint.enableConsequence")}
                confirm={t("integrations.endpoint.enable")}
              />
            )}
            <ConfirmDelete
              kind="delete"
              label={t("integrations.endpoint.delete")}
              consequence={t("integrations.endpoint.deleteConsequence")}
              confirm={t("integrations.endpoint.delete")}
            />
          </div>
        </Card>
        <div className="lg:col-span-2">
          <Card title={t("integrations.endpoint.deliveries")} testid="deliveries">
            {e.deliveries.length === 0 ? (
              <Empty>{t("integrations.endpoint.noDeliveries")}</Empty>
            ) : (
              <ul className="divide-y divide-slate-100">
                {e.deliveries.map((d) => (
                  <li key={d._id} className="space-y-1 py-3 text-sm" data-testid="delivery">
                    <p className="flex flex-wrap items-baseline justify-between gap-2">
                      <code className="font-semibold">{d.event}</code>
                      <span className={`font-medium ${TONE[d.status]}`}>{t(`integrations.endpoint.status.${d.status}`)}</span>
                    </p>
                    <p className="text-slate-600">
                      {when(d.lastAttemptAt ?? d.createdAt)} · {t("integrations.endpoint.attempts", { count: d.attempts })}
                      {d.responseStatus !== null && ` · HTTP ${d.responseStatus}`}
                    </p>
                    {(d.error || d.responseBody) && (
                      <pre className="max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs">{d.error ?? d.responseBody}</pre>
                    )}
                    <p className="break-all text-xs text-slate-500">webhook-id: {d._id}</p>
                    <form method="post">
                      <input type="hidden" name="_form" value="resend" />
                      <input type="hidden" name="delivery" value={d._id} />
                      <button type="submit" className="btn-secondary py-1 text-sm">
                        {t("integrations.endpoint.resend")}
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </BusinessShell>
  );
}

const back = (c: CabinetCtx) => `/business/integrations/webhooks/${c.req.param("id")!}`;
const idle = z.object({});

// every outcome, refused or not, is said on the page: a failed test event shows as a delivery
const ENDPOINT_FORMS: Record<string, CabinetForm> = {
  test: cabinetForm({
    schema: idle,
    run: async (scope, _input, c) => {
      await sendTestEvent(scope, c.req.param("id")!);
      return done(c, scope, "testSent", back(c));
    },
  }),
  resend: cabinetForm({
    schema: z.object({ delivery: z.string().default("") }),
    run: async (scope, { delivery }, c) => {
      await resendDelivery(scope, c.req.param("id")!, delivery);
      return done(c, scope, "resent", back(c));
    },
  }),
  enable: cabinetForm({
    schema: idle,
    run: async (scope, _input, c) => {
      await enableEndpoint(scope, c.req.param("id")!);
      return done(c, scope, "enabled", back(c));
    },
  }),
  delete: cabinetForm({
    schema: idle,
    run: async (scope, _input, c) => {
      await deleteEndpoint(scope, c.req.param("id")!);
      return done(c, scope, "deleted", "/business/integrations");
    },
  }),
};

export const endpointPage = cabinetPage<EndpointData>({
  path: [`/business/integrations/webhooks/${ID_PARAM}`],
  params: z.object({ id: idSchema() }),
  title: (t) => t("integrations.endpoint.title"),
  load: async (c, scope) => ({ endpoint: await getEndpoint(scope, c.req.param("id")!) }),
  Component: Endpoint,
  forms: ENDPOINT_FORMS,
});
