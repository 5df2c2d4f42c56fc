// /api/business/integrations: the owner's company API tokens and webhook endpoints (not in the
// spec). Behind the project guard like the cabinet; the services allow the owner (and managers) only,
// and never a token itself: a token cannot make tokens or change where the company's data goes.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../context";
import { ID_PARAM, idParam, idSchema, pathId } from "../../lib/ids";
import { z } from "zod";
import { answers, validate } from "../../lib/validate";
import { guard, type GuardedEnv } from "../../middleware/guards";
import { createToken, listTokens, revokeToken, TOKEN_SCOPES, tokenSchema, tokenUses } from "../../services/business/api-tokens";
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  endpointSchema,
  getEndpoint,
  listEndpoints,
  resendDelivery,
  sendTestEvent,
  WEBHOOK_EVENTS,
} from "../../services/business/webhooks";

// the answers as JSON (dates as ISO strings), for the OpenAPI description and the tests that check them
const at = z.iso.datetime();
const id = idSchema();
const token = z.object({ _id: id, name: z.string(), scopes: z.array(z.enum(TOKEN_SCOPES)), hint: z.string() });
const tokenRow = token.extend({ createdAt: at, lastUsedAt: at.nullable(), revokedAt: at.nullable() });
const use = z.object({ _id: id, token: z.string(), method: z.string(), path: z.string(), refused: z.string().nullable(), at });
const endpoint = z.object({ _id: id, url: z.url(), events: z.array(z.enum(WEBHOOK_EVENTS)), failures: z.int(), disabledAt: at.nullable(), createdAt: at });
const status = z.enum(["pending", "delivered", "failed"]);
const attempt = z.object({ _id: id, event: z.string(), status, attempts: z.int(), responseStatus: z.int().nullable(), error: z.string().nullable() });
const delivery = attempt.extend({ responseBody: z.string().nullable(), createdAt: at, lastAttemptAt: at.nullable() });

const scope = (c: Context<GuardedEnv<["project"]>>) => c.get("scope");
const inProject = guard("project");

export const integrationsApi = new Hono<AppEnv>();
integrationsApi.get("/tokens", inProject, answers(z.object({ docs: z.array(tokenRow) })), async (c) => c.json(await listTokens(scope(c))));
integrationsApi.post("/tokens", inProject, validate("json", tokenSchema), answers(token.extend({ token: z.string() }), 201), async (c) =>
  c.json(await createToken(scope(c), c.req.valid("json")), 201),
);
integrationsApi.get("/tokens/uses", inProject, answers(z.object({ docs: z.array(use) })), async (c) => c.json(await tokenUses(scope(c))));
integrationsApi.delete(`/tokens/${ID_PARAM}`, inProject, answers(z.object({ _id: id, revoked: z.literal(true) })), async (c) =>
  c.json(await revokeToken(scope(c), pathId(c))),
);

integrationsApi.get("/webhooks", inProject, answers(z.object({ docs: z.array(endpoint) })), async (c) => c.json(await listEndpoints(scope(c))));
integrationsApi.post("/webhooks", inProject, validate("json", endpointSchema), answers(endpoint.extend({ secret: z.string() }), 201), async (c) =>
  c.json(await createEndpoint(scope(c), c.req.valid("json")), 201),
);
integrationsApi.get(`/webhooks/${ID_PARAM}`, inProject, answers(endpoint.extend({ secret: z.string(), deliveries: z.array(delivery) })), async (c) =>
  c.json(await getEndpoint(scope(c), pathId(c))),
);
integrationsApi.delete(`/webhooks/${ID_PARAM}`, inProject, answers(z.object({ _id: id, deleted: z.literal(true) })), async (c) =>
  c.json(await deleteEndpoint(scope(c), pathId(c))),
);
integrationsApi.post(`/webhooks/${ID_PARAM}/enable`, inProject, answers(z.object({ _id: id, enabled: z.literal(true) })), async (c) =>
  c.json(await enableEndpoint(scope(c), pathId(c))),
);
integrationsApi.post(`/webhooks/${ID_PARAM}/test`, inProject, answers(attempt), async (c) => c.json(await sendTestEvent(scope(c), pathId(c))));
integrationsApi.post(`/webhooks/${ID_PARAM}/deliveries/${idParam("delivery")}/resend`, inProject, answers(attempt), async (c) =>
  c.json(await resendDelivery(scope(c), pathId(c), pathId(c, "delivery"))),
);
