// What the back-office's calls answer, as JSON with dates as ISO strings: declared on each route
// with `answers()`, published by the OpenAPI description and held against every answer the API tests
// receive. A generated resource's record is its declaration's fields (some populated into objects on
// request), so it is described by what every record has: its `_id`.
import { z } from "zod";
import { at, docsOf } from "../business/answer-schemas";
import { me } from "../answer-schemas";

const id = z.string();
const num = z.number();
const paged = { page: z.int(), limit: z.int(), total: z.int(), pages: z.int() };

/** A record of a back-office resource: its `_id` and its declaration's fields. */
export const record = z.object({ _id: id }).loose();
export const list = z.object({ docs: z.array(record), ...paged });
export const records = docsOf(record);
export const deleted = z.object({ deleted: z.literal(true) });
export const deletedId = z.object({ deleted: id });
export const spreadsheet = z.string();

// ------------------------------------------------------------------ people and projects
export const user = me.extend({ format: z.union([z.string(), z.object({ code: z.string() }).loose()]).nullable() }).loose();
export const masquerade = z.object({ token: z.string(), user: me });
export const invitesAdded = z.object({ project: id, inviteBalance: z.int() });
export const pdfSent = z.object({ sent: z.boolean(), result: id });
export const projectWithLists = record.extend({
  employees: z.object({ docs: z.array(record) }).loose(),
  invites: z.object({ docs: z.array(record) }).loose(),
  orders: z.object({ docs: z.array(record) }).loose(),
});
export const ownerChanged = z.object({ _id: id, owner: id });
export const businessCreated = z.object({ user: record, project: record });
export const managerChanged = z.object({ _id: id, role: z.string().optional(), isActive: z.boolean().optional() });
export const managerRemoved = z.object({ _id: id, removed: z.literal(true) });

// ------------------------------------------------------------------ requests from the forms
export const requestThread = z.object({
  request: record,
  mails: z.array(z.record(z.string(), z.unknown())),
  history: z.array(z.record(z.string(), z.unknown())),
  replyTo: z.string().nullable(),
});
export const requestStatus = z.object({ _id: id, source: z.string(), status: z.string() });
export const replied = z.object({ _id: id, to: z.string(), subject: z.string(), replyTo: z.string().nullable() });

// ------------------------------------------------------------------ results and formats
/** A result's format as the rechecker sees it: the network's, the rules', the stored one. */
export const recheck = z.object({
  format: z.string().nullable(),
  array: z.array(num),
  formats: z.array(z.string()),
  network: z.record(z.string(), z.unknown()).nullable(),
  stored: z.record(z.string(), z.unknown()).nullable(),
  rule: z.string().nullable(),
  disagree: z.boolean(),
  quality: z.record(z.string(), z.unknown()).nullable(),
  answered: z.int(),
  isCompleted: z.boolean(),
  isCorrect: z.boolean(),
  isDoubt: z.boolean(),
});
export const resultReset = z.object({ _id: id, user: id, test: id, isCompleted: z.boolean() });
export const restored = z.object({ restored: z.boolean() });
export const queue = list.extend({ newCount: z.int() });
export const neuralCount = z.object({ confirmed: z.int(), usedByModel: z.int(), new: z.int(), modelVersion: z.string().nullable() });
export const question = record.extend({ scoringVersion: z.string().nullable() });
export const testActive = z.object({ isActive: z.boolean() });

// ------------------------------------------------------------------ money, coupons, referrals, reviews
export const refunded = z.object({ _id: id, state: z.string(), refundedAmount: num, refund: id });
export const checked = z.object({ outcome: z.string(), state: z.string() });
export const orderState = z.object({ state: z.enum(["paid", "cancelled"]) });
export const credited = z.object({ credited: z.boolean() });
export const unmarked = z.object({ unmarked: z.literal(true) });
export const disabled = z.object({ disabled: z.boolean() });
export const retired = z.object({ retired: z.boolean() });
export const referralStat = z.object({ _id: id, code: z.string(), link: z.string(), stat: z.record(z.string(), z.unknown()) });
export const published = z.object({ isPublished: z.boolean() });
export const photo = z.object({ img: z.string() });

// ------------------------------------------------------------------ settings and statistics
export const setting = z.object({ _id: z.string(), value: z.unknown() });
export const seller = z.object({ seller: z.record(z.string(), z.unknown()).nullable() });
export const settingSaved = z.union([seller, setting]);
export const overall = z.object({
  users: z.int(),
  paidUsers: z.int(),
  businessUsers: z.int(),
  projects: z.int(),
  completedResults: z.int(),
  resultsInProgress: z.int(),
  confirmedResults: z.int(),
  doubtfulResults: z.int(),
  paidOrders: z.int(),
  revenue: num,
});
export const series = docsOf(z.record(z.string(), z.unknown()));
export { at };
