// A manager's format correction shows the same format, one request later,
// everywhere the person's format is read: the users list, the user page, the users export, the
// business employee list and the person's own report.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, formats, results } from "../../db/schema";
import { FORMATS } from "../../model/formats";
import { createId } from "../../server/lib/ids";
import { businessProject, completedResult, manager, user, type Person } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let boss: Person;
let person: Person;
let project: Awaited<ReturnType<typeof businessProject>>;
let resultId: string;
beforeAll(async () => {
  t = await createTestApp();
  boss = await manager(t);
  person = await user(t, { email: "corrected@example.com", name: "Corrected Person", locale: "en" });
  project = await businessProject(t, { name: "Correction Co" });
  await t.deps.db.insert(employees).values({ id: createId(), projectId: project.id, userId: person._id, name: "Corrected Person" });
  resultId = await completedResult(t, person);
});
afterAll(() => t.close());

describe("a manager's format correction", () => {
  it("is the person's format everywhere at once", async () => {
    const [r] = await t.deps.db.select().from(results).where(eq(results.id, resultId));
    const other = FORMATS.map((f) => f.code).find((code) => code !== r!.formatCode)!;
    const [name] = await t.deps.db.select({ name: formats.name }).from(formats).where(eq(formats.code, other));
    const put = await t.json("PUT", `/api/manager/formats/${resultId}`, { format: other }, boss.h);
    expect(put.status).toBe(200);

    const listed = (await (await t.json("GET", `/api/manager/user?q=corrected@example.com`, undefined, boss.h)).json()) as {
      docs: { email: string; format: unknown }[];
    };
    expect(JSON.stringify(listed.docs.find((u) => u.email === "corrected@example.com")?.format)).toContain(other);

    const page = await (await t.app.request(`/manager/users/${person._id}`, { headers: { Cookie: `token=${boss.token}; i18n_locale=en` } })).text();
    expect(page).toContain(name!.name.en);

    const csv = await (await t.json("POST", "/api/manager/exporting", { kind: "users", format: "csv" }, boss.h)).text();
    const row = csv.split("\n").find((line) => line.includes("corrected@example.com"))!;
    expect(row).toContain(other);

    const list = (await (await t.json("POST", "/api/business/employees", {}, project.h)).json()) as { docs: { format: { code: string } | null }[] };
    expect(list.docs.map((e) => e.format?.code)).toContain(other);

    const report = await (await t.app.request("/report/base", { headers: { Cookie: `token=${person.token}; i18n_locale=en` } })).text();
    expect(report).toContain(name!.name.en);
  });
});
