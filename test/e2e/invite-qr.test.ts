// The invite page at 360 px in a real browser: the status chips never overlap, the QR code is
// drawn and downloads as an SVG file, and without script the link is still there to copy by hand.
import { eq } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { invites, projects } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, type Person, user } from "../fixtures";
import { e2eApp } from "./browser";

const e = e2eApp();
let owner: Person;
beforeAll(async () => {
  owner = await user(e.t, { confirmed: true, locale: "ru" });
  const co = await businessProject(e.t, { owner, name: "Северный ветер" });
  await e.t.deps.db.update(projects).set({ inviteBalance: 12 }).where(eq(projects.id, co.id));
  const statuses = ["Invited", "Sent", "Accepted", "completed test", "pending activation", "no action"] as const;
  for (const [i, status] of statuses.entries())
    await e.t.deps.db.insert(invites).values({
      id: createId(),
      projectId: co.id,
      email: `a.very.long.address.of.person-${i}@example-company.com`,
      link: createId(),
      status,
      expiresAt: status === "Sent" ? new Date(Date.now() + 5 * 86_400_000) : null,
      reminders: status === "Sent" ? 1 : 0,
    });
}, 60_000);

const open = () => e.open({ token: owner.token, lang: "ru", width: 360, height: 740, path: "/business/invite" });

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

describe("the invite page at 360 px", () => {
  it("lays every status chip out without overlaps, inside the screen", async () => {
    const { page: p, close } = await open();
    try {
      await p.locator("[data-testid=status-help] summary").click();
      for (const selector of ["[data-testid=invite-counts] a", "[data-invite] [data-invite-status]", "[data-invite] > div > *"]) {
        const boxes = (await p.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) as Box[];
        expect(boxes.length, selector).toBeGreaterThan(0);
        for (const b of boxes) expect(b.x + b.width, selector).toBeLessThanOrEqual(360);
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!), `${selector} ${i}/${j}`).toBe(false);
      }
      // each chip is one line: it wraps between chips, never through one
      const heights = await p.locator("[data-invite-status]").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      expect(Math.max(...heights)).toBeLessThan(32);
      expect(await p.locator("[data-testid=invite-counts] a[data-count=Sent]").getAttribute("title")).toContain("Письмо ушло");
    } finally {
      await close();
    }
  });

  it("draws the QR code and downloads it as an SVG file", async () => {
    const { page: p, close } = await open();
    try {
      const qr = p.locator("[data-testid=invite-qr] [role=img]");
      const box = await qr.boundingBox();
      expect(box!.width).toBeGreaterThan(100);
      expect(await qr.locator("svg path").count()).toBe(1);
      const [download] = await Promise.all([p.waitForEvent("download"), p.getByTestId("qr-download").click()]);
      expect(download.suggestedFilename()).toBe("invite-qr.svg");
      const file = await readFile((await download.path())!, "utf8");
      expect(file).toContain("<svg ");
      // the file is the code on the page
      expect(file.match(/ d="([^"]+)"/)?.[1]).toBe(await qr.locator("svg path").getAttribute("d"));
    } finally {
      await close();
    }
  });

  it("without script: the link to copy by hand and the QR code, no dead Copy button", async () => {
    // script off is a context's setting: a context of its own, not a pooled tab
    const context = await e.browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    await context.addCookies([
      { name: "token", value: owner.token, url: e.base },
      { name: "i18n_locale", value: "ru", url: e.base },
    ]);
    const p = await context.newPage();
    await p.goto(`${e.base}/business/invite`);
    try {
      expect(await p.getByTestId("invite-link").inputValue()).toMatch(/\/invite\/[0-9a-zA-Z_-]+$/);
      expect(await p.getByTestId("copy-link").isVisible()).toBe(false);
      expect(await p.locator("[data-testid=invite-qr] svg").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
