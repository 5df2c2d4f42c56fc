// The back-office's one search: a box in every screen's header (with a skip link to it and the
// "/" and Ctrl+K shortcuts announced), and /manager/search finding a person, their projects and
// codes by what a manager types, each linked, with the count and the whole list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { businessProject, manager, user } from "../fixtures";

let t: TestApp;
let cookie: (lang?: string) => string;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await manager(t);
  admin = boss.h;
  cookie = (lang = "en") => `token=${boss.token}; i18n_locale=${lang}`;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const page = async (path: string, lang = "en") => (await t.app.request(path, { headers: { Cookie: cookie(lang) } })).text();

describe("global search", () => {
  it("every back-office screen carries the search box, reachable by a skip link, with its shortcuts announced", async () => {
    for (const path of ["/manager", "/manager/users", "/manager/rechecker"]) {
      const html = await page(path);
      expect(html, path).toMatch(/<form role="search" method="get" action="\/manager\/search"/);
      expect(html, path).toContain('aria-keyshortcuts="/ Control+K"');
      expect(html, path).toContain('href="#manager-search"');
      expect(html, path).toContain("Skip to search");
      // the script that gives "/" and Ctrl+K
      expect(html, path).toContain("manager-keys");
    }
    expect(await page("/manager", "ru")).toContain("Перейти к поиску");
  });

  it("finds a person, their project and a coupon by what is typed, linked by name, with counts and the whole list", async () => {
    for (let i = 0; i < 6; i++) await user(t, { email: `searchable-crowd-${i}@example.com` });
    // the newest first
    const ann = await user(t, { name: "Annabel Searchable", email: "annabel.searchable@example.com" });
    const project = await businessProject(t, { owner: ann, name: "Searchable Widgets" });
    expect((await t.json("POST", "/api/manager/coupon", { code: "SEARCHABLE-5", type: "percent", amount: 5 }, admin)).status).toBe(201);

    const html = await page("/manager/search?q=searchable");
    expect(html).toContain("<title>Search: searchable");
    const users = /data-search-group="users"(.*?)<\/section>/s.exec(html)?.[1] ?? "";
    expect(users).toMatch(new RegExp(`href="/manager/users/${ann._id}"[^>]*>annabel.searchable@example.com</a>`));
    // seven people match, five are shown: the rest in the list with the same text
    expect(users).toContain("Found: 7");
    expect(users).toContain('href="/manager/users?q=searchable"');
    expect(html).toMatch(new RegExp(`data-search-group="projects".*href="/manager/projects/${project.id}"[^>]*>Searchable Widgets</a>`, "s"));
    expect(html).toMatch(/data-search-group="coupons".*>SEARCHABLE-5<\/a>/s);
    // the box keeps what was searched
    expect(html).toMatch(/id="manager-search"[^>]*value="searchable"/);
  });

  it("says when nothing matched and, with nothing typed, what it searches; in Russian too", async () => {
    expect(await page("/manager/search?q=zzqqxx-nothing")).toContain("Nothing found for “zzqqxx-nothing”.");
    expect(await page("/manager/search?q=zzqqxx-nothing", "ru")).toContain("Ничего не нашлось по запросу «zzqqxx-nothing».");
    expect(await page("/manager/search")).toContain("Ctrl+K put the cursor in the search box");
  });

  it("is the managers' only: a customer is not let in", async () => {
    const customer = await user(t);
    const res = await t.app.request("/manager/search?q=a", { headers: { Cookie: `token=${customer.token}` } });
    expect([302, 303, 403, 404]).toContain(res.status);
  });
});
