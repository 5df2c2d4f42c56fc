// The demo company's people (spec §1: a read-only demo project anyone can look around): a dozen
// employees in three departments with completed results, positions with activities, supervisors
// and the invitations they came by. Fixed ids, inserted only when absent (idempotent).
import type { Db } from "../client";
import { formatFromIndicators, type Indicators } from "../../model/scoring";
import { recomputeEfficiencies } from "../../server/services/business/efficiency";
import { type DemoLang, demoId } from "./demo-ids";
import { departments, employees, invites, positions, results, skills, tasks, users } from "../schema";

const baseId = (prefix: string, n: number) => `00000000000000000000${prefix}${n.toString(16).padStart(3, "0")}`.slice(-24);

export const PEOPLE: [name: string, dep: number, pos: number, harmony: number, anxiety: number][] = [
  ["Anna Sokolova", 0, 0, 72, -4],
  ["Boris Ivanov", 0, 0, 55, 2],
  ["Clara Novak", 0, 4, 38, 6],
  ["Dmitry Orlov", 1, 1, 64, -2],
  ["Elena Petrova", 1, 3, 81, -7],
  ["Farid Aliyev", 1, 1, 47, 1],
  ["Galina Smirnova", 1, 1, 59, 0],
  ["Hugo Martin", 2, 2, 68, -3],
  ["Irina Kuznetsova", 2, 2, 43, 4],
  ["Jonas Berg", 2, 2, 76, -5],
  ["Kira Volkova", 0, 0, 52, 3],
  ["Leo Fischer", 1, 4, 61, -1],
];

/** The demo company in each UI language: one project per language, the same people and numbers. */
export const DEMO_TEXT = {
  en: {
    project: { name: "Demo project", description: "A sample company to explore the business cabinet" },
    departments: ["Sales", "Development", "Marketing"],
    positions: ["Account manager", "Software engineer", "Marketing specialist", "Team lead", "Business analyst"],
    people: PEOPLE.map((p) => p[0]),
    domain: "example.com",
    activities: [
      ["Client calls", "Pipeline review", "Account plans"],
      ["Feature development", "Architecture decisions", "Incident response"],
      ["Campaign planning", "Content"],
      ["One-to-ones", "Sprint planning", "Roadmap"],
      ["Requirements", "Market research", "Workshops"],
    ],
    skill: { name: "Negotiation", description: "Holding a position with a client or partner and finding the deal" },
    notes: ["Led the sales team through the 2025 reorganisation", "Closed the two largest contracts of the year", "Mentors two junior engineers"],
  },
  ru: {
    project: { name: "Демо-проект", description: "Пример компании, чтобы осмотреть бизнес-кабинет" },
    departments: ["Продажи", "Разработка", "Маркетинг"],
    positions: ["Менеджер по работе с клиентами", "Разработчик", "Маркетолог", "Руководитель команды", "Бизнес-аналитик"],
    people: [
      "Анна Соколова",
      "Борис Иванов",
      "Клара Новак",
      "Дмитрий Орлов",
      "Елена Петрова",
      "Фарид Алиев",
      "Галина Смирнова",
      "Григорий Мартынов",
      "Ирина Кузнецова",
      "Юрий Бергман",
      "Кира Волкова",
      "Лев Фишер",
    ],
    domain: "example.ru",
    activities: [
      ["Звонки клиентам", "Разбор воронки продаж", "Планы по клиентам"],
      ["Разработка функций", "Архитектурные решения", "Разбор инцидентов"],
      ["Планирование кампаний", "Контент"],
      ["Встречи один на один", "Планирование спринта", "Дорожная карта"],
      ["Требования", "Исследование рынка", "Воркшопы"],
    ],
    skill: { name: "Переговоры", description: "Удерживать позицию с клиентом или партнёром и находить сделку" },
    notes: ["Провела отдел продаж через реорганизацию 2025 года", "Закрыл два крупнейших контракта года", "Наставник двух младших разработчиков"],
  },
} as const;

/** An employee's demo address: a name at an example domain, never an internal one. */
const demoEmail = (lang: DemoLang, i: number) => `${PEOPLE[i]![0].toLowerCase().replace(" ", ".")}@${DEMO_TEXT[lang].domain}`;

