// Each back-office resource's own API calls beside the generated ones (resources.ts), by the
// resource's `name`; registered before the generated routes, so they win over `/{id}`. The handlers
// only translate HTTP: the work is the back-office functions' (server/admin/), called with the
// manager's scope.
import * as M from "./answer-schemas";
import type { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { reports, results, users } from "../../../db/schema";
import {
  createReport,
  questionEditSchema,
  REPORT_LANGS,
  REPORT_TYPES,
  reportBodySchema,
  reportCreateSchema,
  setTestActive,
  updateQuestion,
  updateReport,
} from "../../admin/content";
import { couponUsers, setCouponDisabled } from "../../admin/coupons";
import { cancelOrder, checkWithProvider, creditManually, creditSchema, refundOrder, refundSchema } from "../../admin/money";
import { uploadReviewPhoto } from "../../admin/photos";
import { changeOwner, changeOwnerSchema, deleteProject, projectLists, projectPaging } from "../../admin/projects";
import { deleteReferral, referralUsers, retireReferral } from "../../admin/referrals";
import { resultResource } from "../../admin/resources/results";
import { getResource, listResource, parseListQuery, type ResourceDef } from "../../admin/resource";
import { formatCodeOf } from "../../admin/resources/reports";
import { deleteAnswer, formatRequestSchema, neuralCount, recheck, resetResultOf, restoreResetResult, setFormat, setFormatSchema } from "../../admin/results";
import { filterList, filterListQuery } from "../../admin/result-queue";
import { deleteReview, publishReview } from "../../admin/reviews";
import { activateUser, addInvites, addInviteSchema, deleteUserByManager, sendReportPdf, startMasqueradeFor, userLogs, userResults } from "../../admin/users";
import { badRequest, notFound } from "../../lib/errors";
import { setSessionCookies } from "../../lib/http";
import { idSchema, pathId, ID_PARAM, idParam } from "../../lib/ids";
import { answers, parseInput, validate } from "../../lib/validate";
import { guard } from "../../middleware/guards";
import { masqueradeSchema } from "../../services/masquerade";
import { referralStat } from "../../services/referrals";
import { toUserDoc } from "../../services/users";
import type { ManagerEnv } from ".";
import { ifMatch, withEtag } from "./resources";

type Routes = (app: Hono<ManagerEnv>, def: ResourceDef) => void;
const idBody = z.object({ id: idSchema() });

export const RESOURCE_ROUTES: Record<string, Routes> = {
  users: (app, def) =>
    app
      .get("/paid-list", answers(M.list), async (c) =>
        c.json(await listResource(c.get("scope").db, def, parseListQuery(def, c.req.query()), [eq(users.isFull, true)])),
      )
      .post("/add-invite", validate("json", addInviteSchema), answers(M.invitesAdded), async (c) =>
        c.json(await addInvites(c.get("scope"), c.req.valid("json"))),
      )
      .post("/send-pdf", validate("json", idBody), answers(M.pdfSent), async (c) => c.json(await sendReportPdf(c.get("scope"), c.req.valid("json").id)))
      .get(`/${ID_PARAM}/logs`, answers(M.list), async (c) => c.json(await userLogs(c.get("scope").db, pathId(c), c.req.query())))
      .get(`/${ID_PARAM}/results`, answers(M.records), async (c) => c.json({ docs: await userResults(c.get("scope").db, pathId(c)) }))
      .put(`/${ID_PARAM}/activate`, answers(M.user), async (c) => {
        const id = pathId(c);
        await activateUser(c.get("scope"), id);
        return c.json(await getResource(c.get("scope").db, def, id, { populate: ["invite"] }));
      })
      .delete(`/${ID_PARAM}`, answers(M.deleted), async (c) => {
        await deleteUserByManager(c.get("scope"), pathId(c));
        return c.json({ deleted: true });
      })
      // {reason, mode}: a reason is required, the mode is read-only unless "full" is asked for
      .post(`/${ID_PARAM}/masq`, validate("json", masqueradeSchema), answers(M.masquerade), async (c) => {
        const { token, user } = await startMasqueradeFor(c.get("scope"), pathId(c), c.req.valid("json"));
        setSessionCookies(c, token, user.id, "masqToken");
        return c.json({ token, user: await toUserDoc(c.get("scope").db, user) });
      }),

  projects: (app, def) =>
    app
      .post("/change-owner", validate("json", changeOwnerSchema), answers(M.ownerChanged), async (c) => {
        const { projectId, email } = c.req.valid("json");
        return c.json(await changeOwner(c.get("scope"), projectId, email));
      })
      .get(`/${ID_PARAM}`, answers(M.projectWithLists), async (c) => {
        const id = pathId(c);
        const { page, limit } = parseInput(c.get("t"), projectPaging, { page: c.req.query("page"), limit: c.req.query("limit") });
        const doc = await getResource(c.get("scope").db, def, id, { populate: ["owner"] });
        await withEtag(c, def, id);
        return c.json({ ...doc, ...(await projectLists(c.get("scope").db, id, page, limit)) });
      })
      .delete(`/${ID_PARAM}`, answers(M.deleted), async (c) => {
        await deleteProject(c.get("scope"), pathId(c));
        return c.json({ deleted: true });
      }),

  reviews: (app) =>
    app
      // the photo alone (multipart field `file`) → {img}, for the JSON create and update
      .post("/photo", answers(M.photo, 201), async (c) => {
        const file = (await c.req.parseBody()).file;
        if (!(file instanceof File)) throw badRequest("errors.validation", { file: "common.validation.required" });
        return c.json({ img: await uploadReviewPhoto(c.get("scope"), file, "file") }, 201);
      })
      .put(`/${ID_PARAM}/approve`, answers(M.published), async (c) => {
        await publishReview(c.get("scope"), pathId(c), true);
        return c.json({ isPublished: true });
      })
      .put(`/${ID_PARAM}/hide`, answers(M.published), async (c) => {
        await publishReview(c.get("scope"), pathId(c), false);
        return c.json({ isPublished: false });
      })
      .delete(`/${ID_PARAM}`, answers(M.deleted), async (c) => {
        await deleteReview(c.get("scope"), pathId(c));
        return c.json({ deleted: true });
      }),

  coupons: (app) =>
    app
      .get(`/${ID_PARAM}/users`, answers(M.records), async (c) => c.json({ docs: await couponUsers(c.get("scope").db, pathId(c)) }))
      .put(`/${ID_PARAM}/disable`, answers(M.disabled), async (c) => {
        await setCouponDisabled(c.get("scope"), pathId(c), true);
        return c.json({ disabled: true });
      })
      .put(`/${ID_PARAM}/enable`, answers(M.disabled), async (c) => {
        await setCouponDisabled(c.get("scope"), pathId(c), false);
        return c.json({ disabled: false });
      }),

  // money actions: an API client has its own confirmation (the pages ask first)
  orders: (app) =>
    app
      .post(`/${ID_PARAM}/refund`, validate("json", refundSchema), answers(M.refunded), async (c) =>
        c.json(await refundOrder(c.get("scope"), pathId(c), c.req.valid("json"))),
      )
      .post(`/${ID_PARAM}/check`, answers(M.checked), async (c) => c.json(await checkWithProvider(c.get("scope"), pathId(c))))
      .post(`/${ID_PARAM}/credit`, validate("json", creditSchema), answers(M.orderState), async (c) => {
        await creditManually(c.get("scope"), pathId(c), c.req.valid("json"));
        return c.json({ state: "paid" });
      })
      .post(`/${ID_PARAM}/cancel`, answers(M.orderState), async (c) => {
        await cancelOrder(c.get("scope"), pathId(c));
        return c.json({ state: "cancelled" });
      }),

  referrals: (app) =>
    app
      .get(`/${ID_PARAM}/users`, answers(M.records), async (c) => c.json({ docs: await referralUsers(c.get("scope").db, pathId(c)) }))
      .get(`/${ID_PARAM}/stat`, answers(M.referralStat), async (c) => c.json(await referralStat(c.get("scope").db, pathId(c))))
      .put(`/${ID_PARAM}/retire`, answers(M.retired), async (c) => {
        await retireReferral(c.get("scope"), pathId(c), true);
        return c.json({ retired: true });
      })
      .put(`/${ID_PARAM}/reactivate`, answers(M.retired), async (c) => {
        await retireReferral(c.get("scope"), pathId(c), false);
        return c.json({ retired: false });
      })
      .delete(`/${ID_PARAM}`, answers(M.deleted), async (c) => {
        await deleteReferral(c.get("scope"), pathId(c));
        return c.json({ deleted: true });
      }),

  reports: (app, def) =>
    app
      .post("/", validate("json", reportCreateSchema), answers(M.record, 201), async (c) =>
        c.json(await getResource(c.get("scope").db, def, (await createReport(c.get("scope"), c.req.valid("json"))).id, { populate: ["fm"] }), 201),
      )
      .put(`/${ID_PARAM}`, validate("json", reportBodySchema), answers(M.record), async (c) => {
        const id = pathId(c);
        await updateReport(c.get("scope"), id, c.req.valid("json"), { version: ifMatch(c) });
        await withEtag(c, def, id);
        return c.json(await getResource(c.get("scope").db, def, id, { populate: ["fm"] }));
      })
      // one format's report of a type, in the asked language (`language`, default the request's)
      .get(
        "/:type/:id",
        validate("param", z.object({ type: z.enum(REPORT_TYPES), id: z.string().max(40) })),
        validate("query", z.object({ language: z.enum(REPORT_LANGS).optional() })),
        answers(M.record),
        async (c) => {
          const db = c.get("scope").db;
          const code = await formatCodeOf(db, c.req.valid("param").id);
          const language = c.req.valid("query").language ?? c.get("locale");
          const [row] = await db
            .select()
            .from(reports)
            .where(and(eq(reports.formatCode, code), eq(reports.type, c.req.valid("param").type), eq(reports.language, language)));
          if (!row) throw notFound();
          await withEtag(c, def, row.id);
          return c.json(await getResource(db, def, row.id, { populate: ["fm"] }));
        },
      ),

  results: (app, def) =>
    app
      .get("/progress", answers(M.list), async (c) =>
        c.json(await listResource(c.get("scope").db, def, parseListQuery(def, c.req.query()), [eq(results.isCompleted, false)])),
      )
      .post("/filter-list", validate("json", z.record(z.string(), z.unknown())), answers(M.queue), async (c) =>
        c.json(await filterList(c.get("scope").db, filterListQuery(c.req.valid("json")))),
      )
      .post("/format", validate("json", formatRequestSchema), answers(M.recheck), async (c) =>
        c.json(await recheck(c.get("scope").db, c.req.valid("json").id, false)),
      )
      .post("/new-format", validate("json", formatRequestSchema), answers(M.recheck), async (c) =>
        c.json(await recheck(c.get("scope").db, c.req.valid("json").id, true)),
      )
      .get("/neural/count", answers(M.neuralCount), async (c) => c.json(await neuralCount(c.get("scope").db)))
      // a GET that writes (the spec's): only with the Authorization header, never a cookie alone
      .get(`/${ID_PARAM}/reset`, guard("bearer"), answers(M.resultReset), async (c) => {
        const fresh = await resetResultOf(c.get("scope"), pathId(c));
        return c.json({ _id: fresh.id, user: fresh.userId, test: fresh.testId, isCompleted: fresh.isCompleted });
      })
      // undoes a reset while its retake is unfinished (409 otherwise): the reset result is current again
      .post(`/${ID_PARAM}/restore`, answers(M.restored), async (c) => c.json({ restored: await restoreResetResult(c.get("scope"), pathId(c)) }))
      .delete(`/${idParam("resultId")}/delete/answer/${idParam("answerId")}`, answers(M.deletedId), async (c) =>
        c.json(await deleteAnswer(c.get("scope"), pathId(c, "resultId"), pathId(c, "answerId"))),
      ),

  // the rechecker's calls share the formats' prefix (spec manager §7): {resultId} is a result
  formats: (app) =>
    app
      .get(`/${idParam("resultId")}`, answers(M.recheck), async (c) => {
        const id = pathId(c, "resultId");
        const r = await recheck(c.get("scope").db, id, false);
        await withEtag(c, resultResource, id);
        return c.json(r);
      })
      .put(`/${idParam("resultId")}`, validate("json", setFormatSchema), answers(M.recheck), async (c) => {
        const id = pathId(c, "resultId");
        const r = await setFormat(c.get("scope"), id, c.req.valid("json"), { version: ifMatch(c) });
        await withEtag(c, resultResource, id);
        return c.json(r);
      }),

  // switching a test off or back on (the last active one stays on: 409)
  tests: (app) =>
    app.put(`/${ID_PARAM}/active`, validate("json", z.object({ isActive: z.boolean() })), answers(M.testActive), async (c) => {
      await setTestActive(c.get("scope"), pathId(c), c.req.valid("json").isActive);
      return c.json({ isActive: c.req.valid("json").isActive });
    }),

  questions: (app, def) =>
    app.put(`/${ID_PARAM}`, validate("json", questionEditSchema.strict()), answers(M.question), async (c) => {
      const id = pathId(c);
      const { scoringVersion } = await updateQuestion(c.get("scope"), id, c.req.valid("json"), { version: ifMatch(c) });
      await withEtag(c, def, id);
      return c.json({ ...(await getResource(c.get("scope").db, def, id, { populate: ["analysis"] })), scoringVersion });
    }),
};
