// What Lighthouse found (npm run lighthouse): every page has a meta description (its own or the
// service's), the report's radio tabs carry no half-done ARIA tab roles, the test's progress bar
// has a name, robots.txt does not advertise the signed-in areas, and /favicon.ico leads to the icon.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, user } from "../fixtures";

let t: TestApp;
let done: string;
let taking: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await user(t, { confirmed: false });
  await completedResult(t, a);
  done = a.token;
  const b = await user(t, { confirmed: false });
  const testId = ((await (await t.app.request("/api/test")).json()) as { docs: { _id: string }[] }).docs[0]!._id;
  await t.json("POST", `/api/test/start/${testId}`, {}, b.h);
  taking = b.token;
});
afterAll(() => t.close());

const html = async (path: string, token?: string) => {
  const res = await t.app.request(path, { headers: token ? { Cookie: `token=${token}` } : {} });
  expect([path, res.status]).toEqual([path, 200]);
  return res.text();
};

describe("page metadata and ARIA", () => {
  it("gives every page a meta description", async () => {
    const pages: [string, string?][] = [["/"], ["/about"], ["/login"], ["/invite"], ["/components"], ["/report/base", done], ["/testing", taking]];
    for (const [path, token] of pages) {
      for (const lang of ["ru", "en"])
        expect([path, lang, (await html(`${path}?lang=${lang}`, token)).match(/<meta name="description" content="([^"]{20,})">/)?.[1] != null]).toEqual([
          path,
          lang,
          true,
        ]);
    }
  });

  it("has no tablist without tabs on the report, and names the test's progress bar", async () => {
    expect(await html("/report/base", done)).not.toContain('role="tablist"');
    const runner = await html("/testing", taking);
    const bar = runner.match(/role="progressbar" aria-labelledby="([^"]+)"/)?.[1];
    expect(bar).toBeTruthy();
    expect(runner).toContain(`id="${bar}"`);
  });

  it("answers a browser's /favicon.ico with the site's icon", async () => {
    const ico = await t.app.request("/favicon.ico");
    expect(ico.status).toBe(301);
    expect(ico.headers.get("location")).toBe("/favicon.svg");
    const svg = await t.app.request("/favicon.svg");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
  });

  it("keeps robots.txt to the API", async () => {
    const robots = await (await t.app.request("/robots.txt")).text();
    expect(robots).toContain("Disallow: /api/");
    expect(robots).not.toMatch(/Disallow: \/(manager|account)/);
  });
});
