/**
 * "Between formats": when the network's top probability is below BETWEEN_CONFIDENCE, the result is not
 * one format but a border between two, and the report names both — the top format and its most probable
 * neighbour (the format that differs from it on exactly one axis: structure, volume or presentation).
 * With calibrated probabilities, 0.6 means "at least a 40% chance that another format fits better".
 *
 * Where the network does not beat the rules. On the stress grid the network wins wherever measurement is
 * degraded, but in a continuous population under the reference measurement it is level with the
 * rule-based scorer or slightly behind (npm run model:eval). Those losses sit at the border between two
 * formats, so there the product lets the rules lead: between two formats, when the rules' format is one of
 * the two, it is named first (productChoice). Everywhere else the network decides.
 */
import { FORMAT_FACTORS, N_FORMATS } from "./formats";
import { argmax } from "./metrics";

export const BETWEEN_CONFIDENCE = 0.6;

/** Formats that differ from f on exactly one axis (6 of them: two other values on each of three axes). */
export const NEIGHBOURS: readonly (readonly number[])[] = FORMAT_FACTORS.map((a) =>
  FORMAT_FACTORS.flatMap((b, j) => (a.filter((v, axis) => v !== b[axis]).length === 1 ? [j] : [])),
);

export interface BetweenFormats {
  top: number;
  /** The most probable neighbour of the top format. */
  neighbour: number;
  between: boolean;
}

/** probs: 27 probabilities (from offset o) in class-index order. */
export function betweenFormats(probs: ArrayLike<number>, o = 0): BetweenFormats {
  const top = argmax(probs, o, N_FORMATS);
  let neighbour = NEIGHBOURS[top][0];
  for (const j of NEIGHBOURS[top]) if (probs[o + j] > probs[o + neighbour]) neighbour = j;
  return { top, neighbour, between: probs[o + top] < BETWEEN_CONFIDENCE };
}

export interface ProductChoice {
  /** The format the product reports first. */
  primary: number;
  /** The other format named when `between` (the top format's most probable neighbour otherwise). */
  other: number;
  between: boolean;
  /** Which one decided the primary format. */
  decidedBy: "network" | "rules";
}

/** The product's decision from the network's probabilities and the rules' format (see the header). */
export function productChoice(probs: ArrayLike<number>, ruleFormat: number, o = 0): ProductChoice {
  const { top, neighbour, between } = betweenFormats(probs, o);
  if (between && ruleFormat === neighbour) return { primary: neighbour, other: top, between, decidedBy: "rules" };
  return { primary: top, other: neighbour, between, decidedBy: "network" };
}
