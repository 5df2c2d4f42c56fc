// A scoring version is a whole keying: the item bank's own scores as before, a changed keying
// scores with the change, and a reversed item is mirrored before the network.
import { describe, expect, it } from "vitest";
import { ITEMS } from "../../model/items";
import { buildKey, DEFAULT_SCORING, scoreAnswers, scoringVersion, type AnswerValue } from "../../model/scoring";

const answers = ITEMS.map((it) => ((it.position * 7 + 1) % 5) - 2) as AnswerValue[]; // the first answer is 1

describe("scoring versions", () => {
  it("the item bank's keying scores exactly as the default", () => {
    expect(scoreAnswers(answers, buildKey(ITEMS))).toEqual(scoreAnswers(answers));
    expect(DEFAULT_SCORING.version).toBe("scoring-v2");
    expect([...DEFAULT_SCORING.mirror].every((m) => m === 1)).toBe(true);
  });

  it("a reversed item moves its scale by 2 × |answer| of the scale's range and is mirrored for the network", () => {
    const first = ITEMS[0]!; // MS06, ME_SYSTEM +1
    const keying = ITEMS.map((it) => (it === first ? { position: 1, keys: [{ scale: first.keys[0]!.scale, sign: -first.keys[0]!.sign }] } : it));
    const v = scoringVersion("scoring-v2.1", keying);
    expect(v.mirror[0]).toBe(-1);
    expect([...v.mirror.slice(1)].every((m) => m === 1)).toBe(true);
    const before = scoreAnswers(answers).indicators.ME_SYSTEM;
    const after = scoreAnswers(answers, v.key).indicators.ME_SYSTEM;
    // raw changes by −2 × sign × answer over a range of ±20 (10 items): 100 × Δ / 40 points
    expect(after - before).toBe(Math.round((100 * (-2 * first.keys[0]!.sign * answers[0]!)) / 40));
  });

  it("a move to another scale changes both scales' ranges, and is not mirrored", () => {
    const first = ITEMS[0]!;
    const keying = ITEMS.map((it) => (it === first ? { position: 1, keys: [{ scale: "VOLUME", sign: 1 }] } : it));
    const v = scoringVersion("scoring-v2.2", keying);
    expect(v.key.ME_SYSTEM.idx.length).toBe(9);
    expect(v.key.VOLUME.idx.length).toBe(18);
    expect(v.mirror[0]).toBe(1);
  });
});
