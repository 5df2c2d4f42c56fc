// The app's route table against the specification's route list. What the spec names and the app
// does not serve yet is listed in spec-routes.missing.txt: a route disappearing from the app fails
// this test, and so does a listed route that now exists (take it off the list). The business and
// back-office issues end by emptying that list.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { loadConfig } from "../../server/config";
import type { AppDeps } from "../../server/context";
import { pathMatcher, routeTable } from "../../server/route-table";
import { SPEC_ROUTES } from "../spec-routes";

const app = createApp({ config: loadConfig({ NODE_ENV: "test" }) } as AppDeps);
const table = routeTable(app);
const SAMPLE_ID = "0123456789abcdef01234567";

/** Concrete paths a spec route stands for: each parameter filled in, optional ones also left out. */
function samples(specPath: string): string[] {
  const withParam = specPath.replace(/\{[^}]+\}/g, SAMPLE_ID);
  const without = specPath.replace(/\/\{[^}]+\?\}/g, "") || "/";
  return [...new Set([withParam, without])];
}

const served = (method: string, specPath: string) =>
  samples(specPath).every((path) => table.some((r) => r.method === method && pathMatcher(r.path).test(path)));

const missing = SPEC_ROUTES.filter((r) => !served(r.method, r.path)).map((r) => `${r.method} ${r.path}`);
const known = new Set(
  readFileSync(new URL("../spec-routes.missing.txt", import.meta.url), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#")),
);

describe("routes of the specification", () => {
  it("prints what the spec names and the app does not serve yet", () => {
    console.log(`spec routes: ${SPEC_ROUTES.length}, served: ${SPEC_ROUTES.length - missing.length}, missing: ${missing.length}\n  ${missing.join("\n  ")}`);
    expect(SPEC_ROUTES.length).toBeGreaterThan(250);
  });

  it("serves every spec route that is not on the known-missing list (nothing served before is lost)", () => {
    expect(missing.filter((r) => !known.has(r))).toEqual([]);
  });

  it("has no route on the known-missing list that the app now serves (shrink the list as they land)", () => {
    expect([...known].filter((r) => !missing.includes(r))).toEqual([]);
  });

  it("puts every manager page and call behind the admin guard, and every business call behind a sign-in", () => {
    const manager = table.filter((r) => /^\/(api\/)?manager(\/|$)/.test(r.path));
    expect(manager.length).toBeGreaterThan(3);
    expect(manager.filter((r) => !r.guards.includes("admin")).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // the read-only demo company is open to anyone (GET for the spec's client, POST for our page)
    const open = new Set(["/api/business/masq-no-auth", "/api/business/masq"]);
    const business = table.filter((r) => r.path.startsWith("/api/business") && !open.has(r.path));
    expect(business.filter((r) => !r.guards.some((g) => ["auth", "business", "project", "admin"].includes(g))).map((r) => r.path)).toEqual([]);
  });

  it("lists page routes with their guards (what `npm run routes` prints)", () => {
    const report = table.find((r) => r.method === "GET" && r.path === "/report/base");
    expect(report?.guards).toContain("auth");
    expect(table.find((r) => r.method === "GET" && r.path === "/manager")?.guards).toContain("admin");
    expect(table.find((r) => r.method === "GET" && r.path === "/login")?.guards).toContain("guest");
  });
});
