// The OpenAPI description of /api: valid OpenAPI 3.1 (checked by a validator of the 3.1 schema),
// covering every API route of the route table with its guards, and carrying the very schemas the
// routes validate with; its reference page is readable without any script.
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { api as apiApp } from "../../server/api";
import { routeSchemaOf } from "../../server/lib/validate";
import { plainPath, routeTable } from "../../server/route-table";
import { tokenSchema } from "../../server/services/business/api-tokens";
import { checkAnswer } from "../answer-check";
import { createTestApp, type TestApp } from "../helpers";

/** The parts of the OpenAPI document the tests read. */
interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  $ref?: string;
}
interface Operation {
  "x-guards": string[];
  "x-token-scope"?: string;
  parameters: { name: string; in: string; required?: boolean }[];
  requestBody: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content: Record<string, { schema: JsonSchema }> }>;
}
// (a type, not an interface: the validator takes a plain record)
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.json("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
}, 60_000);
afterAll(() => t.close());

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("/api/openapi.json", () => {
  it("validates against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every API route of the route table, with its guards and the error shape", () => {
    const api = routeTable(t.app).filter((r) => r.path.startsWith("/api/"));
    expect(api.length).toBeGreaterThan(200);
    const missing = api.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    for (const r of api) {
      const op = doc.paths[openApiPath(r.path)]![r.method.toLowerCase()]!;
      expect(op["x-guards"], `${r.method} ${r.path}`).toEqual(r.guards);
      expect(op.responses["403"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      for (const name of r.path.match(/:([A-Za-z0-9_]+)/g) ?? []) expect(op.parameters.map((p) => p.name)).toContain(name.slice(1));
    }
  });

  it("carries the schemas the routes validate with, the token scope a call needs and the answers declared", () => {
    const create = doc.paths["/api/business/integrations/tokens"]!.post!;
    const own = z.toJSONSchema(tokenSchema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    expect(create.requestBody.content["application/json"].schema.properties).toEqual(own.properties);
    expect(create.responses["201"].content["application/json"].schema.required).toEqual(expect.arrayContaining(["token", "hint", "scopes"]));
    expect(doc.paths["/api/business/candidates"]!.post!["x-token-scope"]).toBe("invites:write");
    expect(doc.paths["/api/business/candidates"]!.post!.requestBody.content["application/json"].schema.properties?.externalId).toBeDefined();
    expect(doc.paths["/api/business/candidates"]!.get!.parameters).toContainEqual(expect.objectContaining({ name: "position", in: "query", required: true }));
    expect(doc.paths["/api/business/employees"]!.post!["x-token-scope"]).toBe("people:read");
  });

  it("every API test's answer is checked against its route's declared answer (a drifted one fails the test)", async () => {
    const asJson = { status: 200, headers: { "content-type": "application/json" } };
    const drifted = new Response(JSON.stringify({ docs: [{ _id: "x", name: 1 }] }), asJson);
    await expect(checkAnswer("GET", "/api/business/integrations/tokens?project=1", drifted)).rejects.toThrow("declared schema refuses");
    const fine = new Response(JSON.stringify({ docs: [] }), asJson);
    await expect(checkAnswer("GET", "/api/business/integrations/tokens", fine)).resolves.toBeUndefined();
  });

  it("every API route declares its answer, and the description carries it", () => {
    const answered = new Set(apiApp.routes.filter((r) => routeSchemaOf(r.handler)?.target === "answer").map((r) => `${r.method} /api${plainPath(r.path)}`));
    // a route added without `answers()` fails here
    expect(
      routeTable(apiApp)
        .map((r) => `${r.method} /api${r.path}`)
        .filter((r) => !answered.has(r)),
    ).toEqual([]);
    for (const route of answered) {
      const [method, path] = route.split(" ") as [string, string];
      const op = doc.paths[openApiPath(path)][method.toLowerCase()];
      const [, success] = Object.entries(op.responses as Record<string, { content: Record<string, { schema: object }> }>).find(([status]) =>
        /^2/.test(status),
      )!;
      expect(Object.values(success.content)[0]!.schema, route).not.toEqual({});
    }
  });

  it("has a readable reference page with no script, in the reader's language", async () => {
    const res = await t.json("GET", "/api/reference", undefined, { locale: "en" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("Thinking Format API reference");
    expect(html).toContain("/api/business/integrations/webhooks/{id}/test");
    expect(html).toContain('name="viewport"');
    const ru = await (await t.json("GET", "/api/reference", undefined, { locale: "ru" })).text();
    expect(ru).toContain("Справочник API");
  });
});
