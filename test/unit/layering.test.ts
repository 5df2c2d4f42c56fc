// Layering: the server (framework, services, back-office functions) never imports the
// pages. routes/ builds on server/, and the composition root (app.ts) joins the two; an import the
// other way would make a cycle and let a service reach for markup. And no module takes part in a
// runtime import cycle: in one, which module loads first decides what the others see as undefined.
import { existsSync, readFileSync, statSync } from "node:fs";
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

/** A module's runtime imports: `import type`, all-type named imports and dynamic imports load nothing when it loads. */
export function runtimeSpecifiers(text: string): string[] {
  const out: string[] = [];
  const statement = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']/g;
  for (const m of text.matchAll(statement)) {
    if (m[4]) {
      out.push(m[4]);
      continue;
    }
    if (m[1]) continue;
    const clause = m[2]!.trim();
    const named = /^\{([\s\S]*)\}$/.exec(clause);
    if (
      named &&
      named[1]!
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith("type "))
    )
      continue;
    out.push(m[3]!);
  }
  return out;
}

function resolveModule(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ""));
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((p) => existsSync(p) && statSync(p).isFile());
}

/** The strongly connected groups of more than one module (Tarjan): each is an import cycle. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("no runtime import cycles", () => {
  it("finds a cycle when there is one and ignores type-only imports (the check itself works)", () => {
    expect(
      runtimeSpecifiers('import type { A } from "./a";\nimport { type B, type C } from "./b";\nimport { d } from "./d";\nexport * from "./e";\nimport "./f";'),
    ).toEqual(["./d", "./e", "./f"]);
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c"]]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("the application's modules load without a cycle", () => {
    const files = ["server", "routes", "islands", "db", "model", "client"]
      .flatMap((d) => sources(join(ROOT, d)))
      .concat([join(ROOT, "app.ts"), join(ROOT, "main.ts")]);
    // the schema is one module in sections (db/schema/*): a table's foreign keys name other sections'
    // tables lazily, inside `() =>`, so the sections may refer to each other; they count as one node
    const schema = join(ROOT, "db", "schema");
    const node = (f: string) => (f.startsWith(schema + sep) ? join(schema, "index.ts") : f);
    const graph = new Map<string, string[]>();
    for (const f of files) {
      const edges = runtimeSpecifiers(readFileSync(f, "utf8"))
        .flatMap((s) => resolveModule(f, s) ?? [])
        .map(node)
        .filter((e) => e !== node(f));
      graph.set(node(f), [...(graph.get(node(f)) ?? []), ...edges]);
    }
    const named = cycles(graph).map((group) => group.map((f) => f.slice(ROOT.length + 1)).join(" ↔ "));
    expect(named).toEqual([]);
  });
});
