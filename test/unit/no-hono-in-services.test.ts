// Services and back-office functions take a caller scope, never a Hono context: nothing
// under server/services or server/admin may import Hono, so each runs the same in a request, a
// unit of work, a job or a test.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sources } from "./sources";

const HONO = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)["']hono(?:\/[^"']*)?["']/;

describe("no Hono in the domain", () => {
  it.each(["server/services", "server/admin"])("%s imports nothing from hono", (dir) => {
    const files = sources(join(ROOT, dir));
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.filter((f) => HONO.test(readFileSync(f, "utf8"))).map((f) => f.slice(ROOT.length + 1));
    expect(offenders).toEqual([]);
  });
});
