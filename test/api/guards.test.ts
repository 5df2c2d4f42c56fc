// The typed guards: what each lets through, and the `project` guard's tenant isolation, which
// every business call relies on (a project that is not the caller's is never served).
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import type { AppEnv } from "../../server/context";
import { guard } from "../../server/middleware/guards";
import { createTestApp, type TestApp } from "../helpers";
import { businessProject, manager, type Person, user } from "../fixtures";

let t: TestApp;
let app: Hono<AppEnv>;
let admin: Record<string, string>;
let alice: Person, bob: Person, carol: Person;
let aliceProject: string, aliceSecond: string, bobProject: string;

// Probe routes mounted on the real app: each answers what its guard handed the handler.
const probes = (a: Hono<AppEnv>) => {
  a.get("/api/probe/project", guard("project"), (c) => c.json({ project: c.get("project").id, role: c.get("projectRole"), user: c.get("user").id }));
  a.get("/api/probe/admin", guard("admin"), (c) => c.json({ user: c.get("user").email }));
  a.get("/probe/project", guard("project"), (c) => c.text(c.get("project").name));
};

async function activate(r: Person, name: string) {
  return (await businessProject(t, { owner: r, name })).id;
}

beforeAll(async () => {
  t = await createTestApp();
  app = createApp(t.deps, probes) as unknown as Hono<AppEnv>;
  admin = { Authorization: `Bearer ${(await manager(t)).token}` };
  [alice, bob, carol] = [await user(t, { confirmed: false }), await user(t, { confirmed: false }), await user(t, { confirmed: false })];
  aliceProject = await activate(alice, "Alice & Co");
  bobProject = await activate(bob, "Bob Ltd");
  // a second project of Alice's: created directly, as the cabinet issue's create call will
  const { projects } = await import("../../db/schema");
  const { createId } = await import("../../server/lib/ids");
  aliceSecond = createId();
  await t.deps.db.insert(projects).values({ id: aliceSecond, name: "Alice Two", ownerId: alice._id, inviteCode: `code-${aliceSecond}` });
});
afterAll(() => t.close());

const probe = (path: string, headers: Record<string, string>) => app.request(path, { headers: { Accept: "application/json", ...headers } });

describe("the project guard", () => {
  it("gives the owner their project when no project is named", async () => {
    const res = await probe("/api/probe/project", alice.h);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ project: aliceProject, role: "owner", user: alice._id });
  });

  it("takes the Project header, and ?project= over the header", async () => {
    expect((await (await probe("/api/probe/project", { ...alice.h, Project: aliceSecond })).json()).project).toBe(aliceSecond);
    expect((await (await probe(`/api/probe/project?project=${aliceProject}`, { ...alice.h, Project: aliceSecond })).json()).project).toBe(aliceProject);
  });

  it("refuses another owner's project with 403 and an unknown one with 404, never serving it", async () => {
    const other = await probe("/api/probe/project", { ...alice.h, Project: bobProject });
    expect(other.status).toBe(403);
    expect(JSON.stringify(await other.json())).not.toContain("Bob Ltd");
    expect((await probe("/api/probe/project", { ...alice.h, Project: "0123456789abcdef01234567" })).status).toBe(404);
    expect((await probe("/api/probe/project", { ...alice.h, Project: "../../etc" })).status).toBe(404);
    expect((await probe(`/api/probe/project?project=${bobProject}`, alice.h)).status).toBe(403);
  });

  it("lets a manager into any project", async () => {
    const res = await probe("/api/probe/project", { ...admin, Project: bobProject });
    expect(await res.json()).toMatchObject({ project: bobProject, role: "admin" });
  });

  it("refuses a signed-in user without a business account (403) and a guest (401)", async () => {
    expect((await probe("/api/probe/project", carol.h)).status).toBe(403);
    expect((await probe("/api/probe/project", {})).status).toBe(401);
  });

  it("on a page sends a foreign project to the business index instead of an error", async () => {
    const res = await app.request(`/probe/project?project=${bobProject}`, { headers: { Cookie: `token=${alice.token}` } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/business");
    expect(await (await app.request("/probe/project", { headers: { Cookie: `token=${alice.token}` } })).text()).toBe("Alice & Co");
  });
});

describe("the admin guard", () => {
  it("is the one rule for a manager: role admin passes, anyone else gets 403", async () => {
    expect((await probe("/api/probe/admin", admin)).status).toBe(200);
    expect((await probe("/api/probe/admin", alice.h)).status).toBe(403);
    const me = await (await t.json("GET", "/api/passport", undefined, admin)).json();
    expect(me).toMatchObject({ role: "admin", isManager: true });
    expect(await (await t.json("GET", "/api/passport", undefined, alice.h)).json()).toMatchObject({ isManager: false });
  });
});

// Compile-time guarantees, checked by `tsc` in `npm test`: a handler only reads `c.get("user")`
// behind a sign-in guard, and a guard name must exist.
export function typeChecks(a: Hono<AppEnv>) {
  // @ts-expect-error no guard, so no user
  a.get("/x", (c) => c.json(c.get("user").id));
  // @ts-expect-error not a guard
  a.get("/y", guard("administrator"), (c) => c.text("y"));
  // @ts-expect-error `auth` does not give a project
  a.get("/z", guard("auth"), (c) => c.text(c.get("project").id));
  a.get("/ok", guard("auth"), (c) => c.text(c.get("user").id));
}
