// The list API a resource declaration gives: GET / (the list with page, limit, sort, populate,
// exclude, match, q), POST / (the create schema), GET /{id} (populate, exclude; the record's version
// as `ETag`), PUT /{id} (the form's schema; `If-Match` with that version makes it refuse, 409, a
// save over a change made since) and the resource's own routes (resource-routes.ts), registered
// first so they win over `/{id}`.
import * as M from "./answer-schemas";
import { Hono, type Context } from "hono";
import { findRow, createResource, getResource, listResource, parseListQuery, updateResource, type ResourceDef } from "../../admin/resource";
import { etagOf, ifMatch, recordVersion } from "../../lib/versions";
import { ID_PARAM, pathId } from "../../lib/ids";
import { parseNameList } from "../../lib/listing";
import { answers, validate } from "../../lib/validate";
import type { ManagerEnv } from ".";

/** `If-Match` of a PUT, as the version the client read (none: the spec's unconditional save). */
export { ifMatch };

/** Sets `ETag` to the record's current version. */
export async function withEtag(c: Context, def: ResourceDef, id: string) {
  c.header("ETag", etagOf(recordVersion(await findRow(c.get("scope").db, def, id))));
}

export function resourceApi(def: ResourceDef, extend?: (app: Hono<ManagerEnv>) => void) {
  const app = new Hono<ManagerEnv>();
  extend?.(app);
  app.get("/", answers(M.list), async (c) => c.json(await listResource(c.get("scope").db, def, parseListQuery(def, c.req.query()))));
  if (def.create) {
    app.post("/", validate("json", def.create.schema.strict()), answers(M.record, 201), async (c) => {
      const id = await createResource(c.get("scope"), def, c.req.valid("json") as Record<string, unknown>);
      return c.json(await getResource(c.get("scope").db, def, id, { populate: def.detailPopulate }), 201);
    });
  }
  app.get(`/${ID_PARAM}`, answers(M.record), async (c) => {
    const id = pathId(c);
    const populate = parseNameList(c.req.query("populate"), Object.keys(def.populate ?? {}), "populate");
    const exclude = parseNameList(c.req.query("exclude"), def.exclude ?? [], "exclude");
    const doc = await getResource(c.get("scope").db, def, id, { populate, exclude });
    await withEtag(c, def, id);
    return c.json(doc);
  });
  if (def.form) {
    const schema = def.form.schema.strict();
    app.put(`/${ID_PARAM}`, validate("json", schema), answers(M.record), async (c) => {
      const id = pathId(c);
      await updateResource(c.get("scope"), def, id, c.req.valid("json") as Record<string, unknown>, { version: ifMatch(c) });
      const doc = await getResource(c.get("scope").db, def, id, { populate: def.detailPopulate });
      await withEtag(c, def, id);
      return c.json(doc);
    });
  }
  return app;
}
