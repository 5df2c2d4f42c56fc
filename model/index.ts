/**
 * The thinking-format model as the server uses it: rule-based scoring for the indicators, the ONNX
 * network for the format, and the response-quality checks. See model/README.md.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { InferenceSession, Tensor } from "onnxruntime-node";
import { FORMAT_BY_CODE, FORMATS } from "./formats";
import { N_ITEMS } from "./items";
import { responseQuality, type ResponseQuality } from "./quality";
import { productChoice } from "./between";
import { personProfile, populationTerms, recalibrate, type CalibrationMap, type PopulationProfile } from "./recalibrate";
import {
  DEFAULT_SCORING,
  formatMargins,
  scoreAnswers,
  structureProfile,
  validateAnswers,
  type AnswerValue,
  type FormatMargins,
  type Indicators,
  type ScoringVersion,
  type StructureProfile,
} from "./scoring";

export {
  ANSWER_VALUES,
  bands,
  DEFAULT_SCORING,
  formatMargins,
  scoreAnswers,
  SCORING_VERSION,
  scoringVersion,
  structureProfile,
  type AnswerValue,
  type FormatMargins,
  type Indicators,
  type Keying,
  type ScoringVersion,
  type StructureProfile,
} from "./scoring";
export { BETWEEN_CONFIDENCE } from "./between";
export { FORMATS, FORMAT_BY_CODE } from "./formats";
export { ITEMS, ITEM_BANK_VERSION, N_ITEMS } from "./items";
export { mlpForward as forwardReference } from "./net";
export type { ResponseQuality, QualityFlag } from "./quality";
export { personProfile, populationProfile, POPULATION_WINDOW, type PopulationProfile } from "./recalibrate";

const here = dirname(fileURLToPath(import.meta.url));
export const CLASSIFIER_PATH = join(here, "classifier.onnx");
export const CARD_PATH = join(here, "classifier.card.json");

export interface ClassifierSession {
  session: InferenceSession;
  /**
   * What a result records as its model: the network's version (classifier.card.json), with "+rc-" and the
   * first 8 hex digits of the map's SHA-256 when a recalibration map is applied — the same network with and
   * without the map gives different probabilities.
   */
  version: string;
  /** The network's own version (the card's). */
  networkVersion: string;
  /** Whether a recalibration map fitted for this version is applied (model/recalibrate.ts). */
  recalibrated: boolean;
  /**
   * Probabilities for n respondents (answers n × 110, −2..2): one Float32Array of n × 27, recalibrated per
   * person in their population (model/recalibrate.ts; none or too small: the weights without population terms).
   */
  predict(answers: ArrayLike<number>, n: number, population?: PopulationProfile | null): Promise<Float32Array>;
  /**
   * The version a result records when classified in this population: `version`, and "+pop-" with the
   * population's rounded means when they took part (the same answers give other probabilities elsewhere).
   */
  versionIn(population?: PopulationProfile | null): string;
  /** The network alone (the ONNX output), before the per-person recalibration. */
  predictNetwork(answers: ArrayLike<number>, n: number): Promise<Float32Array>;
}

/**
 * Opens an ONNX classifier (about 10 ms); its card, when present beside it, gives the version. A
 * calibration-map.json beside it is applied after the network when it was fitted for the same version.
 */
