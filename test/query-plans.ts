// The list and statistics queries the app makes, by name, each run through the real service on a
// seeded database (test/api/query-plans.test.ts explains every statement it prepares). To cover a
// new list — employees, invites, back-office users/results, stats series — add one line here.
import type { Db } from "../db/client";
import { listResource, parseListQuery } from "../server/admin/resource";
import { filterListQuery } from "../server/admin/result-queue";
import { resultResource } from "../server/admin/resources/results";
import { userResource } from "../server/admin/resources/users";
import { managerOverview } from "../server/admin/overview";
import { businessOverview } from "../server/services/business/overview";
import { listOwnInvites } from "../server/services/invites";
import { listOrders } from "../server/services/payments";
import { visibleProjects } from "../server/services/projects";
import { referralStat } from "../server/services/referrals";
import { listPublishedReviews } from "../server/services/reviews";
import { listUserSessions, resolveToken } from "../server/services/sessions";
import { totalUsers } from "../server/services/stats";
import { answeredMap, currentResult, latestCompleted, listOwnResults, progressOf, questionCount, type ResultRow } from "../server/services/testing";
import type { UserRow } from "../server/services/users";
import type { AppDeps } from "../server/context";
import { userScopeOf } from "../server/scope";
import {
  communicationBalance,
  employeeInputs,
  employeeListSchema,
  listEmployees,
  positionCandidates,
  positionCoverage,
  projectStats,
  scopeFor,
} from "../server/services/business";

import { eq } from "drizzle-orm";
import { results } from "../db/schema";
import { formatResource } from "../server/admin/resources/formats";
import { reportResource } from "../server/admin/resources/reports";
import { invalidateItemAnalysis, itemAnalysis } from "../server/services/item-analysis";
import { testPopulation } from "../server/services/population";

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
  "results of a user": (db, f) => listOwnResults(userScopeOf({ db } as AppDeps, f.user)),
  "current result of a user": (db, f) => currentResult(db, f.user.id),
  "latest completed result of a user": (db, f) => latestCompleted(db, f.user.id, 1),
  "answers of a result (the test page)": (db, f) => answeredMap(db, f.resultId),
  "progress of a result (every answer)": (db, f) => progressOf(db, { id: f.resultId, testId: "" } as ResultRow),
  "question count of a test": (db, f) => questionCount(db, f.resultId),
  "orders of a user": (db, f) => listOrders(userScopeOf({ db } as AppDeps, f.user)),
  "invitations of a user": (db, f) => listOwnInvites(userScopeOf({ db } as AppDeps, f.user)),
  "published reviews, a later page": (db) => listPublishedReviews(db, { page: 5, limit: 20, populateUser: true }),
  "projects a user may see": (db, f) => visibleProjects(db, f.user),
  "projects an owner may see": (db, f) => visibleProjects(db, f.owner),
  "business cabinet overview": (db, f) => businessOverview(userScopeOf({ db } as AppDeps, f.owner)),
  "manager overview (totals, invoices, latest results)": (db) => managerOverview(db),
  "referral statistics": (db, f) => referralStat(db, f.referralId),
  "total of people (landing counter)": (db) => totalUsers(db),
  "back-office users by flags": (db) =>
    listResource(db, userResource, parseListQuery(userResource, { match: JSON.stringify({ isCompleted: true, role: "user", isBusiness: false }) })),
  "back-office users, e-mail contains": (db) =>
    listResource(db, userResource, parseListQuery(userResource, { match: JSON.stringify({ email: { $regex: "large42" } }) })),
  "back-office users, search": (db) => listResource(db, userResource, parseListQuery(userResource, { q: "Large 4" })),
  "back-office results filter-list": (db) => listResource(db, resultResource, filterListQuery({ isCompleted: true, isDoubt: true })),
  "back-office results by format and quality grade": (db) => listResource(db, resultResource, filterListQuery({ format: "SYS-LOW-SLOW", grade: "good" })),
  "employees by efficiency with the analytics filters": async (db, f) =>
    listEmployees(
      await ownerScope(db, f),
      employeeListSchema.parse({
        filter: { manager: { type: "team" }, efficiency: { min: 10 }, harmony: "norm" },
        sortType: "efficiency",
        sortDirection: "desc",
        limit: 50,
      }),
    ),
  "employees, search by name (folded, Cyrillic)": async (db, f) =>
    listEmployees(await ownerScope(db, f), employeeListSchema.parse({ filter: { q: "Анна" }, limit: 50 })),
  "employees by diff": async (db, f) =>
    listEmployees(await ownerScope(db, f), employeeListSchema.parse({ sortType: "diff", sortDirection: "desc", limit: 50 })),
  "who fits a position": async (db, f) => {
    const s = await ownerScope(db, f);
    const [p] = (await db.all(`select id from positions where project_id = '${s.project.id}' limit 1`)) as { id: string }[];
    return p ? positionCandidates(s, p.id) : employeeInputs(db, s.project.id);
  },
  "efficiency recompute inputs (a project's people and latest results)": async (db, f) => employeeInputs(db, (await ownerScope(db, f)).project.id),
  "item analysis of the test (answers of every completed result)": async (db, f) => {
    invalidateItemAnalysis();
    const [r] = await db.select({ testId: results.testId }).from(results).where(eq(results.id, f.resultId));
    return itemAnalysis(db, r!.testId);
  },
  "population profile of the test (every completion)": async (db, f) => {
    const [r] = await db.select({ testId: results.testId }).from(results).where(eq(results.id, f.resultId));
    return testPopulation(db, r!.testId);
  },
  "report texts by type and locale (back-office)": (db) =>
    listResource(db, reportResource, parseListQuery(reportResource, { match: JSON.stringify({ type: "full", locale: "en" }), populate: "fm" })),
  "formats with their result counts (back-office)": (db) => listResource(db, formatResource, parseListQuery(formatResource, { populate: "results" })),
  "team statistics of the large project": async (db, f) => projectStats(await ownerScope(db, f)),
  "team communication balance of the large project": async (db, f) => communicationBalance(await ownerScope(db, f)),
  "position coverage of the large project": async (db, f) => positionCoverage(await ownerScope(db, f), null),
};

