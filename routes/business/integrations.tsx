// Integrations (/business/integrations): the owner's company API tokens (made, shown once, last
// use, revoked; the usage log) and webhook endpoints (registered with their events); each endpoint's
// page (/business/integrations/webhooks/{id}) lists its deliveries with their answers, with "send
// again", "send a test event", turning it on again and deleting it. No script: plain forms through
// the same services as /api/business/integrations.
import { z } from "zod";
import { intlLocale } from "../../locales";
import { handleForm } from "../../server/lib/forms";
import { formatIn } from "../../server/lib/time-zone";
import { usePage } from "../../server/render/page";
import { can } from "../../server/services/business";
import { createToken, listTokens, revokeToken, TOKEN_SCOPES, tokenSchema, tokenUses } from "../../server/services/business/api-tokens";
import { createEndpoint, endpointSchema, listEndpoints, WEBHOOK_EVENTS } from "../../server/services/business/webhooks";
import { BusinessShell } from "../_layouts/cabinet";
import { Empty } from "../_kit";
import { Card, cabinetForm, cabinetPage, ConfirmDelete, done, Notice, type WithShell } from "./kit";

function When({ at }: { at: string | Date | null }) {
  const { t, locale, config } = usePage();
  if (!at) return <>{t("integrations.page.never")}</>;
  return (
    <time dateTime={new Date(at).toISOString()}>
      {formatIn(new Date(at), config.TIME_ZONE, intlLocale(locale), { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
}

/** Checkboxes for a list of choices, named `<prefix>:<value>` (a form posts each as its own field). */
function Choices({ legend, prefix, values, keys }: { legend: string; prefix: string; values: readonly string[]; keys: string }) {
  const { t, form } = usePage();
  const error = form?.errors?.[prefix === "scope" ? "scopes" : "events"];
  return (
    <fieldset aria-describedby={error ? `${prefix}-error` : undefined}>
      <legend className="label">
        {legend}
        <span className="text-rose-600"> *</span>
      </legend>
      <div className="space-y-2">
        {values.map((v) => (
          <label key={v} className="flex items-start gap-2">
            <input type="checkbox" name={`${prefix}:${v}`} defaultChecked={form?.values?.[`${prefix}:${v}`] === "on"} className="mt-1 h-5 w-5 shrink-0" />
            <span>
              <code className="text-sm">{v}</code> — {t(`${keys}.${v.replace(/[:.]/g, "_")}`)}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${prefix}-error`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function FieldError({ name }: { name: string }) {
  const { form } = usePage();
  const error = form?.errors?.[name] ?? (name === "name" || name === "url" ? form?.errors?._ : undefined);
  return error ? (
    <p id={`${name}-error`} className="mt-1 text-sm text-rose-700" role="alert">
      {error}
    </p>
  ) : null;
}

type IntegrationsData = {
  allowed: boolean;
  tokens: Awaited<ReturnType<typeof listTokens>>["docs"];
  uses: Awaited<ReturnType<typeof tokenUses>>["docs"];
  endpoints: Awaited<ReturnType<typeof listEndpoints>>["docs"];
};

function Integrations({ data }: { data: WithShell<IntegrationsData> }) {
  const { t, form } = usePage();
  const q = `?project=${data.shell.project._id}`;
  const created = form?.kind === "tokenCreated" ? form.values : null;
  return (
    <BusinessShell shell={data.shell} title={t("integrations.page.title")}>
      <Notice keys="integrations.done" />
      <p className="mb-4 max-w-3xl text-slate-700">
        {t("integrations.page.lead")}{" "}
        <a href="/api/reference" className="text-brand-700 underline">
          {t("integrations.page.reference")}
        </a>
      </p>
      {!data.allowed ? (
        <Card>{t("integrations.page.ownerOnly")}</Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title={t("integrations.page.tokens")} testid="tokens">
            {created && (
              <div role="status" className="mb-4 rounded-lg bg-emerald-50 p-3 text-emerald-900" data-testid="token-created">
                <p className="font-semibold">{t("integrations.page.createdOnce", { name: created.name ?? "" })}</p>
                <code className="mt-2 block break-all rounded bg-white p-2 text-sm" data-testid="token-value">
                  {created.token}
                </code>
              </div>
            )}
            {data.tokens.length === 0 ? (
              <Empty>{t("integrations.page.noTokens")}</Empty>
            ) : (
              <ul className="mb-4 divide-y divide-slate-100">
                {data.tokens.map((tok) => (
                  <li key={tok._id} className="space-y-1 py-3" data-testid="token-row">
                    <p className="font-medium">
                      {tok.name} <code className="text-sm text-slate-500">{tok.hint}…</code>
                    </p>
                    <p className="text-sm text-slate-600">{tok.scopes.join(", ")}</p>
                    <p className="text-sm text-slate-600">
                      {t("integrations.page.lastUsed")}: <When at={tok.lastUsedAt} />
                    </p>
                    {tok.revokedAt ? (
                      <p className="text-sm text-slate-500">
                        {t("integrations.page.revokedAt")}: <When at={tok.revokedAt} />
                      </p>
                    ) : (
                      <ConfirmDelete
                        kind="revoke"
                        label={t("integrations.page.revoke")}
                        consequence={t("integrations.page.revokeConsequence")}
                        confirm={t("integrations.page.revokeConfirm")}
                        hidden={{ token: tok._id }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
            <form method="post" action={`/business/integrations${q}`} className="space-y-4 border-t border-slate-100 pt-4" data-testid="form-token" noValidate>
              <h3 className="font-semibold">{t("integrations.page.newToken")}</h3>
              <input type="hidden" name="_form" value="token" />
              <div>
                <label htmlFor="token-name" className="label">
                  {t("integrations.page.tokenName")}
                  <span className="text-rose-600"> *</span>
                </label>
                <input id="token-name" name="name" className="input" maxLength={80} defaultValue={form?.kind === "token" ? form.values.name : ""} />
                {form?.kind === "token" && <FieldError name="name" />}
              </div>
              <Choices legend={t("integrations.page.scopes")} prefix="scope" values={TOKEN_SCOPES} keys="integrations.scopes" />
              <button type="submit" className="btn-primary py-2 text-sm">
                {t("integrations.page.create")}
              </button>
            </form>
          </Card>
          <Card title={t("integrations.page.webhooks")} testid="webhooks">
            {data.endpoints.length === 0 ? (
              <Empty>{t("integrations.page.noWebhooks")}</Empty>
            ) : (
              <ul className="mb-4 divide-y divide-slate-100">
                {data.endpoints.map((e) => (
                  <li key={e._id} className="py-3" data-testid="endpoint-row">
                    <a href={`/business/integrations/webhooks/${e._id}${q}`} className="break-all font-medium text-brand-700 underline">
                      {e.url}
                    </a>
                    <p className="text-sm text-slate-600">{e.events.join(", ")}</p>
                    <p className={`text-sm ${e.disabledAt ? "text-rose-700" : "text-emerald-700"}`}>
                      {e.disabledAt ? t("integrations.page.disabled") : t("integrations.page.active")}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <form
              method="post"
              action={`/business/integrations${q}`}
              className="space-y-4 border-t border-slate-100 pt-4"
              data-testid="form-webhook"
              noValidate
            >
              <h3 className="font-semibold">{t("integrations.page.newWebhook")}</h3>
              <input type="hidden" name="_form" value="webhook" />
              <div>
                <label htmlFor="webhook-url" className="label">
                  {t("integrations.page.url")}
                  <span className="text-rose-600"> *</span>
                </label>
                <input
                  id="webhook-url"
                  name="url"
                  type="url"
                  inputMode="url"
                  className="input"
                  maxLength={500}
                  placeholder="https://"
                  defaultValue={form?.kind === "webhook" ? form.values.url : ""}
                />
                {form?.kind === "webhook" && <FieldError name="url" />}
              </div>
              <Choices legend={t("integrations.page.events")} prefix="event" values={WEBHOOK_EVENTS} keys="integrations.events" />
              <button type="submit" className="btn-primary py-2 text-sm">
                {t("integrations.page.register")}
              </button>
            </form>
          </Card>
          <Card title={t("integrations.page.uses")} testid="token-uses">
            {data.uses.length === 0 ? (
              <Empty>{t("integrations.page.noUses")}</Empty>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {data.uses.map((u) => (
                  <li key={u._id} className="py-2">
                    <When at={u.at} /> · {u.token} ·{" "}
                    <code className="[overflow-wrap:anywhere]">
                      {u.method} {u.path}
                    </code>
                    {u.refused && <span className="ml-1 text-rose-700">({u.refused})</span>}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </BusinessShell>
  );
}

const picked = <V extends string>(prefix: string, all: readonly V[], v: Record<string, string>) => all.filter((x) => v[`${prefix}:${x}`] === "on");

export const integrationsPage = cabinetPage<IntegrationsData>({
  path: ["/business/integrations"],
  title: (t) => t("integrations.page.title"),
  load: async (_c, scope) => {
    if (!can(scope, "billing") || scope.demo) return { allowed: false, tokens: [], uses: [], endpoints: [] };
    const [tokens, uses, endpoints] = await Promise.all([listTokens(scope), tokenUses(scope, 20), listEndpoints(scope)]);
    return { allowed: true, tokens: tokens.docs, uses: uses.docs, endpoints: endpoints.docs };
  },
  Component: Integrations,
  forms: {
    revoke: cabinetForm({
      schema: z.object({ token: z.string() }),
      run: async (scope, { token }, c) => {
        await revokeToken(scope, token);
        return done(c, scope, "revoked");
      },
    }),
    webhook: cabinetForm({
      schema: endpointSchema,
      shape: (v) => ({ url: v.url ?? "", events: picked("event", WEBHOOK_EVENTS, v) }),
      run: async (scope, input, c) => {
        const made = await createEndpoint(scope, input);
        return done(c, scope, "registered", `/business/integrations/webhooks/${made._id}`);
      },
    }),
  },
  // a new token is drawn on the answer to its form, never redirected to: the pipeline's redirect does not fit
  action: async (c, scope) => {
    let createdToken: { token: string; name: string } | null = null;
    const state = await handleForm(
      c,
      "token",
      tokenSchema,
      async (input) => {
        createdToken = await createToken(scope, input);
        return new Response(null); // not sent: the page is drawn with the token below
      },
      (v) => ({ name: v.name ?? "", scopes: picked("scope", TOKEN_SCOPES, v) }),
    );
    // the token is shown once, on the answer to this very form, never in a link or a later page
    const made = createdToken as { token: string; name: string } | null;
    return made ? { kind: "tokenCreated", values: { token: made.token, name: made.name } } : state;
  },
});