// system, analytics, volume, presentation per person: a spread of real-looking profiles
const PROFILES: [number, number, number, number][] = [
  [72, 38, 55, 40],
  [48, 62, 70, 12],
  [35, 44, 30, -35],
  [78, 52, 42, -20],
  [66, 70, 74, 55],
  [40, 75, 61, -8],
  [58, 33, 48, 3],
  [30, 68, 80, 64],
  [62, 45, 25, -60],
  [55, 58, 66, 30],
  [44, 40, 50, 70],
  [69, 61, 38, -45],
];
const clamp = (v: number) => Math.max(0, Math.min(100, Math.round(v)));

/** Indicators with the three spheres around the person's levels (team stronger for some, the big picture for others). */
export function demoIndicators(i: number, harmony: number, anxiety: number): Indicators {
  const [sys, anl, volume, presentation] = PROFILES[i % PROFILES.length]!;
  const tilt = [((i * 7) % 13) - 6, ((i * 5) % 11) - 5, ((i * 3) % 9) - 4];
  const ind = {
    ME_SYSTEM: clamp(sys + tilt[0]! * 2),
    ME_ANALYT: clamp(anl - tilt[1]!),
    WE_SYSTEM: clamp(sys + tilt[1]! * 2),
    WE_ANALYT: clamp(anl + tilt[2]! * 2),
    WR_SYSTEM: clamp(sys + tilt[2]!),
    WR_ANALYT: clamp(anl + tilt[0]!),
    volume,
    presentation,
    harmony,
    anxiety,
  };
  return {
    ...ind,
    system: clamp((ind.ME_SYSTEM + ind.WE_SYSTEM + ind.WR_SYSTEM) / 3),
    analytics: clamp((ind.ME_ANALYT + ind.WE_ANALYT + ind.WR_ANALYT) / 3),
  };
}

/** The demo positions' activities (communication, decision), in the order of the positions; model/fit-spread.ts reads them too. */
export const DEMO_ACTIVITIES = [
  [
    ["team", "improvisation"],
    ["team", "balanced"],
    ["individual", "moderate"],
  ],
  [
    ["team", "balanced"],
    ["global", "moderate"],
    ["individual", "improvisation"],
  ],
  [
    ["global", "improvisation"],
    ["individual", "balanced"],
  ],
  [
    ["team", "moderate"],
    ["team", "balanced"],
    ["global", "moderate"],
  ],
  [
    ["individual", "moderate"],
    ["global", "moderate"],
    ["team", "improvisation"],
  ],
] as const;

