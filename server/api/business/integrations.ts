// /api/business/integrations: the owner's company API tokens and webhook endpoints (not in the
// spec). Behind the project guard like the cabinet; the services allow the owner (and managers) only,
// and never a token itself: a token cannot make tokens or change where the company's data goes.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../context";
import { pathId } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { guard, type GuardedEnv } from "../../middleware/guards";
import { createToken, listTokens, revokeToken, tokenSchema, tokenUses } from "../../services/business/api-tokens";
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  endpointSchema,
  getEndpoint,
  listEndpoints,
  resendDelivery,
  sendTestEvent,
} from "../../services/business/webhooks";

const scope = (c: Context<GuardedEnv<["project"]>>) => c.get("scope");
const inProject = guard("project");

export const integrationsApi = new Hono<AppEnv>();
integrationsApi.get("/tokens", inProject, async (c) => c.json(await listTokens(scope(c))));
integrationsApi.post("/tokens", inProject, validate("json", tokenSchema), async (c) => c.json(await createToken(scope(c), c.req.valid("json")), 201));
integrationsApi.get("/tokens/uses", inProject, async (c) => c.json(await tokenUses(scope(c))));
integrationsApi.delete("/tokens/:id", inProject, async (c) => c.json(await revokeToken(scope(c), pathId(c))));

integrationsApi.get("/webhooks", inProject, async (c) => c.json(await listEndpoints(scope(c))));
integrationsApi.post("/webhooks", inProject, validate("json", endpointSchema), async (c) => c.json(await createEndpoint(scope(c), c.req.valid("json")), 201));
integrationsApi.get("/webhooks/:id", inProject, async (c) => c.json(await getEndpoint(scope(c), pathId(c))));
integrationsApi.delete("/webhooks/:id", inProject, async (c) => c.json(await deleteEndpoint(scope(c), pathId(c))));
integrationsApi.post("/webhooks/:id/enable", inProject, async (c) => c.json(await enableEndpoint(scope(c), pathId(c))));
integrationsApi.post("/webhooks/:id/test", inProject, async (c) => c.json(await sendTestEvent(scope(c), pathId(c))));
integrationsApi.post("/webhooks/:id/deliveries/:delivery/resend", inProject, async (c) =>
  c.json(await resendDelivery(scope(c), pathId(c), pathId(c, "delivery"))),
);
