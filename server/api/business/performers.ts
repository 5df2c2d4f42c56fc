// /api/business/positions/{id}/performers and …/calibration: "model after top performers" (not in
// the spec). The owner marks the people who do the job well, reads the target calibrated from them
// with the ranking's change, and adopts it; the services (server/services/business/performers.ts)
// allow the owner (and the back-office admin) only. GET …/calibration answers the position's version
// as `ETag`; adopting with `If-Match` naming an older one is refused with 409, as a position edit is.
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { idSchema, pathId } from "../../lib/ids";
import { answers, validate } from "../../lib/validate";
import { etagOf, ifMatch } from "../../lib/versions";
import { guard, type GuardedEnv } from "../../middleware/guards";
import * as biz from "../../services/business";

const scope = (c: Context<GuardedEnv<["project"]>>) => c.get("scope");
const inProject = guard("project");

async function withVersion(c: Context, positionId: string, body: unknown) {
  const version = await biz.versionOf(c.get("scope").db, "position", positionId);
  if (version) c.header("ETag", etagOf(version));
  return c.json(body);
}

// the answers as JSON, for the OpenAPI description and the tests that check them
const id = idSchema();
const performers = z.object({
  docs: z.array(z.object({ _id: id, name: z.string(), markedAt: z.iso.datetime(), counted: z.boolean() })),
});
const activity = z.object({
  name: z.string(),
  communication: z.enum(biz.COMMUNICATION),
  decision: z.enum(biz.DECISION),
  client: z.boolean().nullish(),
  breadth: z.enum(biz.BREADTH).nullish(),
  method: z.enum(biz.METHOD).nullish(),
  priority: z.number().nullish(),
});
const target = z.object({ presentation: z.number(), volume: z.number(), formats: z.array(z.object({ code: z.string(), efficiency: z.number() })) }).nullable();
const dimension = z.object({ current: z.number(), mean: z.number(), spread: z.number(), shift: z.number() }).nullable();
const place = z.object({ rank: z.int(), efficiency: z.number() });
const row = z.object({
  _id: id,
  name: z.string(),
  performer: z.boolean(),
  before: place,
  after: place,
  reason: z.object({ kind: z.enum(["structure", "pace", "volume", "anxiety"]), points: z.number(), text: z.string() }).nullable(),
});
const calibration = z.object({
  position: z.object({ _id: id, name: z.string() }),
  performers: z.array(z.object({ _id: id, name: z.string(), counted: z.boolean() })),
  status: z.enum(["tooFew", "dissimilar", "unchanged", "ready"]),
  message: z.string(),
  counted: z.int(),
  dissimilar: z.array(z.enum(["pace", "volume", "method"])),
  pace: dimension,
  volume: dimension,
  suggestion: z.string().nullable(),
  current: z.object({ target, activities: z.array(activity) }),
  calibrated: z.object({ target, activities: z.array(activity) }),
  changes: z.array(
    z.object({ index: z.int(), name: z.string(), field: z.enum(["decision", "breadth", "method"]), from: z.string(), to: z.string(), text: z.string() }),
  ),
  ranking: z.object({
    topN: z.int(),
    measured: z.int(),
    before: z.array(row),
    after: z.array(row),
    movedIn: z.array(row.extend({ note: z.string().nullable() })),
    movedOut: z.array(row.extend({ note: z.string().nullable() })),
    performers: z.array(row),
  }),
});
const position = z.object({ _id: id, name: z.string(), tasks: z.array(activity.extend({ _id: id })) });

export const performersApi = new Hono<AppEnv>();
performersApi.get("/:id/performers", inProject, answers(performers), async (c) => c.json(await biz.listPerformers(scope(c), { position: pathId(c) })));
// the whole list of marked people (an empty one clears them)
performersApi.put("/:id/performers", inProject, validate("json", biz.performersSchema), answers(performers), async (c) =>
  c.json(await biz.setPerformers(scope(c), { position: pathId(c), ...c.req.valid("json") })),
);
performersApi.get("/:id/calibration", inProject, answers(calibration), async (c) =>
  withVersion(c, pathId(c), await biz.positionCalibration(scope(c), { position: pathId(c), locale: c.get("locale") })),
);
// adopts the suggestion named (its id from GET …/calibration), on the position version named by If-Match
performersApi.post("/:id/calibration/adopt", inProject, validate("json", biz.adoptSchema), answers(position), async (c) => {
  const doc = await biz.adoptCalibration(scope(c), { position: pathId(c), ...c.req.valid("json") }, { version: ifMatch(c) });
  return withVersion(c, doc._id, doc);
});
