// The folded search key (migration 0021's triggers) on the scale-out driver: libSQL reads the
// schema with a smaller parser stack, and a trigger too deeply nested made it refuse the database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { businessProject, user } from "../fixtures";
import { bodyOf, createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DATABASE_DRIVER: "libsql" });
});
afterAll(() => t.close());

it("finds «Анна» by «аННА» on libSQL too", async () => {
  const co = await businessProject(t, { name: "Libsql Co" });
  await t.deps.db.update(projects).set({ inviteBalance: 5 }).where(eq(projects.id, co.id));
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode!;
  for (const name of ["Анна Ёжикова", "Борис"]) {
    const p = await user(t);
    expect((await t.json("POST", `/api/business/join/${code}`, { agree: true, name }, p.h)).status).toBe(201);
  }
  const found = await bodyOf<{ docs: { name: string }[] }>(await t.json("POST", "/api/business/employees", { filter: { q: "аННА ежик" } }, co.h));
  expect(found.docs.map((d) => d.name)).toEqual(["Анна Ёжикова"]);
});
