// The list and statistics queries the app makes, by name, each run through the real service on a
// seeded database (test/api/query-plans.test.ts explains every statement it prepares). To cover a
// new list — employees, invites, back-office users/results, stats series — add one line here.
import type { Db } from "../db/client";
import { businessOverview, managerOverview } from "../server/services/cabinet";
import { listOwnInvites } from "../server/services/invites";
import { listOrders } from "../server/services/payments";
import { visibleProjects } from "../server/services/projects";
import { referralStat } from "../server/services/referrals";
import { listPublishedReviews } from "../server/services/reviews";
import { listUserSessions, resolveToken } from "../server/services/sessions";
import { totalUsers } from "../server/services/stats";
import { communicationBalance, projectStats, scopeFor } from "../server/services/business";
import { answeredMap, currentResult, latestCompleted, listOwnResults, progressOf, questionCount, type ResultRow } from "../server/services/testing";
import type { UserRow } from "../server/services/users";

export interface Fixtures {
  /** An ordinary user with a result and an order. */
  user: UserRow;
  /** The owner of the large project. */
  owner: UserRow;
  manager: UserRow;
  resultId: string;
  referralId: string;
}

export const NAMED_QUERIES: Record<string, (db: Db, f: Fixtures) => Promise<unknown>> = {
  "session by token (every request)": (db) => resolveToken(db, "a".repeat(32)),
  "sessions of a user": (db, f) => listUserSessions(db, f.user.id),
  "results of a user": (db, f) => listOwnResults(db, f.user.id),
  "current result of a user": (db, f) => currentResult(db, f.user.id),
  "latest completed result of a user": (db, f) => latestCompleted(db, f.user.id, 1),
  "answers of a result (the test page)": (db, f) => answeredMap(db, f.resultId),
  "progress of a result (every answer)": (db, f) => progressOf(db, { id: f.resultId, testId: "" } as ResultRow),
  "question count of a test": (db, f) => questionCount(db, f.resultId),
  "orders of a user": (db, f) => listOrders(db, f.user.id),
  "invitations of a user": (db, f) => listOwnInvites(db, f.user),
  "published reviews, a later page": (db) => listPublishedReviews(db, { page: 5, limit: 20, populateUser: true }),
  "projects a user may see": (db, f) => visibleProjects(db, f.user),
  "projects an owner may see": (db, f) => visibleProjects(db, f.owner),
  "business cabinet overview": (db, f) => businessOverview(db, f.owner),
  "manager overview (totals, invoices, latest results)": (db) => managerOverview(db),
  "referral statistics": (db, f) => referralStat(db, f.referralId),
  "total of people (landing counter)": (db) => totalUsers(db),
  "team statistics of the large project": async (db, f) => projectStats(await ownerScope(db, f)),
  "team communication balance of the large project": async (db, f) => communicationBalance(await ownerScope(db, f)),
};

async function ownerScope(db: Db, f: Fixtures) {
  const [project] = await visibleProjects(db, f.owner);
  return scopeFor(db, f.owner, project!, "owner");
}

/** Tables whose row count grows with users: a full scan of one is a bug at 100,000 users. */
export const GROWING_TABLES = [
  "users", "sessions", "email_tokens", "oauth_accounts", "logs", "results", "answers", "reviews", "rate_limits",
  "referrals", "coupon_uses", "orders", "payments", "projects", "departments", "positions", "tasks", "employees",
  "invites", "skills", "business_requests", "consultation_tickets", "webinar_signups",
];
