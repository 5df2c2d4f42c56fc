// Back-office statistics (spec manager §3): an overall object and four daily/monthly series.
// Series come oldest first with every day (or month) present, zeros included; the pages show
// them in reverse order (spec §9) in the tables, and chronologically in the charts.
import { and, count, eq, gte, isNotNull, lt, sql, sum } from "drizzle-orm";
import { netAmount } from "../services/payments/orders";
import { z } from "zod";
import type { Db } from "../../db/client";
import { orders, projects, results, users } from "../../db/schema";

// a type (not an interface), so a point also fits a chart's general {date, [series]: number}
export type Point = {
  date: string;
  count: number;
  amount?: number;
};

export const seriesQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const monthsQuerySchema = z.object({ months: z.coerce.number().int().min(1).max(60).default(12) });

const DAY = 86_400_000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

export function startOfDay(daysBack: number, now = new Date()) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(d.getTime() - (daysBack - 1) * DAY);
}

export function fillDays(rows: { key: string; n: number; amount?: number | null }[], from: Date, days: number, withAmount = false): Point[] {
  const by = new Map(rows.map((r) => [r.key, r]));
  return Array.from({ length: days }, (_, i) => {
    const key = dayKey(new Date(from.getTime() + i * DAY));
    const r = by.get(key);
    return withAmount ? { date: key, count: r?.n ?? 0, amount: Number(r?.amount ?? 0) } : { date: key, count: r?.n ?? 0 };
  });
}

export const dayOf = (col: unknown) => sql<string>`strftime('%Y-%m-%d', ${col} / 1000, 'unixepoch')`;
const monthOf = (col: unknown) => sql<string>`strftime('%Y-%m', ${col} / 1000, 'unixepoch')`;

export async function overall(db: Db) {
  const [[u], [paidUsers], [business], [completed], [open], [confirmed], [doubt], [proj], [paid]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(eq(users.isFull, true)),
    db.select({ n: count() }).from(users).where(eq(users.isBusiness, true)),
    db.select({ n: count() }).from(results).where(eq(results.isCompleted, true)),
    db.select({ n: count() }).from(results).where(eq(results.isCompleted, false)),
    db.select({ n: count() }).from(results).where(eq(results.isCorrect, true)),
    db.select({ n: count() }).from(results).where(eq(results.isDoubt, true)),
    db.select({ n: count() }).from(projects).where(eq(projects.isDemo, false)),
    db
      .select({ n: count(), revenue: sum(netAmount) })
      .from(orders)
      .where(eq(orders.state, "paid")),
  ]);
  return {
    users: u!.n,
    paidUsers: paidUsers!.n,
    businessUsers: business!.n,
    projects: proj!.n,
    completedResults: completed!.n,
    resultsInProgress: open!.n,
    confirmedResults: confirmed!.n,
    doubtfulResults: doubt!.n,
    paidOrders: paid!.n,
    revenue: Number(paid!.revenue ?? 0),
  };
}

/** The day after `end`'s day (UTC), where a series ending on `end` stops. */
const dayAfter = (end: Date) => new Date(startOfDay(1, end).getTime() + DAY);

/** New users per day over the `days` days ending with `end`'s day (default today). */
export async function usersByDays(db: Db, days: number, end = new Date()) {
  const from = startOfDay(days, end);
  const key = dayOf(users.createdAt);
  const rows = await db
    .select({ key, n: count() })
    .from(users)
    .where(and(gte(users.createdAt, from), lt(users.createdAt, dayAfter(end))))
    .groupBy(key);
  return fillDays(rows, from, days);
}

export async function usersByMonths(db: Db, months: number, now = new Date()) {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const key = monthOf(users.createdAt);
  const rows = await db.select({ key, n: count() }).from(users).where(gte(users.createdAt, from)).groupBy(key);
  const by = new Map(rows.map((r) => [r.key, r.n]));
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
    const k = d.toISOString().slice(0, 7);
    return { date: k, count: by.get(k) ?? 0 };
  });
}

