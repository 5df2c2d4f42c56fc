// The business cabinet's one shell in a real browser: the side bar collapsed on one page stays
// collapsed on the next (drawn so by the server, no flash), with each icon's name as its tooltip;
// at 360 px the phone menu's language switch keeps the page, and the project's name is not cut.
// With SHOTS=<dir> it also screenshots every cabinet page of both route families at 360 and
// 1280 px in ru and en (the demo company's, full of data) and checks none scrolls sideways.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { cookiesOf } from "../helpers";
import { shot, e2eApp } from "./browser";
import { businessProject, completedResult, user, type Person } from "../fixtures";

const e = e2eApp({ SEED_DEMO: "true" });
let owner: Person;
let project: string;

beforeAll(async () => {
  owner = await user(e.t, { name: "Olga Orlova" });
  const p = await businessProject(e.t, { owner, name: "Северный ветер — логистика", departments: ["Логистика"] });
  project = p.id;
});

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const ownerPage = (width: number, lang: "ru" | "en") => e.open({ token: owner.token, lang, width, height: 800 });

describe("the cabinet's shell in a browser", () => {
  it("keeps the side bar collapsed on the next page, with each section's name as its tooltip", async () => {
    const { close, context, page, errors } = await ownerPage(1280, "en");
    await page.goto(`${e.base}/business/dashboard`);
    const aside = page.locator("[data-testid=cabinet-sidebar]");
    expect((await aside.boundingBox())!.width).toBe(220);
    // the island that remembers it is an `enhance` one: wait until the loader has run it
    await page.waitForSelector("#cabinet-collapse[data-remembered]", { state: "attached" });
    await page.click("[data-testid=collapse-toggle]");
    await expect.poll(async () => (await aside.boundingBox())!.width).toBe(80);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "cabinet_nav")?.value).toBe("collapsed");
    expect(await page.locator("[data-testid=cabinet-sidebar] [data-nav=employees] a").getAttribute("title")).toBe("Employees");
    // the next page arrives collapsed from the server: its first paint is already 80 px wide
    const next = await (await page.request.get(`${e.base}/dashboard/employees`)).text();
    expect(next).toMatch(/id="cabinet-collapse"[^>]*checked/);
    await page.goto(`${e.base}/dashboard/employees`);
    expect((await aside.boundingBox())!.width).toBe(80);
    if (process.env.SHOTS) {
      await page.hover("[data-testid=cabinet-sidebar] [data-nav=positions] a");
      await shot(page, "cabinet-shell-collapsed-en-1280-dashboard_employees");
    }
    // and opens again the same way
    await page.click("[data-testid=collapse-toggle]");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "cabinet_nav")?.value).toBe("open");
    await page.goto(`${e.base}/business/positions`);
    expect((await aside.boundingBox())!.width).toBe(220);
    expect(errors).toEqual([]);
    await close();
  });

  it("switches the language from the phone menu at 360 px and stays on the page, the project's name whole", async () => {
    const { close, page } = await ownerPage(360, "ru");
    await page.goto(`${e.base}/business/employees?project=${project}`);
    expect(await page.locator("h1").textContent()).toBe("Сотрудники");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // the project dropdown has the header's second row to itself: the name is not cut to "Северн…"
    const select = page.locator("#project-select");
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement("span");
      probe.style.cssText = `font: ${getComputedStyle(el).font}; position: absolute; white-space: nowrap`;
      probe.textContent = el.options[el.selectedIndex]!.text;
      document.body.append(probe);
      const wide = probe.getBoundingClientRect().width;
      probe.remove();
      return wide < el.clientWidth - 16;
    });
    expect(fits).toBe(true);
    await page.click("header details.mobile-only > summary");
    await shot(page, "cabinet-shell-phone-menu-ru-360-business_employees");
    await Promise.all([page.waitForURL(/lang=en/), page.click("header details.mobile-only [data-testid=language-switch] a[hreflang=en]")]);
    expect(new URL(page.url()).pathname).toBe("/business/employees");
    expect(new URL(page.url()).searchParams.get("project")).toBe(project);
    expect(await page.locator("h1").textContent()).toBe("Employees");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await close();
  });
});

