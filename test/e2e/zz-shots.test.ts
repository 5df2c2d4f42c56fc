// TEMPORARY (not committed): screenshots of the pages cab-data changed, 360 and 1280 px, ru and en.
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, it } from "vitest";
import { employees, formats, invites, projects, results } from "../../db/schema";
import { businessProject, completedResult, user } from "../fixtures";
import { bodyOf } from "../helpers";
import { startE2E, type E2E } from "./browser";

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e.close());

it("shots", async () => {
  const t = e.t;
  const owner = await user(t, { name: "Ольга Владелец", confirmed: true });
  const co = await businessProject(t, {
    owner,
    name: "Северный ветер",
    departments: ["Продажи", "Логистика"],
    positions: [
      { name: "Продавец", department: "Продажи", tasks: [{ name: "Звонки", communication: "team", decision: "improvisation", priority: 2 }] },
      { name: "Кладовщик", department: "Логистика", tasks: [{ name: "Учёт", communication: "individual", decision: "balanced" }] },
    ],
  });
  await t.deps.db.update(projects).set({ inviteBalance: 40 }).where(eq(projects.id, co.id));
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode!;
  const sub = await bodyOf<{ _id: string }>(await t.json("POST", "/api/business/departments", { name: "Склад", parent: co.dep["Логистика"] }, co.h));
  const people: { p: Awaited<ReturnType<typeof user>>; emp: string }[] = [];
  const names = ["Анна Антонова", "Борис Борисов", "Глеб Глебов", "Дина Дмитриева", "Вера Васильева", "Егор Егоров"];
  for (const [i, n] of names.entries()) {
    const p = await user(t, { name: n, locale: "ru" });
    const emp = (await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${code}`, { agree: true, name: n }, p.h))).employee;
    await t.deps.db
      .update(employees)
      .set({
        departmentId: i % 3 === 0 ? co.dep["Продажи"] : i % 3 === 1 ? co.dep["Логистика"] : sub._id,
        positionId: i % 2 ? co.pos["Продавец"] : co.pos["Кладовщик"],
        personnelNumber: `T-${100 + i}`,
      })
      .where(eq(employees.id, emp));
    const rid = await completedResult(t, p, (q) => ((q + i) % 3 === 0 ? 2 : (q * (i + 1)) % 5 === 0 ? -2 : 1));
    if (i === 1) {
      const [own] = await t.deps.db.select().from(results).where(eq(results.id, rid));
      const [other] = await t.deps.db.select({ code: formats.code }).from(formats).where(ne(formats.code, own!.formatCode!)).limit(1);
      await t.deps.db
        .update(results)
        .set({ probability: 0.31, runnerUpCode: other!.code, runnerUpProbability: 0.29, quality: { grade: "poor", flags: ["misfit"] } })
        .where(eq(results.id, rid));
    }
    people.push({ p, emp });
  }
  await t.json("POST", "/api/business/employees/activate-manager", { employee: people[1]!.emp, type: "department", department: co.dep["Продажи"] }, co.h);
  await t.json("POST", `/api/business/consent/${co.id}`, { consent: false }, people[2]!.p.h);
  await t.json("POST", "/api/business/projects/reset-efficiency", {}, co.h);
  // views for Anna
  await t.json("GET", `/api/business/employees/${people[0]!.emp}`, undefined, co.h);
  await t.json("POST", "/api/business/employees/activate-manager", { employee: people[3]!.emp, type: "project" }, co.h);
  await t.json("GET", `/api/business/employees/${people[0]!.emp}`, undefined, { ...people[3]!.p.h, Project: co.id });
  const testUser = await user(t, { name: "Тест", locale: "ru" });

  const shots: [string, string, string][] = [];
  const { writeFileSync } = await import("node:fs");
  for (const locale of ["ru", "en"]) {
    const res = await t.app.request(`/api/report/business?format=pdf&team=1&project=${co.id}`, { headers: { ...co.h, locale } });
    writeFileSync(`/tmp/shots/team-${locale}.pdf`, new Uint8Array(await res.arrayBuffer()));
  }
  const host = new URL(e.base).hostname;
  for (const [w, h] of [
    [360, 780],
    [1280, 900],
  ] as const) {
    for (const locale of ["ru", "en"]) {
      const ctx = await e.browser.newContext({ viewport: { width: w, height: h }, hasTouch: w === 360, isMobile: w === 360 });
      for (const [name, path, token] of shots) {
        await ctx.clearCookies();
        await ctx.addCookies([
          { name: "token", value: token, domain: host, path: "/" },
          { name: "i18n_locale", value: locale, domain: host, path: "/" },
        ]);
        const page = await ctx.newPage();
        await page.goto(`${e.base}${path}`, { waitUntil: "load" });
        if (name === "invite-member") await page.locator('[data-testid="consent-withdraw"] summary').first().click();
        await page.waitForTimeout(250);
        await page.screenshot({ path: `/tmp/shots/${name}-${w}-${locale}.png`, fullPage: true });
        const pays = page.locator("[data-testid=employer-pays]");
        if (await pays.count()) await pays.screenshot({ path: `/tmp/shots/${name}-pays-${w}-${locale}.png` });
        await page.close();
      }
      // the test runner after a tap on the phone
      if (w === 360) {
        await ctx.clearCookies();
        await ctx.addCookies([
          { name: "token", value: testUser.token, domain: host, path: "/" },
          { name: "i18n_locale", value: locale, domain: host, path: "/" },
        ]);
        const page = await ctx.newPage();
        await page.goto(`${e.base}/test/start`, { waitUntil: "load" });
        const start = page.locator("form[action='/test/start'] button, [data-testid=start]").first();
        if (await start.count()) await start.click();
        await page.waitForSelector("[data-testid=test-runner][data-hydrated]", { timeout: 15000 }).catch(() => null);
        const first = page.locator("button[data-choice]").first();
        if (await first.count()) {
          await first.tap();
          await page.waitForTimeout(400);
        }
        await page.screenshot({ path: `/tmp/shots/runner-after-tap-${w}-${locale}.png` });
        await page.close();
      }
      await ctx.close();
    }
  }
  // the table's width at 1280
  const ctx = await e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ctx.addCookies([
    { name: "token", value: owner.token, domain: host, path: "/" },
    { name: "i18n_locale", value: "ru", domain: host, path: "/" },
  ]);
  const page = await ctx.newPage();
  await page.goto(`${e.base}/business/employees`);
  const dims = await page.evaluate(() => {
    const w = document.querySelector("[data-testid=employee-table-wrap]") as HTMLElement;
    const tbl = document.querySelector("[data-testid=employee-table]") as HTMLElement;
    return { wrap: w.clientWidth, table: tbl.scrollWidth };
  });
  console.log("TABLE", JSON.stringify(dims));
  await ctx.close();
  void invites;
}, 300_000);
