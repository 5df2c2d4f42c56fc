// Record ids: ObjectId-like, sortable by creation second, never repeated (also across the random
// pool's refills, 512 ids apart).
import { describe, expect, it } from "vitest";
import { createId, ID_PATTERN } from "../../server/lib/ids";

describe("createId", () => {
  it("makes 24-hex ids starting with the creation second, all different across many pool refills", () => {
    const before = Math.floor(Date.now() / 1000);
    const ids = Array.from({ length: 5000 }, createId);
    const after = Math.floor(Date.now() / 1000);
    expect(ids.every((id) => ID_PATTERN.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // the random halves differ too: the pool is refilled, not reused
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(ids.length);
    for (const id of [ids[0]!, ids[ids.length - 1]!]) {
      const seconds = parseInt(id.slice(0, 8), 16);
      expect(seconds).toBeGreaterThanOrEqual(before);
      expect(seconds).toBeLessThanOrEqual(after);
    }
  });
});