describe.runIf(Boolean(process.env.SHOTS))("screenshots of every cabinet page", () => {
  it("at 360 and 1280 px, in ru and en, with nothing scrolling sideways", async () => {
    const demo = cookiesOf(await e.t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } })).masqDemoToken!;
    // a person with a result in the owner's own project, for the pages that need one
    const worker = await user(e.t, { name: "Вера Волкова" });
    await completedResult(e.t, worker);
    const ids = { en: "00000000000000000000a000", ru: "70000000000000000000a000" } as const;
    const deps = { en: "0000000000000000000000d3", ru: "7000000000000000000000d3" } as const;
    const pos = { en: "0000000000000000000000d6", ru: "7000000000000000000000d6" } as const;
    const wide: string[] = [];
    for (const locale of ["ru", "en"] as const) {
      const demoPages = [
        "/business",
        "/business/dashboard",
        "/business/departments",
        `/business/departments/${deps[locale]}`,
        "/business/employees",
        `/business/employees/${ids[locale]}`,
        `/business/employees/compare?ids=${ids[locale]}&ids=${ids[locale].replace(/0$/, "1")}`,
        "/business/positions",
        `/business/positions/${pos[locale]}`,
        "/business/statistics",
        "/business/invite",
        "/business/settings",
        "/business/settings/projects",
        "/business/reports",
        `/business/report?employee=${ids[locale]}`,
        "/business/support",
        "/dashboard",
        "/dashboard/employees",
        `/dashboard/employees/${ids[locale]}`,
        `/dashboard/employees/compare?ids=${ids[locale]}&ids=${ids[locale].replace(/0$/, "1")}`,
        "/dashboard/departments",
        `/dashboard/departments/${deps[locale]}`,
        "/dashboard/positions",
        "/dashboard/invites",
        "/dashboard/project",
        "/dashboard/project/create",
        `/dashboard/report/base?employee=${ids[locale]}`,
      ];
      const ownerPages = ["/business", "/business/dashboard", "/business/settings", "/business/positions", "/business/reports"];
      const privatePerson = await user(e.t, { locale });
      for (const width of [360, 1280]) {
        const runs: [string, { token?: string; demo?: string }, string[]][] = [
          ["demo", { demo }, demoPages],
          ["owner", { token: owner.token }, ownerPages],
          ["private", { token: privatePerson.token }, ["/business?need=employees"]],
        ];
        for (const [who, session, paths] of runs) {
          const { close, context, page } = await e.open({ token: session.token, lang: locale, width, height: 800 });
          if (session.demo) await context.addCookies([{ name: "masqDemoToken", value: session.demo, url: e.base }]);
          for (const path of paths) {
            const res = await page.goto(`${e.base}${path}`);
            expect(res!.status(), `${who} ${path}`).toBe(200);
            if ((await sideways(page)) > 0) {
              // name the widest element that sticks out, to find it
              const culprit = await page.evaluate(() => {
                const out = [...document.querySelectorAll<HTMLElement>("main *")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1);
                const last = out[out.length - 1];
                return last ? `${last.tagName.toLowerCase()}.${last.className.toString().slice(0, 60)} "${(last.textContent ?? "").slice(0, 40)}"` : "";
              });
              wide.push(`${who} ${locale} ${width} ${path}: ${culprit}`);
            }
            const name = `${who}-${locale}-${width}-${path.replace(/[/?=&]+/g, "_").replace(/^_/, "") || "root"}`.slice(0, 120);
            await shot(page, `cabinet-shell-${name}`);
          }
          await close();
        }
      }
    }
    expect(wide).toEqual([]);
  }, 600_000);
});
