// Layering: the server (framework, services, back-office functions) never imports the
// pages. routes/ builds on server/, and the composition root (app.ts) joins the two; an import the
// other way would make a cycle and let a service reach for markup.
import { readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sources } from "./sources";

/** Every module specifier of a file: static imports and re-exports, side-effect imports, import(), import types. */
export function specifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"']+)["']/g)) out.push(m[1]!);
  return out;
}
/** The relative imports of a file that land in `dir` (an absolute path). */
export function importsInto(file: string, text: string, dir: string): string[] {
  return specifiers(text).filter((s) => {
    if (!s.startsWith(".")) return false;
    const target = resolve(dirname(file), s);
    return target === dir || target.startsWith(dir + sep);
  });
}

describe("nothing under server/ imports routes/", () => {
  it("finds an offender when there is one (the check itself works)", () => {
    const file = join(ROOT, "server/admin/x.ts");
    const routes = join(ROOT, "routes");
    expect(importsInto(file, 'import { a } from "../../routes/manager/ui";', routes)).toEqual(["../../routes/manager/ui"]);
    expect(importsInto(file, 'export { a } from "../../routes";', routes)).toEqual(["../../routes"]);
    expect(importsInto(file, 'const m = await import("../../routes/index");', routes)).toEqual(["../../routes/index"]);
    expect(importsInto(file, 'type X = import("../../routes/x").X;', routes)).toEqual(["../../routes/x"]);
    expect(importsInto(file, 'import { a } from "../lib/routes-helper";\nimport { b } from "../../routes-other";', routes)).toEqual([]);
  });

  it("server/ has no import of routes/", () => {
    const files = sources(join(ROOT, "server"));
    expect(files.length).toBeGreaterThan(50);
    const routes = join(ROOT, "routes");
    const offenders = files.flatMap((f) => importsInto(f, readFileSync(f, "utf8"), routes).map((s) => `${f.slice(ROOT.length + 1)} → ${s}`));
    expect(offenders).toEqual([]);
  });
});

describe("back-office pages never query the database", () => {
  it("nothing under routes/manager imports drizzle or the schema (they call server/admin functions)", () => {
    const files = sources(join(ROOT, "routes/manager"));
    expect(files.length).toBeGreaterThan(10);
    const schema = join(ROOT, "db");
    const offenders = files.filter((f) => {
      const text = readFileSync(f, "utf8");
      return specifiers(text).some((s) => s === "drizzle-orm" || s.startsWith("drizzle-orm/")) || importsInto(f, text, schema).length > 0;
    });
    expect(offenders.map((f) => f.slice(ROOT.length + 1))).toEqual([]);
  });
});
