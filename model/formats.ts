/** The 27 formats; codes and class indices are fixed in formats.json (names are filled in elsewhere). */
import raw from "./formats.json";

export type Structure = "system" | "analytic" | "balanced";
export type Level3 = "low" | "middle" | "high";
export type Pace = "slow" | "middle" | "fast";

export interface FormatInfo {
  index: number;
  code: string;
  structure: Structure;
  volume: Level3;
  presentation: Pace;
}

export const FORMATS: FormatInfo[] = (raw as unknown as FormatInfo[])
  .map(({ index, code, structure, volume, presentation }) => ({ index, code, structure, volume, presentation }))
  .sort((a, b) => a.index - b.index);

if (FORMATS.length !== 27 || FORMATS.some((f, i) => f.index !== i)) throw new Error("formats.json: expected indices 0..26");

export const N_FORMATS = FORMATS.length;

const byTriple = new Map(FORMATS.map((f) => [`${f.structure}|${f.volume}|${f.presentation}`, f]));
export const FORMAT_BY_CODE = new Map(FORMATS.map((f) => [f.code, f]));

export function findFormat(structure: Structure, volume: Level3, presentation: Pace): FormatInfo {
  const f = byTriple.get(`${structure}|${volume}|${presentation}`);
  if (!f) throw new Error(`no format for ${structure}/${volume}/${presentation}`);
  return f;
}

/**
 * The three axes of a format, each with its values in a fixed order. A format is one value per axis, so a
 * distribution over the 27 formats can be taken apart into three marginals (and the factorised network's
 * three heads put back together: see net.ts expandFactorised).
 */
export const FORMAT_AXES = {
  structure: ["system", "analytic", "balanced"] as const,
  volume: ["low", "middle", "high"] as const,
  presentation: ["slow", "middle", "fast"] as const,
};
export type FormatAxis = keyof typeof FORMAT_AXES;
export const AXIS_NAMES = Object.keys(FORMAT_AXES) as FormatAxis[];
/** For every format, the index of its value on each axis: FORMAT_FACTORS[f] = [structure, volume, presentation]. */
export const FORMAT_FACTORS: readonly (readonly number[])[] = FORMATS.map((f) =>
  AXIS_NAMES.map((axis) => (FORMAT_AXES[axis] as readonly string[]).indexOf(f[axis])),
);
