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
