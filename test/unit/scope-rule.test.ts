// One way to write and one way to call a service. A write of more than one row goes through
// `transaction(scope, …)` and its follow-up work through `enqueue`: the raw transaction and the raw
// job insert stay inside server/scope.ts and server/jobs.ts, because a second door to them is how a
// nested call ends up committing or mailing on its own (a receipt sent before the outer commit).
// And a service function a handler or page calls takes the request's scope first, never the whole
// deps, and never a raw database handle when it writes: with a scope a write runs the same inside a
// unit of work (the scope carries the transaction and its queue), in a job and in a test. A read may
// take `db` (the same reads run inside units with `tx.db`).
//
// The check reads the sources rather than running TypeScript's checker: the checker over the whole
// program takes minutes here, the scan a second, and both rules are about how code is written (an
// import, a first parameter's declared type, a write in the body), which the text shows plainly. The
// write test sees the function's own body only: a write hidden in a helper it calls passes unseen.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sources } from "./sources";

const PRIVATE = ["runInTransaction", "insertJob"];
/** Where the primitives live, and the unit tests of db/client's primitive itself. */
const OWNERS = new Set(["server/scope.ts", "server/jobs.ts", "test/unit/unit-of-work.test.ts", "test/unit/write-lock.test.ts"]);

/** The names a file imports (static named imports and re-exports, any module). */
export function importedNames(text: string): { names: string[]; from: string }[] {
  const out: { names: string[]; from: string }[] = [];
  for (const m of text.matchAll(/(?:^|[;\n])\s*(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const names = m[1]!
      .split(",")
      .map((s) => s.trim().replace(/^type\s+/, ""))
      .filter(Boolean)
      .map((s) => s.split(/\s+as\s+/)[0]!);
    out.push({ names, from: m[2]! });
  }
  return out;
}

const usesPrivate = (text: string) => importedNames(text).flatMap((i) => i.names.filter((n) => PRIVATE.includes(n)));

function resolveModule(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p) && statSync(p).isFile());
}

/** The first parameter of an exported function `name` declared in `text`: its name and declared type. */
export function firstParam(text: string, name: string): { param: string; type: string } | null | undefined {
  const decl = new RegExp(
    `export\\s+(?:async\\s+)?function\\s+${name}\\s*(?:<[^(]*?>)?\\s*\\(|export\\s+const\\s+${name}\\s*=\\s*(?:async\\s*)?(?:<[^(]*?>)?\\s*\\(`,
  );
  const m = decl.exec(text);
  if (!m) return undefined; // not declared here
  const rest = text.slice(m.index + m[0].length);
  const p = /^\s*(\w+)\??\s*:\s*([\w.]+(?:<[^>]*>)?)/.exec(rest);
  return p ? { param: p[1]!, type: p[2]! } : null; // null: no parameter
}

/** All of the app's deps (the database, the mailer, the jobs…) first: the old `(deps, user, …)` shape. */
export const takesDeps = (p: { param: string; type: string }) => /^(AppDeps\b|Pick<AppDeps\b)/.test(p.type) || p.param === "deps";
/** A raw database handle first. */
export const takesDb = (p: { param: string; type: string }) => /^(Db|Database)\b|^Pick<Scope\b/.test(p.type) || p.param === "db";

/** Does the exported function `name` write (a row, a unit of work, a job, a log entry, a counter) in its own body? */
export function writes(text: string, name: string): boolean {
  const start = new RegExp(`export\\s+(?:async\\s+)?(?:function\\s+|const\\s+)${name}\\b`).exec(text);
  if (!start) return false;
  const next = text.slice(start.index + 1).search(/\nexport\s/);
  const body = text.slice(start.index, next < 0 ? undefined : start.index + 1 + next);
  return /\.(insert|update|delete)\(|\b(transaction|enqueue|enqueueMail|logActivity|take|consume|hit)\(/.test(body);
}

/** The file that declares `name` as exported from `file`, following re-exports (`export {…} from`, `export * from`). */
function declaringFile(file: string, name: string, seen = new Set<string>()): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  if (firstParam(text, name) !== undefined) return file;
  for (const m of text.matchAll(/export\s+(?:\{([^}]*)\}|\*)\s*from\s*["']([^"']+)["']/g)) {
    if (
      m[1] !== undefined &&
      !m[1].split(",").some(
        (s) =>
          s
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0] === name,
      )
    )
      continue;
    const target = resolveModule(file, m[2]!);
    const found = target && declaringFile(target, name, seen);
    if (found) return found;
  }
  return undefined;
}

/** Every service function a handler or a page calls, with the file that declares it. */
function entryPoints(): Map<string, string> {
  const services = join(ROOT, "server/services");
  const callers = [...sources(join(ROOT, "server/api")), ...sources(join(ROOT, "routes"))];
  const out = new Map<string, string>();
  for (const file of callers) {
    const text = readFileSync(file, "utf8");
    const uses: { name: string; module: string }[] = [];
    for (const { names, from } of importedNames(text)) {
      const target = resolveModule(file, from);
      if (target?.startsWith(services)) for (const name of names) uses.push({ name, module: target });
    }
    // `import * as biz from "…/services/business"`: every `biz.name(` is a call into it
    for (const m of text.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s*["']([^"']+)["']/g)) {
      const target = resolveModule(file, m[2]!);
      if (!target?.startsWith(services)) continue;
      for (const call of text.matchAll(new RegExp(`\\b${m[1]}\\.(\\w+)\\s*\\(`, "g"))) uses.push({ name: call[1]!, module: target });
    }
    for (const { name, module } of uses) {
      const declared = declaringFile(module, name);
      if (declared) out.set(`${declared.slice(ROOT.length + 1)}: ${name}`, declared);
    }
  }
  return out;
}

