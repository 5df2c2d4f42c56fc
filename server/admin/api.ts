// The list API a resource declaration gives: GET / (the list with page, limit, sort, populate,
// exclude, match, q), POST / (the create schema), GET /{id} (populate, exclude), PUT /{id} (the form's schema) and the
// resource's own routes, which `extend` registers first so they win over `/{id}`.
import { Hono } from "hono";
import type { GuardedEnv } from "../middleware/guards";
import { pathId } from "../lib/ids";
import { parseNameList } from "../lib/listing";
import { validate } from "../lib/validate";
import { createResource, getResource, listResource, parseListQuery, updateResource, type ResourceDef } from "./resource";

type ManagerEnv = GuardedEnv<["admin"]>;

export function resourceApi(def: ResourceDef, extend?: (app: Hono<ManagerEnv>) => void) {
  const app = new Hono<ManagerEnv>();
  extend?.(app);
  app.get("/", async (c) => c.json(await listResource(c.get("deps").db, def, parseListQuery(def, c.req.query()))));
  if (def.create) {
    app.post("/", validate("json", def.create.schema.strict()), async (c) => {
      const id = await createResource(c, def, c.req.valid("json") as Record<string, unknown>);
      return c.json(await getResource(c.get("deps").db, def, id, { populate: def.detailPopulate }), 201);
    });
  }
  app.get("/:id", async (c) => {
    const populate = parseNameList(c.req.query("populate"), Object.keys(def.populate ?? {}), "populate");
    const exclude = parseNameList(c.req.query("exclude"), def.exclude ?? [], "exclude");
    return c.json(await getResource(c.get("deps").db, def, pathId(c), { populate, exclude }));
  });
  if (def.form) {
    const schema = def.form.schema.strict();
    app.put("/:id", validate("json", schema), async (c) => {
      const id = pathId(c);
      await updateResource(c, def, id, c.req.valid("json") as Record<string, unknown>);
      return c.json(await getResource(c.get("deps").db, def, id, { populate: def.detailPopulate }));
    });
  }
  return app;
}
