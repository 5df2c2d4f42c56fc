// The back-office lists: bulk actions with a confirmation
// naming the count, ascending first sort, search by e-mail, empty states, clean filter URLs, the
// side bar's counts, and exports that keep the list's sort with translated headings and date cells.
import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, consultationTickets, results, reviews } from "../../db/schema";
import { FORMATS } from "../../model";
import { createId } from "../../server/lib/ids";
import { manager, resultRow, user, type Person } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let boss: Person;
let cookie: string;
const people: Person[] = [];

beforeAll(async () => {
  t = await createTestApp();
  boss = await manager(t, { email: `lists-boss-${createId().slice(-6)}@example.com` });
  cookie = `token=${boss.token}; i18n_locale=en`;
  // three people whose e-mails sort b < c < d, created in the other order
  for (const [name, day] of [
    ["dora", 1],
    ["bill", 2],
    ["cleo", 3],
  ] as const) {
    const p = await user(t, { email: `${name}-lists@example.org` });
    await resultRow(t, p, { format: FORMATS[0]!.code, indicators: { system: 1 }, at: new Date(Date.UTC(2026, 0, day, 10, 30)) });
    people.push(p);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

const page = (path: string, lang = "en") =>
  t.app.request(path, { headers: { Cookie: cookie.replace("i18n_locale=en", `i18n_locale=${lang}`) }, redirect: "manual" } as RequestInit);
const post = (path: string, fields: Record<string, string> | [string, string][]) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  } as RequestInit);

describe("lists", () => {
  it("sorts ascending on the first click, and offers the sort as a select at phone width", async () => {
    const html = await (await page("/manager/users")).text();
    expect(html).toMatch(/href="\/manager\/users\?sort=email"[^>]*data-sort="email"/);
    const asc = await (await page("/manager/users?sort=email&q=-lists%40example.org")).text();
    const order = ["bill", "cleo", "dora"].map((n) => asc.indexOf(`${n}-lists@`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // sorted ascending, the heading's link turns it
    expect(asc).toMatch(/href="[^"]*sort=-email[^"]*"[^>]*data-sort="email" aria-sort="ascending"/);
    expect(asc).toContain('data-testid="sort-select"');
    expect(asc).toContain('<option value="-email">');
  });

  it("keeps the search box in view, and finds results by the person's e-mail", async () => {
    const html = await (await page("/manager/results?q=cleo-lists")).text();
    expect(html).toMatch(/data-testid="search"[\s\S]*?name="q"/);
    expect(html).not.toMatch(/<details[^>]*data-testid="filters-box"[^>]*>[\s\S]*?name="q"[\s\S]*?<\/details>/);
    const cleo = people[2]!;
    const [r] = await t.deps.db.select({ id: results.id }).from(results).where(eq(results.userId, cleo._id));
    expect(html).toContain(`data-row="${r!.id}"`);
    for (const other of [people[0]!, people[1]!]) expect(html).not.toContain(other.email);
  });

  it("says nothing matches (with a reset) when a filter finds nothing, and a page past the end offers a way back", async () => {
    const none = await (await page("/manager/users?q=no-such-person-at-all")).text();
    expect(none).toContain("Nothing matches this search or filter.");
    expect(none).toContain('data-testid="reset"');
    const past = await (await page("/manager/users?page=99")).text();
    expect(past).toContain('data-testid="beyond-end"');
    expect(past).toMatch(/data-testid="pager"[\s\S]*href="\/manager\/users\?page=1"/);
  });

  it("drops the empty fields a filter form sends from its URL", async () => {
    const res = await page("/manager/users?q=&role=&isFull=true&createdAt.from=");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/manager/users?isFull=true");
  });
});

describe("side bar", () => {
  it("lists every resource and special screen, with the waiting counts", async () => {
    const id = createId();
    await t.deps.db.insert(reviews).values({ id, name: "Waiting Reviewer", text: { en: "Hi" }, isPublished: false });
    const html = await (await page("/manager/stats")).text();
    for (const href of ["/manager/stats", "/manager/requests", "/manager/users/paid", "/manager/orders", "/manager/rechecker", "/manager/audit"])
      expect(html).toContain(`href="${href}"`);
    const pending = (await t.deps.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.isPublished, false))).length;
    expect(html).toMatch(new RegExp(`data-count="reviews"[^>]*>${pending}<`));
    expect(await (await page("/manager/users", "ru")).text()).toContain("Пользователи");
  });
});

describe("bulk actions", () => {
  it("approves the ticked reviews after a question naming the count, in one go, one audit entry each", async () => {
    const ids = [createId(), createId(), createId()];
    await t.deps.db.insert(reviews).values(ids.map((id, i) => ({ id, name: `Bulk ${i}`, text: { en: "Fine" }, isPublished: false })));
    const ask = await post("/manager/reviews", [["_form", "bulk"], ["action", "approve"], ...ids.slice(0, 2).map((id) => ["ids", id] as [string, string])]);
    expect(ask.status).toBe(200);
    const question = await ask.text();
    expect(question).toContain('data-testid="bulk-confirm"');
    expect(question).toContain("Approve 2 reviews");
    expect((await t.deps.db.select().from(reviews).where(inArray(reviews.id, ids))).filter((r) => r.isPublished)).toHaveLength(0);

    const done = await post("/manager/reviews", { _form: "bulk", action: "approve", ids: ids.slice(0, 2).join(","), confirmed: "1" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toContain("done=bulk");
    const rows = await t.deps.db.select().from(reviews).where(inArray(reviews.id, ids));
    expect(
      rows
        .filter((r) => r.isPublished)
        .map((r) => r.id)
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
    const audit = await t.deps.db.select().from(auditLog).where(inArray(auditLog.entityId, ids));
    expect(audit.map((a) => a.action)).toEqual(["reviews.approve", "reviews.approve"]);
  });

  it("is all or nothing: one unknown record and none changes", async () => {
    const ok = createId();
    await t.deps.db.insert(reviews).values({ id: ok, name: "Half", text: { en: "x" }, isPublished: false });
    const res = await post("/manager/reviews", { _form: "bulk", action: "approve", ids: `${ok},${createId()}`, confirmed: "1" });
    expect(res.status).toBe(404);
    const [row] = await t.deps.db.select().from(reviews).where(eq(reviews.id, ok));
    expect(row!.isPublished).toBe(false);
  });

  it("refuses nothing ticked with a message, and confirms results in bulk", async () => {
    const none = await post("/manager/results", { _form: "bulk", action: "confirm" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Select at least one row first.");
    const rs = await t.deps.db
      .select({ id: results.id })
      .from(results)
      .where(
        inArray(
          results.userId,
          people.map((p) => p._id),
        ),
      );
    const res = await post("/manager/results", { _form: "bulk", action: "confirm", ids: rs.map((r) => r.id).join(","), confirmed: "1" });
    expect(res.status).toBe(303);
    const after = await t.deps.db
      .select({ ok: results.isCorrect })
      .from(results)
      .where(
        inArray(
          results.userId,
          people.map((p) => p._id),
        ),
      );
    expect(after.every((r) => r.ok)).toBe(true);
  });
});

describe("bulk status of requests", () => {
  it("sets the status of the ticked requests after a question naming the count, one audit entry each", async () => {
    const ids = [createId(), createId(), createId()];
    await t.deps.db.insert(consultationTickets).values(ids.map((id, i) => ({ id, name: `Lead ${i}`, email: `lead${i}@example.com`, message: "Call me" })));
    const html = await (await page("/manager/requests")).text();
    expect(html).toContain(`value="consultation:${ids[0]}"`);
    const picked: [string, string][] = ids.slice(0, 2).map((id) => ["picked", `consultation:${id}`]);
    const ask = await post("/manager/requests", [["_form", "bulk-status"], ["status", "in_progress"], ...picked]);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toMatch(/for 2 selected requests/);
    const done = await post("/manager/requests", { _form: "bulk-status", status: "in_progress", picked: picked.map((p) => p[1]).join(","), confirmed: "1" });
    expect(done.status).toBe(303);
    const rows = await t.deps.db.select().from(consultationTickets).where(inArray(consultationTickets.id, ids));
    expect(
      rows
        .filter((r) => r.status === "in_progress")
        .map((r) => r.id)
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
    const audit = await t.deps.db.select().from(auditLog).where(inArray(auditLog.entityId, ids));
    expect(audit).toHaveLength(2);
  });
});

describe("exports", () => {
  it("keep the list's sort, translate the headings, write real dates, and export a selection", async () => {
    const xlsx = await post("/manager/exporting", {
      _form: "export",
      kind: "results",
      format: "xlsx",
      sort: "createdAt",
      q: "-lists@example.org",
      match: "{}",
    });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain("E-mail");
    expect(header).toContain("Created");
    const email = header.indexOf("E-mail") + 1;
    const created = header.indexOf("Created") + 1;
    expect([2, 3, 4].map((r) => String(sheet.getRow(r).getCell(email).value).split("-")[0])).toEqual(["dora", "bill", "cleo"]);
    const cell = sheet.getRow(2).getCell(created);
    expect(cell.value).toBeInstanceOf(Date);
    // the time on the operator's clock (TIME_ZONE, Moscow: UTC+3), as Excel has no zone
    expect((cell.value as Date).toISOString()).toBe("2026-01-01T13:30:00.000Z");
    expect(cell.numFmt).toMatch(/yyyy/);

    const csv = await (
      await post("/manager/exporting", { _form: "export", kind: "users", format: "csv", sort: "-email", q: "-lists@example.org", match: "{}" })
    ).text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]!.split(",").slice(0, 2)).toEqual(["ID", "E-mail"]);
    expect(lines.slice(1).map((l) => l.split(",")[1]!.split("-")[0])).toEqual(["dora", "cleo", "bill"]);

    const ru = await t.app.request("/manager/exporting", {
      method: "POST",
      headers: {
        Cookie: `token=${boss.token}; i18n_locale=ru`,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        Host: "localhost",
      },
      body: new URLSearchParams({ _form: "export", kind: "users", format: "csv", q: "-lists@example.org" }).toString(),
    });
    expect((await ru.text()).split("\r\n")[0]).toContain("Имя");

    const one = people[1]!;
    const sel = await post("/manager/users", { _form: "bulk", action: "export", ids: one._id, confirmed: "1" });
    expect(sel.status).toBe(200);
    const selWb = new ExcelJS.Workbook();
    await selWb.xlsx.load(Buffer.from(await sel.arrayBuffer()) as never);
    expect(selWb.worksheets[0]!.actualRowCount).toBe(2);
  });

  it("downloads a past export again, and needs no JSON on the exporting page", async () => {
    const html = await (await page("/manager/exporting")).text();
    expect(html).not.toContain('name="match"');
    const id = /data-again="([0-9a-f]{24})"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    const again = await post("/manager/exporting", { _form: "again", id: id! });
    expect(again.status).toBe(200);
    expect(again.headers.get("content-disposition")).toMatch(/attachment/);
    await again.arrayBuffer();
  });
});