/**
 * A person's own rows: each named query's searches of a growing table must be keyed by one of these
 * columns (or by a row's id). A search by a flag alone (`is_completed=?`) passes the no-full-scan rule
 * but reads every person's rows: the report page's latest-result lookup did, until migration 0014.
 */
export const KEYED_BY: Record<string, string[]> = {
  "sessions of a user": ["user_id"],
  "results of a user": ["user_id"],
  "current result of a user": ["user_id"],
  "latest completed result of a user": ["user_id"],
  "answers of a result (the test page)": ["result_id"],
  "progress of a result (every answer)": ["result_id"],
  "orders of a user": ["user_id"],
  "invitations of a user": ["user_id", "email"],
  "projects a user may see": ["owner_id", "supervisor_id", "user_id", "project_id"],
  "projects an owner may see": ["owner_id", "supervisor_id", "user_id", "project_id"],
  "business cabinet overview": ["owner_id", "user_id", "project_id"],
};

/** The large project's owner scope, for the cabinet's lists. */
async function ownerScope(db: Db, f: Fixtures) {
  const [project] = await visibleProjects(db, f.owner);
  return scopeFor(userScopeOf({ db } as AppDeps, f.owner), project!, "owner");
}

/** Tables whose row count grows with users: a full scan of one is a bug at 100,000 users. */
export const GROWING_TABLES = [
  "users",
  "sessions",
  "email_tokens",
  "oauth_accounts",
  "logs",
  "results",
  "answers",
  "reviews",
  "rate_limits",
  "referrals",
  "coupon_uses",
  "orders",
  "payments",
  "projects",
  "departments",
  "positions",
  "tasks",
  "employees",
  "invites",
  "skills",
  "employee_fits",
  "employee_analytics",
  "business_requests",
  "consultation_tickets",
  "webinar_signups",
];
