// The demo company's people (spec §1: a read-only demo project anyone can look around): a dozen
// employees in three departments with completed results, positions with activities, supervisors
// and the invitations they came by. Fixed ids, inserted only when absent (idempotent).
import type { Db } from "../client";
import { departments, employees, invites, positions, results, tasks, users } from "../schema";

const id = (prefix: string, n: number) => `00000000000000000000${prefix}${n.toString(16).padStart(3, "0")}`.slice(-24);

const PEOPLE: [name: string, dep: number, pos: number, harmony: number, anxiety: number][] = [
  ["Anna Sokolova", 0, 0, 72, -4],
  ["Boris Ivanov", 0, 0, 55, 2],
  ["Clara Novak", 0, 0, 38, 6],
  ["Dmitry Orlov", 1, 1, 64, -2],
  ["Elena Petrova", 1, 1, 81, -7],
  ["Farid Aliyev", 1, 1, 47, 1],
  ["Galina Smirnova", 1, 2, 59, 0],
  ["Hugo Martin", 2, 2, 68, -3],
  ["Irina Kuznetsova", 2, 2, 43, 4],
  ["Jonas Berg", 2, 2, 76, -5],
  ["Kira Volkova", 0, 0, 52, 3],
  ["Leo Fischer", 1, 1, 61, -1],
];

export async function seedDemoCompany(db: Db, projectId: string, depIds: string[], posIds: string[], testId: string, formatCodes: string[]) {
  if (!formatCodes.length) return;
  const extraPosition = id("e", 1);
  await db
    .insert(positions)
    .values({ id: extraPosition, projectId, departmentId: depIds[2]!, name: "Marketing specialist" })
    .onConflictDoNothing();
  const allPositions = [...posIds, extraPosition];
  const activities = [
    [["Client calls", "individual", "moderate"], ["Pipeline review", "team", "balanced"]],
    [["Feature development", "team", "balanced"], ["Architecture decisions", "global", "moderate"], ["Incident response", "individual", "improvisation"]],
    [["Campaign planning", "global", "improvisation"], ["Content", "individual", "balanced"]],
  ] as const;
  await db
    .insert(tasks)
    .values(activities.flatMap((list, p) => list.map(([name, communication, decision], i) => ({ id: id(`f${p}`, i), positionId: allPositions[p]!, name, communication, decision, sort: i, priority: list.length - i }))))
    .onConflictDoNothing();
  const now = Date.now();
  const people = PEOPLE.map(([name, dep, pos, harmony, anxiety], i) => {
    const system = 30 + ((i * 17) % 45);
    return {
      user: { id: id("b", i), email: `demo-employee-${i + 1}@thinking-format.local`, name, isCompleted: true, formatCode: formatCodes[(i * 5) % formatCodes.length]!, emailConfirmedAt: new Date(now) },
      result: {
        id: id("c", i),
        userId: id("b", i),
        testId,
        isCompleted: true,
        formatCode: formatCodes[(i * 5) % formatCodes.length]!,
        probability: 0.8,
        indicators: { system, analytics: 100 - system, volume: 40 + ((i * 11) % 40), presentation: ((i * 7) % 21) - 10, harmony, anxiety },
        completedAt: new Date(now - i * 86_400_000),
        isCorrect: true,
      },
      employee: { id: id("a", i), projectId, userId: id("b", i), name, departmentId: depIds[dep]!, positionId: allPositions[pos]! },
      invite: { id: id("d", i), projectId, userId: id("b", i), email: `demo-employee-${i + 1}@thinking-format.local`, link: `demo-invite-${i + 1}`, kind: "email" as const, status: "completed test" as const },
    };
  });
  await db.insert(users).values(people.map((p) => p.user)).onConflictDoNothing();
  await db.insert(results).values(people.map((p) => p.result)).onConflictDoNothing();
  await db.insert(employees).values(people.map((p) => p.employee)).onConflictDoNothing();
  await db.insert(invites).values(people.map((p) => p.invite)).onConflictDoNothing();
  // a supervisor for each department, and two people still on their way
  const { eq, and, isNull } = await import("drizzle-orm");
  for (const [dep, person] of [[0, 0], [1, 4], [2, 7]] as const) {
    await db.update(departments).set({ supervisorId: id("a", person) }).where(and(eq(departments.id, depIds[dep]!), isNull(departments.supervisorId)));
  }
  await db
    .insert(invites)
    .values([
      { id: id("d", 100), projectId, email: "new.hire@example.com", link: "demo-invite-pending-1", kind: "email", status: "Sent" },
      { id: id("d", 101), projectId, email: "candidate@example.com", link: "demo-invite-pending-2", kind: "email", status: "Invited" },
    ])
    .onConflictDoNothing();
}
