// Idempotent seed: run at every start. Inserts what is missing and never overwrites what a
// manager has edited (formats and reports are refreshed only when absent).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { departments, formats, positions, projects, questions, reports, reviews, sessions, settings, tests, users } from "../schema";
import type { Localized } from "../schema";
import { createId } from "../../server/lib/ids";
import { hashPassword } from "../../server/lib/password-hash";
import { DEMO_REVIEWS } from "./reviews";
import { buildReports } from "./content/reports";
import { DEMO_TEXT, seedDemoCompany } from "./demo-company";
import { DEMO_USER_ID, demoId, demoProjectId } from "./demo-ids";

export { DEMO_PROJECT_ID, DEMO_USER_ID, demoProjectId } from "./demo-ids";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

export const DEFAULT_TEST_ID = "0000000000000000000000a1";
export const INITIAL_TOTAL = 48_213;

interface FormatFile {
  index: number;
  code: string;
  structure: "system" | "analytic" | "balanced";
  volume: "low" | "middle" | "high";
  presentation: "slow" | "middle" | "fast";
  name: Localized;
  description: Localized;
}

interface ItemFile {
  position: number;
  code: string;
  text: Localized;
  keys: { scale: string; sign: number; weight?: number }[];
  pairWith?: number;
}

export async function seed(db: Db, opts: { adminEmail?: string; adminPassword?: string; demo?: boolean } = {}) {
  const formatList = JSON.parse(readFileSync(join(root, "model/formats.json"), "utf8")) as FormatFile[];
  await db
    .insert(formats)
    .values(
      formatList.map((f) => ({
        code: f.code,
        position: f.index,
        structure: f.structure,
        volume: f.volume,
        presentation: f.presentation,
        name: f.name,
        description: f.description,
      })),
    )
    .onConflictDoNothing();
  // databases seeded before the names were written get them now; a manager's edit is never overwritten
  for (const f of formatList) {
    await db
      .update(formats)
      .set({ name: f.name, description: f.description })
      .where(and(eq(formats.code, f.code), sql`json_extract(${formats.name}, '$.ru') = ''`));
  }
  await db
    .insert(reports)
    .values(buildReports(formatList).map((r) => ({ ...r, id: createId() })))
    .onConflictDoNothing();

  await seedTest(db);
  await db.insert(settings).values({ key: "stats.total", value: INITIAL_TOTAL }).onConflictDoNothing();

  if (opts.adminEmail && opts.adminPassword) await upsertAdmin(db, opts.adminEmail, opts.adminPassword);

  if (opts.demo !== false) {
    await db.insert(reviews).values(DEMO_REVIEWS).onConflictDoNothing();
    await seedDemoBusiness(
      db,
      formatList.map((f) => f.code),
    );
  }
}

async function seedTest(db: Db) {
  const file = join(root, "model/items.v1.json");
  if (!existsSync(file)) return;
  const items = JSON.parse(readFileSync(file, "utf8")) as ItemFile[];
  await db
    .insert(tests)
    .values({
      id: DEFAULT_TEST_ID,
      name: { ru: "Формат мышления", en: "Thinking format" },
      description: {
        ru: "110 утверждений о том, как вы думаете, решаете и действуете. Около 20 минут.",
        en: "110 statements about how you think, decide and act. About 20 minutes.",
      },
      itemBankVersion: "items-v1",
      minutes: 20,
      isDefault: true,
    })
    .onConflictDoNothing();
  await db
    .insert(questions)
    .values(
      items.map((it) => ({
        id: `0000000000000000000a${it.position.toString(16).padStart(4, "0")}`,
        testId: DEFAULT_TEST_ID,
        position: it.position,
        code: it.code,
        text: it.text,
        keys: it.keys,
        pairWith: it.pairWith ?? null,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The admin from ADMIN_EMAIL/ADMIN_PASSWORD: created, or an existing account promoted and given
 * that password. Promotion ends the account's sessions (whoever held them did not necessarily
 * know this password), and an address never confirmed stays unconfirmed: manager rights start
 * once it is (isManager), so a sign-up squatting on the admin's address gains nothing.
 */
async function upsertAdmin(db: Db, email: string, password: string) {
  const normalized = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, normalized));
  if (existing) {
    if (existing.role !== "admin") await db.delete(sessions).where(eq(sessions.userId, existing.id));
    // the bootstrap manager is an admin of the back-office (roles: server/admin/roles.ts)
    await db.update(users).set({ role: "admin", managerRole: "admin", passwordHash, isActive: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return;
  }
  await db.insert(users).values({
    id: createId(),
    email: normalized,
    passwordHash,
    name: "Administrator",
    role: "admin",
    managerRole: "admin",
    emailConfirmedAt: new Date(),
  });
}

async function seedDemoBusiness(db: Db, formatCodes: string[]) {
  await db
    .insert(users)
    .values({
      id: DEMO_USER_ID,
      email: "demo-business@thinking-format.local",
      name: "Demo Company",
      isBusiness: true,
      emailConfirmedAt: new Date(),
    })
    .onConflictDoNothing();
  const [test] = await db.select({ id: tests.id }).from(tests).where(eq(tests.id, DEFAULT_TEST_ID));
  for (const lang of ["en", "ru"] as const) {
    const text = DEMO_TEXT[lang];
    const projectId = demoProjectId(lang);
    await db
      .insert(projects)
      .values({
        id: projectId,
        name: text.project.name,
        description: text.project.description,
        ownerId: DEMO_USER_ID,
        inviteCode: lang === "en" ? "demo-project" : `demo-project-${lang}`,
        inviteBalance: 1,
        isDemo: true,
      })
      .onConflictDoNothing();
    const deps = ["0000000000000000000000d3", "0000000000000000000000d4", "0000000000000000000000d5"].map((id, i) => ({
      id: demoId(lang, id),
      name: text.departments[i]!,
    }));
    await db
      .insert(departments)
      .values(deps.map((d) => ({ ...d, projectId })))
      .onConflictDoNothing();
    const posIds = ["0000000000000000000000d6", "0000000000000000000000d7"].map((id) => demoId(lang, id));
    await db
      .insert(positions)
      .values([
        { id: posIds[0]!, projectId, departmentId: deps[0]!.id, name: text.positions[0] },
        { id: posIds[1]!, projectId, departmentId: deps[1]!.id, name: text.positions[1] },
      ])
      .onConflictDoNothing();
    if (test)
      await seedDemoCompany(
        db,
        projectId,
        deps.map((d) => d.id),
        posIds,
        test.id,
        formatCodes,
        lang,
      );
  }
}
