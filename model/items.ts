/**
 * The item bank: 110 bilingual first-person statements, each keyed to one or more scales.
 * The JSON file is the versioned source of truth (the DB seed loads it as is).
 */
import bank from "./items.v1.json";

export const ITEM_BANK_VERSION = "items-v1";
export const N_ITEMS = 110;

export const SCALES = ["ME_SYSTEM", "ME_ANALYT", "WE_SYSTEM", "WE_ANALYT", "WR_SYSTEM", "WR_ANALYT", "VOLUME", "SPEED", "HARMONY", "ANXIETY"] as const;
export type Scale = (typeof SCALES)[number];
export const SYSTEM_SCALES: readonly Scale[] = ["ME_SYSTEM", "WE_SYSTEM", "WR_SYSTEM"];
export const ANALYT_SCALES: readonly Scale[] = ["ME_ANALYT", "WE_ANALYT", "WR_ANALYT"];

export interface ItemKey {
  scale: Scale;
  sign: 1 | -1;
  /** Defaults to 1. */
  weight?: number;
}

export interface Item {
  position: number;
  code: string;
  text: { ru: string; en: string };
  keys: ItemKey[];
  /** Position of the paired item used for the consistency check. */
  pairWith?: number;
  /** +1: near-duplicate (answers should agree); −1: opposite (answers should mirror). */
  pairSign?: 1 | -1;
}

function load(): Item[] {
  const items = (bank as unknown as Item[]).slice().sort((a, b) => a.position - b.position);
  if (items.length !== N_ITEMS) throw new Error(`items.v1.json: expected ${N_ITEMS} items, got ${items.length}`);
  items.forEach((it, i) => {
    if (it.position !== i + 1) throw new Error(`items.v1.json: positions must be 1..${N_ITEMS}, found ${it.position} at ${i}`);
    if (!it.keys.length) throw new Error(`items.v1.json: item ${it.code} has no keys`);
    for (const k of it.keys) {
      if (!(SCALES as readonly string[]).includes(k.scale)) throw new Error(`items.v1.json: unknown scale ${k.scale} (${it.code})`);
      if (k.sign !== 1 && k.sign !== -1) throw new Error(`items.v1.json: bad sign on ${it.code}`);
    }
  });
  return items;
}

export const ITEMS: Item[] = load();

/** Consistency pairs, each once: [index a, index b, pairSign] with 0-based indices. */
export const PAIRS: ReadonlyArray<readonly [number, number, 1 | -1]> = ITEMS.filter((it) => it.pairWith !== undefined && it.pairWith > it.position).map(
  (it) => [it.position - 1, it.pairWith! - 1, it.pairSign ?? 1] as const,
);
