// /api/manager/user: users in the back-office (spec manager §7), from the resource declaration
// (server/admin/resources/users.ts) plus its own calls.
import { pathId } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { resourceApi } from "../../admin/api";
import { getResource, listResource, parseListQuery } from "../../admin/resource";
import { userResource } from "../../admin/resources/users";
import { activateUser, addInvites, addInviteSchema, deleteUserByManager, sendReportPdf, startMasqueradeFor, userLogs, userResults } from "../../admin/users";
import { toUserDoc } from "../../services/users";
import { users } from "../../../db/schema";
import { eq } from "drizzle-orm";
import { z } from "zod";

const idBody = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/) });

export const managerUsersApi = resourceApi(userResource, (app) =>
  app
    .get("/paid-list", async (c) => c.json(await listResource(c.var.deps.db, userResource, parseListQuery(userResource, c.req.query()), [eq(users.isFull, true)])))
    .post("/add-invite", validate("json", addInviteSchema), async (c) => c.json(await addInvites(c, c.req.valid("json"))))
    .post("/send-pdf", validate("json", idBody), async (c) => c.json(await sendReportPdf(c, c.req.valid("json").id)))
    .get("/:id/logs", async (c) => c.json(await userLogs(c.var.deps.db, pathId(c), c.req.query())))
    .get("/:id/results", async (c) => c.json({ docs: await userResults(c.var.deps.db, pathId(c)) }))
    .put("/:id/activate", async (c) => {
      const id = pathId(c);
      await activateUser(c, id);
      return c.json(await getResource(c.var.deps.db, userResource, id, { populate: ["invite"] }));
    })
    .delete("/:id", async (c) => {
      await deleteUserByManager(c, pathId(c));
      return c.json({ deleted: true });
    })
    .post("/:id/masq", async (c) => {
      const { token, user } = await startMasqueradeFor(c, pathId(c));
      return c.json({ token, user: await toUserDoc(c.var.deps.db, user) });
    }),
);
