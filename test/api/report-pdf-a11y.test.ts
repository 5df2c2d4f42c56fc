// The full report's PDF is printed and passed on: it carries no e-mail address, and it says its
// title and language and lists its headings (the outline) for readers and screen readers.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedResult, paidOrder, pdfText, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function pdfInfo(pdf: ArrayBuffer) {
  const file = join(mkdtempSync(join(tmpdir(), "tf-pdfinfo-")), "report.pdf");
  writeFileSync(file, Buffer.from(pdf));
  return execFileSync("pdfinfo", [file], { encoding: "utf8" });
}

describe("the full report's PDF", () => {
  it.each(["ru", "en"] as const)("in %s: no e-mail, its title and language, and its headings as an outline", async (lang) => {
    const person = await user(t, { locale: lang });
    await completedResult(t, person);
    await paidOrder(t, person);
    const res = await t.page(`/report/pdf/full?report_lang=${lang}`, `token=${person.token}; i18n_locale=${lang}`);
    expect(res.status).toBe(200);
    const pdf = await res.arrayBuffer();
    const text = pdfText(pdf);
    expect(text).toContain(lang === "ru" ? "Формат мышления — полный отчёт" : "Thinking Format — full report");
    expect(text).not.toContain(person.email);
    expect(text).not.toContain("@");
    const info = pdfInfo(pdf);
    expect(info).toMatch(lang === "ru" ? /Title:\s+Формат мышления — полный отчёт: \S/ : /Title:\s+Thinking Format — full report: \S/);
    const raw = Buffer.from(pdf).toString("latin1");
    expect(raw).toContain(`/Lang (${lang === "ru" ? "ru" : "en-US"})`);
    expect(raw).toMatch(/\/Outlines \d+ 0 R/);
    expect(raw).toContain("/DisplayDocTitle true");
  });
});