export async function seedDemoCompany(
  db: Db,
  projectId: string,
  depIds: string[],
  posIds: string[],
  testId: string,
  formatCodes: string[],
  lang: DemoLang = "en",
) {
  if (!formatCodes.length) return;
  const text = DEMO_TEXT[lang];
  const id = (prefix: string, n: number) => demoId(lang, baseId(prefix, n));
  const extra = [
    { id: id("e", 1), departmentId: depIds[2]!, name: text.positions[2] },
    { id: id("e", 2), departmentId: depIds[1]!, name: text.positions[3] },
    { id: id("e", 3), departmentId: depIds[0]!, name: text.positions[4] },
  ];
  await db
    .insert(positions)
    .values(extra.map((p) => ({ ...p, projectId })))
    .onConflictDoNothing();
  const allPositions = [...posIds, ...extra.map((p) => p.id)];
  await db
    .insert(tasks)
    .values(
      DEMO_ACTIVITIES.flatMap((list, p) =>
        list.map(([communication, decision], i) => ({
          id: id(`f${p}`, i),
          positionId: allPositions[p]!,
          name: text.activities[p]![i]!,
          communication,
          decision,
          sort: i,
          priority: list.length - i,
        })),
      ),
    )
    .onConflictDoNothing();
  const now = Date.now();
  const known = new Set(formatCodes);
  const people = PEOPLE.map(([, dep, pos, harmony, anxiety], i) => {
    const name = text.people[i]!;
    const indicators = demoIndicators(i, harmony, anxiety);
    const ruled = formatFromIndicators(indicators).code;
    const formatCode = known.has(ruled) ? ruled : formatCodes[(i * 5) % formatCodes.length]!;
    return {
      user: { id: id("b", i), email: demoEmail(lang, i), name, isCompleted: true, formatCode, emailConfirmedAt: new Date(now) },
      result: {
        id: id("c", i),
        userId: id("b", i),
        testId,
        isCompleted: true,
        formatCode,
        probability: 0.8,
        indicators: indicators as unknown as Record<string, number>,
        completedAt: new Date(now - i * 86_400_000),
        isCorrect: true,
      },
      employee: { id: id("a", i), projectId, userId: id("b", i), name, departmentId: depIds[dep]!, positionId: allPositions[pos]! },
      invite: {
        id: id("d", i),
        projectId,
        userId: id("b", i),
        email: demoEmail(lang, i),
        link: `demo-invite-${lang === "en" ? "" : `${lang}-`}${i + 1}`,
        kind: "email" as const,
        status: "completed test" as const,
      },
    };
  });
  await db
    .insert(users)
    .values(people.map((p) => p.user))
    .onConflictDoNothing();
  await db
    .insert(results)
    .values(people.map((p) => p.result))
    .onConflictDoNothing();
  await db
    .insert(employees)
    .values(people.map((p) => p.employee))
    .onConflictDoNothing();
  await db
    .insert(invites)
    .values(people.map((p) => p.invite))
    .onConflictDoNothing();
  // a supervisor for each department, and two people still on their way
  const { eq, and, isNull } = await import("drizzle-orm");
  for (const [dep, person] of [
    [0, 0],
    [1, 4],
    [2, 7],
  ] as const) {
    await db
      .update(departments)
      .set({ supervisorId: id("a", person) })
      .where(and(eq(departments.id, depIds[dep]!), isNull(departments.supervisorId)));
  }
  await db
    .insert(invites)
    .values([
      { id: id("d", 100), projectId, email: `new.hire@${text.domain}`, link: `demo-invite-${lang}-pending-1`, kind: "email", status: "Sent" },
      { id: id("d", 101), projectId, email: `candidate@${text.domain}`, link: `demo-invite-${lang}-pending-2`, kind: "email", status: "Invited" },
    ])
    .onConflictDoNothing();
  // a company skill and a few values entered by the supervisors, with who and when
  const negotiation = id("9", 1);
  await db
    .insert(skills)
    .values([
      {
        id: negotiation,
        projectId,
        type: "custom",
        name: text.skill.name,
        description: text.skill.description,
        weights: { WE_ANALYT: 2, confidence: 2, speed: 1 },
      },
      {
        id: id("9", 2),
        projectId,
        employeeId: id("a", 0),
        type: "manager",
        subtype: "team",
        skillKey: "manager.team",
        acquired: 78,
        description: text.notes[0],
        enteredBy: id("b", 0),
        enteredByName: text.people[0],
        updatedAt: new Date(now - 20 * 86_400_000),
      },
      {
        id: id("9", 3),
        projectId,
        employeeId: id("a", 1),
        type: "custom",
        skillKey: negotiation,
        acquired: 70,
        description: text.notes[1],
        enteredBy: id("b", 0),
        enteredByName: text.people[0],
        updatedAt: new Date(now - 9 * 86_400_000),
      },
      {
        id: id("9", 4),
        projectId,
        employeeId: id("a", 4),
        type: "general",
        skillKey: "mentoring",
        acquired: 85,
        description: text.notes[2],
        enteredBy: id("b", 4),
        enteredByName: text.people[4],
        updatedAt: new Date(now - 3 * 86_400_000),
      },
    ])
    .onConflictDoNothing();
  // installs seeded before showed internal addresses for the demo people: replaced once
  const { like } = await import("drizzle-orm");
  if (lang === "en")
    for (let i = 0; i < PEOPLE.length; i++) {
      await db
        .update(users)
        .set({ email: demoEmail(lang, i) })
        .where(and(eq(users.id, id("b", i)), like(users.email, "%@thinking-format.local")));
      await db
        .update(invites)
        .set({ email: demoEmail(lang, i) })
        .where(and(eq(invites.id, id("d", i)), like(invites.email, "%@thinking-format.local")));
    }
  // the efficiencies for every employee × position, as the cabinet shows them
  await recomputeEfficiencies(db, projectId);
}
