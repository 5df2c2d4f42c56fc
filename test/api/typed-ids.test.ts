// Ids in paths are typed at the router (server/lib/ids.ts, `ID_PARAM`): a path whose id is not one
// finds no route, so it is a 404 before any guard or handler runs, never a 400 or a 500, and a
// form posted to it changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departments } from "../../db/schema";
import { businessProject, manager, type ProjectFixture } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let p: ProjectFixture;
let cookie: string;
let managerH: Record<string, string>;
let managerCookie: string;

/** Not ids: a word, one character short, capitals, one too long. */
const MALFORMED = ["not-an-id", "0123456789abcdef0123456", "0123456789ABCDEF01234567", "0123456789abcdef012345678"];

beforeAll(async () => {
  t = await createTestApp();
  p = await businessProject(t, { departments: ["Ops"] });
  cookie = `token=${p.owner.token}; i18n_locale=en`;
  const m = await manager(t);
  managerH = m.h;
  managerCookie = `token=${m.token}; i18n_locale=en`;
});
afterAll(() => t.close());

describe("a malformed id in a path", () => {
  it("is a 404 on the cabinet's pages, where a real id opens the page", async () => {
    const dep = p.dep.Ops!;
    expect((await t.page(`/business/departments/${dep}?project=${p.id}`, cookie)).status).toBe(200);
    for (const page of ["/business/departments", "/dashboard/employees", "/business/positions", "/business/candidates", "/business/integrations/webhooks"]) {
      for (const bad of MALFORMED) {
        const res = await t.page(`${page}/${encodeURIComponent(bad)}?project=${p.id}`, cookie);
        expect(res.status, `${page}/${bad}`).toBe(404);
      }
    }
  });

  it("is a 404 for a posted form, which changes nothing", async () => {
    const dep = p.dep.Ops!;
    const res = await t.form(`/business/departments/${dep.toUpperCase()}?project=${p.id}`, { _form: "delete" }, cookie);
    expect(res.status).toBe(404);
    expect(await t.deps.db.select().from(departments).where(eq(departments.id, dep))).toHaveLength(1);
  });

  it("is a 404 on the back-office's pages, where a real id opens the page", async () => {
    expect((await t.page(`/manager/users/${p.owner._id}`, managerCookie)).status).toBe(200);
    for (const page of ["/manager/users", "/manager/projects", "/manager/rechecker", "/manager/reports"]) {
      for (const bad of MALFORMED) {
        const path = page === "/manager/reports" ? `${page}/${encodeURIComponent(bad)}/edit` : `${page}/${encodeURIComponent(bad)}`;
        expect((await t.page(path, managerCookie)).status, path).toBe(404);
      }
    }
  });

  it("is a 404 from the API, before the guard asks who is calling", async () => {
    const dep = p.dep.Ops!;
    expect((await t.json("GET", `/api/business/departments/${dep}`, undefined, p.h)).status).toBe(200);
    const calls: [string, string, Record<string, string>][] = [
      ["GET", "/api/business/departments/:id", p.h],
      ["DELETE", "/api/business/employees/:id", p.h],
      ["PUT", "/api/business/positions/:id", p.h],
      ["POST", "/api/business/candidates/:id/hire", p.h],
      ["GET", "/api/manager/user/:id", managerH],
      ["GET", "/api/orders/:id", p.owner.h],
      // nobody signed in: still 404, not 401
      ["GET", "/api/business/departments/:id", {}],
    ];
    for (const [method, path, h] of calls) {
      for (const bad of MALFORMED) {
        const url = path.replace(":id", encodeURIComponent(bad));
        const res = await t.json(method, url, method === "GET" || method === "DELETE" ? undefined : {}, h);
        expect(res.status, `${method} ${url}`).toBe(404);
      }
    }
  });
});
