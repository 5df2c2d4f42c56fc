// Prices live in settings (kopecks): the full report and the per-invite price of each business
// plan; so do the plans' sizes. Both are read on every use, so a manager's change applies at once.
import type { Db } from "../../../db/client";
import { AppError } from "../../lib/errors";
import { getSetting } from "../setting-store";

/** The smallest quantity of each business plan (a manager's setting, key `plans`; these are the defaults). */
export const DEFAULT_PLANS = { base: 5, norma: 20, full: 100 };
export type PlanKey = keyof typeof DEFAULT_PLANS;
export type Plans = Record<PlanKey, number>;
export const getPlans = (db: Db) => getSetting<Plans>(db, "plans", DEFAULT_PLANS);
/** Corporate (500+ people) is sold by request, never at a list price. */
export const CORPORATE_MIN = 500;

export interface Prices {
  fullReport: number;
  perInvite: Record<PlanKey, number>;
}
export const DEFAULT_PRICES: Prices = { fullReport: 99_000, perInvite: { base: 90_000, norma: 80_000, full: 70_000 } };

export const getPrices = (db: Db) => getSetting<Prices>(db, "prices", DEFAULT_PRICES);

/** The plan a quantity falls into (the largest whose minimum it reaches). */
export function planFor(quantity: number, plans: Plans = DEFAULT_PLANS): PlanKey | null {
  if (quantity >= plans.full) return "full";
  if (quantity >= plans.norma) return "norma";
  if (quantity >= plans.base) return "base";
  return null;
}

/** The plan for a quantity of invites; below the smallest plan's minimum it is a 400. */
export function requirePlan(quantity: number, plans: Plans): PlanKey {
  const plan = planFor(quantity, plans);
  if (!plan) throw new AppError(400, "quantity_too_small", "payment.errors.minInvites", { quantity: "payment.errors.minInvites" });
  return plan;
}