export async function openClassifier(
  onnxPath: string,
  cardPath = join(dirname(onnxPath), "classifier.card.json"),
  mapPath = join(dirname(onnxPath), "calibration-map.json"),
): Promise<ClassifierSession> {
  const card = JSON.parse(readFileSync(cardPath, "utf8")) as { version: string };
  const mapText = existsSync(mapPath) ? readFileSync(mapPath, "utf8") : null;
  const stored = mapText ? (JSON.parse(mapText) as CalibrationMap) : null;
  const map = stored?.modelVersion === card.version ? stored : null;
  const version = map ? `${card.version}+rc-${createHash("sha256").update(mapText!).digest("hex").slice(0, 8)}` : card.version;
  // One thread per inference: a 110→H→27 network is too small to gain from more, and the server
  // handles concurrency across requests.
  const session = await InferenceSession.create(onnxPath, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: "all" });
  const predictNetwork = async (answers: ArrayLike<number>, n: number) => {
    const input = Float32Array.from(answers as ArrayLike<number>);
    const out = await session.run({ [session.inputNames[0]]: new Tensor("float32", input, [n, N_ITEMS]) });
    return out[session.outputNames[0]].data as Float32Array;
  };
  return {
    session,
    version,
    networkVersion: card.version,
    recalibrated: map !== null,
    predictNetwork,
    async predict(answers, n, population) {
      const p = await predictNetwork(answers, n);
      return map ? recalibrate(map, Float32Array.from(p), answers, n, population) : p;
    },
    versionIn(population) {
      const used = map !== null && populationTerms(map, population) !== null;
      return used ? `${version}+pop-${population!.means.map((v) => v.toFixed(2)).join("_")}` : version;
    },
  };
}

let loaded: Promise<ClassifierSession> | null = null;

/** The production classifier, opened once per process; later calls reuse it. */
export function loadClassifier() {
  loaded ??= openClassifier(CLASSIFIER_PATH, CARD_PATH);
  return loaded;
}

export interface Classification {
  formatCode: string;
  probability: number;
  /** The neighbouring format (differs on one axis); named beside the format when `between`. */
  runnerUpCode: string;
  runnerUpProbability: number;
  /** Top probability below BETWEEN_CONFIDENCE: the report says "between <format> and <runner-up>". */
  between: boolean;
  /** "rules" when, between two formats, the rule-based format leads (model/between.ts productChoice). */
  decidedBy: "network" | "rules";
  /** Per axis, how far the indicators are from a band edge (points of the scale, 0–100). */
  margins: FormatMargins;
  /** System and analytics bands and how the structure type follows from them. */
  structure: StructureProfile;
  probabilities: Record<string, number>;
  /** The rule-based format from the indicator bands, kept for comparison and for managers. */
  ruleFormatCode: string;
  indicators: Indicators;
  quality: ResponseQuality;
  isDoubt: boolean;
  modelVersion: string;
  scoringVersion: string;
  /** This person's share of their test's population profile (model/recalibrate.ts personProfile), stored with the result. */
  populationShare: number[];
}

/**
 * Scores and classifies one completed test. `elapsedMs` (per item, position order, null where unknown)
 * only feeds the too-fast check. `scoring` is the keying to score with (default: the item bank's).
 * `population` is the profile of the test's respondents (model/recalibrate.ts), when known.
 * Throws on anything but 110 integers in −2..2.
 */
export async function classify(
  answers: readonly AnswerValue[],
  elapsedMs?: ArrayLike<number | null | undefined>,
  scoring: ScoringVersion = DEFAULT_SCORING,
  population?: PopulationProfile | null,
): Promise<Classification> {
  validateAnswers(answers);
  const { indicators, formatCode: ruleFormatCode } = scoreAnswers(answers, scoring.key);
  const classifier = await loadClassifier();
  const seen = answers.map((a, i) => a * scoring.mirror[i]!);
  const p = await classifier.predict(seen, 1, population);
  const { primary, other, between, decidedBy } = productChoice(p, FORMAT_BY_CODE.get(ruleFormatCode)!.index);
  const quality = responseQuality(answers, elapsedMs, Math.max(p[primary], p[other]));
  return {
    formatCode: FORMATS[primary].code,
    probability: round4(p[primary]),
    runnerUpCode: FORMATS[other].code,
    runnerUpProbability: round4(p[other]),
    between,
    decidedBy,
    margins: formatMargins(indicators),
    structure: structureProfile(indicators),
    probabilities: Object.fromEntries(FORMATS.map((f) => [f.code, round4(p[f.index])])),
    ruleFormatCode,
    indicators,
    quality,
    isDoubt: quality.grade !== "good",
    modelVersion: classifier.versionIn(population),
    populationShare: personProfile(seen),
    scoringVersion: scoring.version,
  };
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;
