// A small project to count by hand (test/api/analytics-stats.test.ts, the analytics browser test):
// two departments, two positions with activities, five people — three sharing results, one tested
// who withdrew consent, one not tested — written straight into the database with chosen
// indicators, so every statistic has a known value.
import { departments, employees, positions, results, tasks, tests, users } from "../db/schema";
import { createId } from "../server/lib/ids";
import type { TestApp } from "./helpers";
import { businessProject, type Person } from "./fixtures";

const day = (d: string) => new Date(`${d}T10:00:00Z`);

export interface AnalyticsSeed {
  owner: Person;
  project: string;
  h: Record<string, string>;
  dep: { sales: string; lab: string };
  pos: { seller: string; researcher: string };
  emp: { anna: string; boris: string; vera: string; gleb: string; dina: string };
}

export async function seedAnalytics(t: TestApp, name = "Acme"): Promise<AnalyticsSeed> {
  const { owner, id: project } = await businessProject(t, { name });
  const db = t.deps.db;
  const [test] = await db.select({ id: tests.id }).from(tests).limit(1);
  const dep = { sales: createId(), lab: createId() };
  await db.insert(departments).values([
    { id: dep.sales, projectId: project, name: "Sales" },
    { id: dep.lab, projectId: project, name: "Lab" },
  ]);
  const pos = { seller: createId(), researcher: createId() };
  await db.insert(positions).values([
    { id: pos.seller, projectId: project, departmentId: dep.sales, name: "Seller" },
    { id: pos.researcher, projectId: project, departmentId: dep.lab, name: "Researcher" },
  ]);
  // Seller: team (weight 1) + global (priority 1 → weight 2); Researcher: individual (weight 1)
  await db.insert(tasks).values([
    { id: createId(), positionId: pos.seller, name: "Team deals", communication: "team", decision: "balanced", priority: 0, sort: 0 },
    { id: createId(), positionId: pos.seller, name: "Market", communication: "global", decision: "improvisation", priority: 1, sort: 1 },
    { id: createId(), positionId: pos.researcher, name: "Experiments", communication: "individual", decision: "moderate", priority: 0, sort: 0 },
  ]);
  const people = [
    {
      key: "anna",
      name: "Anna Antonova",
      dep: dep.sales,
      pos: pos.seller,
      format: "SYS-MID-FAST",
      at: "2026-03-01",
      ind: {
        system: 70,
        analytics: 30,
        volume: 50,
        presentation: 20,
        harmony: 30,
        anxiety: 7,
        ME_SYSTEM: 60,
        ME_ANALYT: 40,
        WE_SYSTEM: 80,
        WE_ANALYT: 20,
        WR_SYSTEM: 60,
        WR_ANALYT: 50,
      },
    },
    {
      key: "boris",
      name: "Boris Borisov",
      dep: dep.sales,
      pos: pos.seller,
      format: "SYS-MID-FAST",
      at: "2026-03-01",
      ind: {
        system: 60,
        analytics: 40,
        volume: 40,
        presentation: 10,
        harmony: 50,
        anxiety: 2,
        ME_SYSTEM: 50,
        ME_ANALYT: 50,
        WE_SYSTEM: 50,
        WE_ANALYT: 40,
        WR_SYSTEM: 100,
        WR_ANALYT: 0,
      },
    },
    {
      key: "vera",
      name: "Vera Vasilyeva",
      dep: dep.lab,
      pos: pos.researcher,
      format: "ANL-HIGH-SLOW",
      at: "2026-03-03",
      ind: {
        system: 20,
        analytics: 80,
        volume: 80,
        presentation: -30,
        harmony: 80,
        anxiety: -5,
        ME_SYSTEM: 20,
        ME_ANALYT: 80,
        WE_SYSTEM: 40,
        WE_ANALYT: 40,
        WR_SYSTEM: 30,
        WR_ANALYT: 80,
      },
    },
    {
      key: "gleb",
      name: "Gleb Glebov",
      dep: dep.lab,
      pos: null,
      format: "BAL-LOW-MID",
      at: "2026-03-02",
      withdrawn: true,
      ind: {
        system: 50,
        analytics: 50,
        volume: 20,
        presentation: 0,
        harmony: 10,
        anxiety: 9,
        ME_SYSTEM: 50,
        ME_ANALYT: 50,
        WE_SYSTEM: 50,
        WE_ANALYT: 50,
        WR_SYSTEM: 50,
        WR_ANALYT: 50,
      },
    },
    { key: "dina", name: "Dina Dmitrieva", dep: null, pos: null, format: null, at: null, ind: null },
  ] as const;
  const emp = {} as AnalyticsSeed["emp"];
  for (const p of people) {
    const userId = createId();
    await db.insert(users).values({ id: userId, email: `${p.key}-${userId}@example.com`, name: p.name, formatCode: p.format, isCompleted: p.format !== null });
    if (p.ind && p.at)
      await db.insert(results).values({
        id: createId(),
        userId,
        testId: test!.id,
        isCompleted: true,
        formatCode: p.format,
        indicators: { ...p.ind },
        createdAt: day(p.at),
        completedAt: day(p.at),
      });
    const id = createId();
    await db.insert(employees).values({
      id,
      projectId: project,
      userId,
      name: p.name,
      departmentId: p.dep,
      positionId: p.pos,
      consentWithdrawnAt: "withdrawn" in p ? new Date() : null,
    });
    emp[p.key] = id;
  }
  return { owner, project, h: { ...owner.h, Project: project, locale: "en" }, dep, pos, emp };
}
