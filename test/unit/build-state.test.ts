// `npm start` builds once: the assets and dist/ count as fresh while no source is newer,
// and a changed source (or a missing output) makes the next start rebuild. Times are moved with
// utimes and put back; no file is changed.
import { existsSync, statSync, utimesSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_OUTPUTS, buildIsStale } from "../../scripts/build-state.mjs";

const root = resolve(import.meta.dirname, "../..");
const source = join(root, "locales/en/common.json");
const saved = new Map<string, { atime: Date; mtime: Date }>();
const setTime = (file: string, when: number) => {
  if (!saved.has(file)) saved.set(file, { atime: statSync(file).atime, mtime: statSync(file).mtime });
  utimesSync(file, when / 1000, when / 1000);
};
afterEach(() => {
  for (const [file, t] of saved) utimesSync(file, t.atime, t.mtime);
  saved.clear();
});

describe("the start's build check", () => {
  it.skipIf(!BUILD_OUTPUTS.every((f) => existsSync(join(root, f))))("is fresh after a build, stale once a source is newer", () => {
    const later = Date.now() + 3600_000;
    for (const f of BUILD_OUTPUTS) setTime(join(root, f), later);
    expect(buildIsStale(root)).toBe(false);
    setTime(source, later + 60_000);
    expect(buildIsStale(root)).toBe(true);
  });

  it("is stale when an output is missing", () => {
    expect(buildIsStale(join(root, "test"))).toBe(true); // no build under test/
  });
});
