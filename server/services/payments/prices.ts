// Prices live in settings (kopecks): the full report and the per-invite price of each business plan.
import type { Db } from "../../../db/client";
import { AppError } from "../../lib/errors";
import { getSetting } from "../settings";

export const PLANS = {
  base: { min: 5 },
  norma: { min: 20 },
  full: { min: 100 },
} as const;
export type PlanKey = keyof typeof PLANS;
/** Corporate (500+ people) is sold by request, never at a list price. */
export const CORPORATE_MIN = 500;

export interface Prices {
  fullReport: number;
  perInvite: Record<PlanKey, number>;
}
export const DEFAULT_PRICES: Prices = { fullReport: 99_000, perInvite: { base: 90_000, norma: 80_000, full: 70_000 } };

export const getPrices = (db: Db) => getSetting<Prices>(db, "prices", DEFAULT_PRICES);

/** The plan a quantity falls into (the largest whose minimum it reaches). */
export function planFor(quantity: number): PlanKey | null {
  if (quantity >= PLANS.full.min) return "full";
  if (quantity >= PLANS.norma.min) return "norma";
  if (quantity >= PLANS.base.min) return "base";
  return null;
}

/** The plan for a quantity of invites; below the smallest plan's minimum it is a 400. */
export function requirePlan(quantity: number): PlanKey {
  const plan = planFor(quantity);
  if (!plan) throw new AppError(400, "quantity_too_small", "payment.errors.minInvites", { quantity: "payment.errors.minInvites" });
  return plan;
}
