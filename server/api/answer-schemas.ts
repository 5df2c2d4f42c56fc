// What the site's own calls answer (the person's account, the test, results, reports, orders,
// reviews, leads), as JSON with dates as ISO strings: declared on each route with `answers()`, as
// the cabinet's are (business/answer-schemas.ts), published by the OpenAPI description and held
// against every answer the API tests receive.
import { z } from "zod";
import { at, docsOf } from "./business/answer-schemas";

const id = z.string();
const num = z.number();
const localized = z.object({ ru: z.string(), en: z.string() });
const paged = { page: z.int(), limit: z.int(), total: z.int(), pages: z.int() };
export const done = z.object({ ok: z.literal(true) });
export const session = z.object({ token: z.string(), _id: id });

// ------------------------------------------------------------------ the test and its results
const indicators = z.record(z.string(), num);
const quality = z.object({ grade: z.string(), flags: z.array(z.string()) });
export const result = z.object({
  _id: id,
  test: id,
  isCompleted: z.boolean(),
  format: z.string().nullable(),
  probability: num.nullable(),
  runnerUp: z.string().nullable(),
  runnerUpProbability: num.nullable(),
  indicators: indicators.nullable(),
  quality: quality.nullable(),
  isDoubt: z.boolean(),
  modelVersion: z.string().nullable(),
  scoringVersion: z.string().nullable(),
  createdAt: at,
  lastAnswerAt: at.nullable(),
  completedAt: at.nullable(),
});
const progress = z.object({ answered: z.int(), total: z.int(), next: z.int().nullable(), minutesLeft: num });
export const resultInProgress = result.extend({ progress });
export const started = resultInProgress.extend({ answers: z.record(z.string(), z.int()) });
export const answered = z.object({ progress, completed: z.boolean(), result: result.nullable() });
export const results = z.object({ docs: z.array(result), current: resultInProgress.nullable() });
const test = z.object({ _id: id, name: z.string(), description: z.string(), questions: z.int(), minutes: num, needsCode: z.boolean(), date: at });
export const tests = docsOf(test);
export const testWithQuestions = test.extend({ questions: z.array(z.object({ _id: id, position: z.int(), text: z.string() })) });
export const format = z.object({
  _id: id,
  code: z.string(),
  position: z.int(),
  structure: z.string(),
  volume: z.string(),
  presentation: z.string(),
  name: localized,
  description: localized,
});
export const resultFormat = z.object({ format, probability: num.nullable(), runnerUp: z.string().nullable() });

// ------------------------------------------------------------------ reports
const section = z.object({ key: z.string(), tab: z.string(), title: z.string(), text: z.string(), teaser: z.string(), locked: z.boolean() });
const reportBase = z.object({
  type: z.string(),
  language: z.string(),
  format: z.object({ code: z.string(), name: z.string(), description: z.string() }),
  title: z.string(),
  text: z.string(),
  sections: z.array(section),
});
/** A person's own report (base or full; the full one's sections locked until bought). */
export const report = reportBase.extend({
  result: id,
  certainty: z.object({
    probability: num.nullable(),
    runnerUp: z.string().nullable(),
    runnerUpProbability: num.nullable(),
    between: z.boolean(),
    rulesLead: z.boolean(),
    confirmed: z.boolean(),
  }),
  quality: quality.nullable(),
  isDoubt: z.boolean(),
  indicators,
  advice: z.record(z.string(), z.string()),
});
/** A format's business report, or (`employee`) one employee's with fit and skills. */
export const businessReport = reportBase.extend({
  employee: z
    .object({
      _id: id,
      name: z.string(),
      department: z.object({ _id: id, name: z.string() }).nullable(),
      position: z.object({ _id: id, name: z.string() }).nullable(),
    })
    .optional(),
  indicators: indicators.nullable().optional(),
  efficiency: z.record(z.string(), z.unknown()).nullable().optional(),
  skills: z.record(z.string(), z.unknown()).nullable().optional(),
  shared: z.boolean().optional(),
  status: z.string().optional(),
});

// ------------------------------------------------------------------ the account
export const me = z.object({
  _id: id,
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  city: z.string().nullable(),
  age: num.nullable(),
  gender: z.string().nullable(),
  PersonnelId: z.string().nullable(),
  balance: num,
  role: z.string(),
  isActive: z.boolean(),
  isBusiness: z.boolean(),
  isManager: z.boolean(),
  isCompleted: z.boolean(),
  isFull: z.boolean(),
  isConfirmed: z.boolean(),
  alert: num,
  locale: z.enum(["ru", "en"]),
  createdAt: at,
  format: z.object({ code: z.string(), name: localized }).nullable(),
});
export const resent = z.object({ sent: z.boolean(), confirmed: z.boolean(), wait: num });
export const myInvites = docsOf(z.object({ _id: id, project: z.object({ _id: id, name: z.string() }), status: z.string(), link: z.string(), createdAt: at }));
export const inviteAccepted = z.object({ _id: id, status: z.string() });
export const sessions = docsOf(
  z.object({ _id: id, userAgent: z.string().nullable(), ip: z.string().nullable(), createdAt: at, lastUsedAt: at, expiresAt: at, current: z.boolean() }),
);
/** Everything kept about the person (the data export): its parts as stored. */
export const dataExport = z.object({
  exportedAt: at,
  profile: z.object({ id, email: z.string() }).loose(),
  results: z.array(z.object({ id }).loose()),
  answers: z.array(z.object({ id, resultId: id, questionId: id, value: num }).loose()),
  sessions: z.array(z.object({ id }).loose()),
  orders: z.array(z.object({ id }).loose()),
  reviews: z.array(z.object({ id }).loose()),
  activity: z.array(z.object({ id, action: z.string() }).loose()),
});

// ------------------------------------------------------------------ money
const order = z.object({
  _id: id,
  entityType: z.string(),
  entityId: id.nullable(),
  project: id.nullable(),
  quantity: z.int(),
  amount: num,
  currency: z.string(),
  method: z.string(),
  state: z.string(),
  refundedAmount: num,
  invoiceNumber: z.int().nullable(),
  createdAt: at,
  paidAt: at.nullable(),
});
export { order };
export const orders = docsOf(order);
export const payment = z.object({ order: id, redirect: z.string(), paid: z.boolean() });
export const notified = z.object({ outcome: z.string() });
export const coupon = z.object({
  code: z.string(),
  type: z.string(),
  amount: num,
  content: z.string(),
  unlocked: z.boolean(),
  order: id.optional(),
  price: num.optional(),
});
export const businessOrderNotice = z.object({ notified: z.boolean(), already: z.boolean().optional() });

// ------------------------------------------------------------------ reviews, leads, the site
const review = z.object({
  _id: id,
  name: z.string(),
  position: z.string().nullable(),
  img: z.string().nullable().optional(),
  text: z.record(z.string(), z.string()).optional(),
  user: z.unknown(),
  isPublished: z.boolean(),
  createdAt: at.optional(),
});
export { review };
export const reviews = z.object({ docs: z.array(review), ...paged });
export const lead = z.object({ _id: id, kind: z.string() });
export const consultationExists = z.object({ exists: z.boolean() });
export const total = z.object({ total: z.int() });
export const health = z.object({ status: z.enum(["ok", "degraded", "error"]), database: z.string() }).loose();