/**
 * The session and the counters are the plumbing a scope is made from (a request's session is read
 * before there is a scope) and are called inside units with `tx.db`: they keep their handle.
 */
const PLUMBING = new Set(["server/services/sessions.ts", "server/services/rate-limits.ts"]);

describe("the unit of work has one door", () => {
  it("finds an import of the private primitives when there is one (the check itself works)", () => {
    expect(usesPrivate('import { runInTransaction, type Db } from "../../db/client";')).toEqual(["runInTransaction"]);
    expect(usesPrivate('import { enqueue, insertJob as put } from "../scope";')).toEqual(["insertJob"]);
    expect(usesPrivate('import { transaction, enqueue } from "../scope";\n// runInTransaction in a comment')).toEqual([]);
  });

  it("nothing but server/scope.ts and server/jobs.ts imports runInTransaction or insertJob", () => {
    const files = ["server", "routes", "islands", "scripts", "test", "model", "client"]
      .flatMap((d) => (existsSync(join(ROOT, d)) ? sources(join(ROOT, d)) : []))
      .concat([join(ROOT, "app.ts"), join(ROOT, "main.ts")].filter((f) => existsSync(f)));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((f) => !OWNERS.has(f.slice(ROOT.length + 1)))
      .flatMap((f) => usesPrivate(readFileSync(f, "utf8")).map((n) => `${f.slice(ROOT.length + 1)} imports ${n}`));
    expect(offenders).toEqual([]);
  });
});

describe("a service a handler or page calls takes the caller's scope", () => {
  it("reads a declaration's first parameter and whether it writes (the check itself works)", () => {
    const text = [
      "export async function a(db: Db, user: UserRow) {\n  await db.insert(x).values(y);\n}",
      "export function b<T extends X>(scope: UserScope, input: T) {}",
      "export const c = async (deps: AppDeps, id: string) => id;",
      "export async function d() {}",
      'export function e(scope: Pick<Scope, "db">, id: string) {\n  return e.db.select().from(x);\n}',
      "export async function f(db: Db, id: string) {\n  return transaction(scope, async () => {});\n}",
    ].join("\n");
    expect(firstParam(text, "a")).toEqual({ param: "db", type: "Db" });
    expect(firstParam(text, "b")).toEqual({ param: "scope", type: "UserScope" });
    expect(firstParam(text, "c")).toEqual({ param: "deps", type: "AppDeps" });
    expect(firstParam(text, "d")).toBeNull();
    expect(firstParam(text, "zz")).toBeUndefined();
    expect(["a", "b", "c", "e"].map((n) => takesDeps(firstParam(text, n)!))).toEqual([false, false, true, false]);
    expect(["a", "b", "c", "e"].map((n) => takesDb(firstParam(text, n)!))).toEqual([true, false, false, true]);
    expect(["a", "b", "e", "f"].map((n) => writes(text, n))).toEqual([true, false, false, true]);
  });

  it("no entry point takes the deps, and none that writes takes a raw database handle", () => {
    const points = entryPoints();
    expect(points.size).toBeGreaterThan(50); // the scan found the handlers' calls
    const raw: string[] = [];
    for (const [key, file] of points) {
      if (PLUMBING.has(file.slice(ROOT.length + 1))) continue;
      const name = key.split(": ")[1]!;
      const text = readFileSync(file, "utf8");
      const p = firstParam(text, name);
      if (p && (takesDeps(p) || (takesDb(p) && writes(text, name)))) raw.push(key);
    }
    expect(raw.sort(), "these take (scope, input)").toEqual([]);
  });
});

// A handler or page reaches the database and the settings through the request's scope
// (`c.get("scope")`: a visitor's, or the one its sign-in guard made), never through the deps:
// one door, so what a handler reads is what the services it calls read (inside a unit of work, the
// transaction). The health check is the infrastructure itself: it pings the driver.
const DEPS_READERS = new Set(["server/api/site.ts"]);
const readsDeps = (text: string) => (text.match(/\bc\.get\("deps"\)/g) ?? []).length;

describe("handlers and pages take the request's scope", () => {
  it("counts the deps read from a handler's context (the check itself works)", () => {
    expect(readsDeps('const db = c.get("deps").db;\nconst { config } = c.get("deps");')).toBe(2);
    expect(readsDeps('const db = c.get("scope").db;')).toBe(0);
  });

  it('no handler or page in server/api or routes reads c.get("deps")', () => {
    const found = [...sources(join(ROOT, "server", "api")), ...sources(join(ROOT, "routes"))]
      .map((file) => file.slice(ROOT.length + 1))
      .filter((file) => !DEPS_READERS.has(file) && readsDeps(readFileSync(join(ROOT, file), "utf8")) > 0);
    expect(found.sort()).toEqual([]);
  });
});
