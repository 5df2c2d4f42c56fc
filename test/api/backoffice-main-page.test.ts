// The back-office's main page at scale: counts with their thousands separators in the reader's
// language, a sum's "₽" kept with its figure, no buttons that repeat the side bar, and the mail-off
// notice without the server's paths; the journal is titled as the side bar names it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { createTestApp, type TestApp } from "../helpers";
import { manager, type Person } from "../fixtures";

let t: TestApp;
let boss: Person;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  boss = await manager(t);
  // 1,200 sign-ups, written at once (the count is what is read)
  await t.deps.db.insert(users).values(Array.from({ length: 1200 }, (_, i) => ({ id: createId(), email: `bulk-${i}@example.org` })));
}, 120_000);
afterAll(() => t.close());

const html = async (path: string, locale: string) => (await t.page(path, `token=${boss.token}; i18n_locale=${locale}`)).text();

describe("the main page", () => {
  it("writes large counts with separators in each language", async () => {
    const ru = await html("/manager", "ru");
    const users = (s: string) => s.slice(s.indexOf('data-stat="users"'), s.indexOf("</div>", s.indexOf('data-stat="users"')));
    expect(users(ru)).toMatch(/1\u00a020\d/);
    const en = await html("/manager", "en");
    expect(users(en)).toMatch(/1,20\d/);
  });

  it("keeps the revenue's ₽ with its figure and does not repeat the side bar", async () => {
    const ru = await html("/manager", "ru");
    expect(ru).toMatch(/data-stat="revenue"[\s\S]*?<span class="whitespace-nowrap">[^<]*₽<\/span>/);
    expect(ru).not.toContain('class="btn-secondary py-1" href="/manager/stats"');
  });

  it("says mail is off without printing where the server keeps its files", async () => {
    const ru = await html("/manager", "ru");
    expect(ru).toContain('data-warning="mail-off"');
    expect(ru).not.toContain(t.deps.config.OUTBOX_DIR);
  });
});