/** Business accounts opened per day: the first project each (non-demo) owner created. */
export async function businessAccountsByDays(db: Db, days: number, end = new Date()) {
  const from = startOfDay(days, end);
  const key = dayOf(projects.createdAt);
  const rows = await db
    .select({ key, n: sql<number>`count(distinct ${projects.ownerId})` })
    .from(projects)
    .where(and(gte(projects.createdAt, from), lt(projects.createdAt, dayAfter(end)), eq(projects.isDemo, false)))
    .groupBy(key);
  return fillDays(rows, from, days);
}

/** Paid orders per day, with their sum in kopecks. */
export async function paymentsByDays(db: Db, days: number, end = new Date()) {
  const from = startOfDay(days, end);
  const key = dayOf(orders.paidAt);
  const rows = await db
    .select({ key, n: count(), amount: sum(netAmount) })
    .from(orders)
    .where(and(eq(orders.state, "paid"), isNotNull(orders.paidAt), gte(orders.paidAt, from), lt(orders.paidAt, dayAfter(end))))
    .groupBy(key);
  return fillDays(
    rows.map((r) => ({ ...r, amount: Number(r.amount ?? 0) })),
    from,
    days,
    true,
  );
}

/** A period of whole days (UTC, as the series count them): `from` to `to` inclusive. */
export interface Period {
  from: string;
  to: string;
  days: number;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The period a stats page asks for (?from=&to=, at most 366 days, never after today); the last 30 days by default or when it makes no sense. */
export function periodOf(from: string | undefined, to: string | undefined, now = new Date()): Period & { adjusted: boolean } {
  const today = dayKey(now);
  const fallback = { from: dayKey(startOfDay(30, now)), to: today, days: 30 };
  if (!from && !to) return { ...fallback, adjusted: false };
  const end = to && DAY_PATTERN.test(to) && !Number.isNaN(Date.parse(to)) ? (to > today ? today : to) : today;
  const start = from && DAY_PATTERN.test(from) && !Number.isNaN(Date.parse(from)) ? from : null;
  if (!start || start > end) return { ...fallback, adjusted: true };
  const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY) + 1;
  if (days > 366) return { from: dayKey(new Date(Date.parse(end) - 365 * DAY)), to: end, days: 366, adjusted: true };
  return { from: start, to: end, days, adjusted: end !== to };
}

/** The period of the same length just before. */
export function previousPeriod(p: Period): Period {
  const to = new Date(Date.parse(p.from) - DAY);
  return { from: dayKey(new Date(to.getTime() - (p.days - 1) * DAY)), to: dayKey(to), days: p.days };
}

/** What happened in a period: new users, completed tests, business accounts, paid orders and their sum (kopecks). */
export async function periodTotals(db: Db, p: Period) {
  const from = new Date(Date.parse(p.from));
  const until = new Date(Date.parse(p.to) + DAY);
  const [[u], [done], [business], [paid]] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(gte(users.createdAt, from), lt(users.createdAt, until))),
    db
      .select({ n: count() })
      .from(results)
      .where(and(eq(results.isCompleted, true), gte(results.completedAt, from), lt(results.completedAt, until))),
    db
      .select({ n: sql<number>`count(distinct ${projects.ownerId})` })
      .from(projects)
      .where(and(eq(projects.isDemo, false), gte(projects.createdAt, from), lt(projects.createdAt, until))),
    db
      .select({ n: count(), revenue: sum(netAmount) })
      .from(orders)
      .where(and(eq(orders.state, "paid"), gte(orders.paidAt, from), lt(orders.paidAt, until))),
  ]);
  return { users: u!.n, completedResults: done!.n, businessAccounts: Number(business!.n), paidOrders: paid!.n, revenue: Number(paid!.revenue ?? 0) };
}

/** The statistics screen's figures and daily series over a period (the last 30 days by default; also the main page's charts). */
export async function loadStats(db: Db, period: Period = periodOf(undefined, undefined)) {
  const end = new Date(Date.parse(period.to));
  const [all, byDays, byMonths, business, payments] = await Promise.all([
    overall(db),
    usersByDays(db, period.days, end),
    usersByMonths(db, 12),
    businessAccountsByDays(db, period.days, end),
    paymentsByDays(db, period.days, end),
  ]);
  return { all, series: { usersByDays: byDays, usersByMonths: byMonths, businessAccountsByDays: business, paymentsByDays: payments } };
}
