// The OpenAPI 3.1 description of /api, made from the app itself: every route of the route table
// (method, path, guards), and the very zod schemas its `validate()` middleware checks (params,
// query, JSON and form bodies) and its `answers()` declares, turned into JSON Schema by zod
// (`z.toJSONSchema`). Nothing here is written by hand per route, so the description cannot drift.
import type { Hono } from "hono";
import type { AppEnv } from "./context";
import { z } from "zod";
import { routeSchemaOf, type RouteSchema } from "./lib/validate";
import { plainPath, routeTable } from "./route-table";
import { scopeNeeded } from "./services/business/api-tokens";

type Json = Record<string, unknown>;

/** A zod schema as the JSON Schema a client sends (input) or reads (answers); what JSON cannot say becomes "any". */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  try {
    const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
    delete out.$schema;
    return out;
  } catch {
    return {};
  }
}

const GUARD_TEXT: Record<string, string> = {
  auth: "signed in",
  admin: "a manager (role admin, confirmed address)",
  business: "a business account, a manager or the demo company",
  profile: "signed in with a complete profile",
  project: "a project the caller may see (the `project` query or `Project` header; else the current one); a company API token works here, in its own project",
  bearer: "the Authorization header, never a cookie",
  guest: "visitors",
};

const ERROR_CODES: Record<string, string> = {
  "400": "Bad input: `error.fields` names each refused field, in the request's language",
  "401": "Not signed in, or the token is unknown or revoked (`token_invalid`)",
  "403": "Not allowed: `forbidden`, `demo_read_only`; for API tokens `token_scope`, `token_project`, `token_route`, `token_path`",
  "404": "Not found, or not in the caller's project",
  "429": "Too many requests: `Retry-After` says when to try again",
};

/** `/business/positions/:id` → `/business/positions/{id}` and its parameter names. */
function openApiPath(path: string) {
  const names: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_m, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path: converted, names };
}

function parametersFrom(schema: Json, where: "query" | "path" | "header"): Json[] {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, in: where, required: where === "path" || required.has(name), schema: s }));
}

export function openApiDocument(api: Hono<AppEnv>, prefix = "/api"): Json {
  const schemas = new Map<string, RouteSchema[]>();
  for (const r of api.routes) {
    const found = routeSchemaOf(r.handler);
    if (!found) continue;
    const key = `${r.method} ${plainPath(r.path)}`;
    schemas.set(key, [...(schemas.get(key) ?? []), found]);
  }
  const paths: Record<string, Record<string, Json>> = {};
  for (const row of routeTable(api)) {
    const full = `${prefix}${row.path === "/" ? "" : row.path}`;
    const { path, names } = openApiPath(full);
    const own = schemas.get(`${row.method} ${row.path}`) ?? [];
    const parameters: Json[] = [];
    const pathSchema = own.find((s) => s.target === "param");
    if (pathSchema) parameters.push(...parametersFrom(jsonSchema(pathSchema.schema, "input"), "path"));
    for (const name of names)
      if (!parameters.some((p) => p.name === name && p.in === "path")) parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
    const query = own.find((s) => s.target === "query");
    if (query) parameters.push(...parametersFrom(jsonSchema(query.schema, "input"), "query"));
    const body = own.find((s) => s.target === "json" || s.target === "form");
    const answer = own.find((s): s is Extract<RouteSchema, { target: "answer" }> => s.target === "answer");
    const writes = row.method !== "GET" && row.method !== "HEAD" && row.method !== "DELETE";
    const tokenScope = row.guards.includes("project") && full.startsWith("/api/business/") ? scopeNeeded(row.method, full) : null;
    const operation: Json = {
      operationId: `${row.method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? "").toUpperCase())}`,
      // grouped by the area under /api; the description and its page are one group of their own
      tags: [/^(openapi\.json|reference)$/.test(full.split("/")[2] ?? "") ? "openapi" : (full.split("/")[2] ?? "api")],
      summary: `${row.method} ${path}`,
      description: row.guards.length ? `Who may call it: ${row.guards.map((g) => GUARD_TEXT[g] ?? g).join("; ")}.` : "Open to anyone.",
      "x-guards": row.guards,
      ...(tokenScope ? { "x-token-scope": tokenScope } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { [body.target === "form" ? "application/x-www-form-urlencoded" : "application/json"]: { schema: jsonSchema(body.schema, "input") } },
            },
          }
        : writes
          ? {
              requestBody: { required: false, description: "Checked by the service it calls", content: { "application/json": { schema: { type: "object" } } } },
            }
          : {}),
      ...(row.guards.some((g) => g in GUARD_TEXT && g !== "guest") ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      responses: {
        [String(answer?.status ?? (row.method === "POST" ? "2XX" : "200"))]: {
          description: "Success",
          content: { [answer?.type ?? "application/json"]: { schema: answer ? jsonSchema(answer.schema, "output") : {} } },
        },
        ...Object.fromEntries(
          Object.entries(ERROR_CODES).map(([status, description]) => [
            status,
            { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
          ]),
        ),
      },
    };
    paths[path] ??= {};
    paths[path][row.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Thinking Format API",
      version: "1",
      description:
        "The API of the site and the business cabinet. A company's systems call `/api/business/*` with a company API token (`Authorization: Bearer tf_…`), made by the owner in the cabinet under Integrations, within its scopes (`x-token-scope`).",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A session token, or a company API token (`tf_…`) on /api/business/*" },
        cookie: { type: "apiKey", in: "cookie", name: "token" },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string" },
                message: { type: "string" },
                fields: { type: "object", additionalProperties: { type: "string" } },
              },
            },
          },
        },
      },
    },
    paths,
  };
}
