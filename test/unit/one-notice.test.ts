// A "what just happened" message travels as `?done=<key>` only (server/lib/notice.ts), shown by the
// kit's Notice. This scan keeps the old query names (`?saved=`, `?sent=`, `?notice=`…) from coming
// back in a redirect, a link or a page that reads them; it first proves it catches each of them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { doneKey, doneValues, withDone } from "../../server/lib/notice";
import { ROOT, sources } from "./sources";

const OLD = "saved|sent|notice|followup|bulk|paid|created|restored|resent";
const PATTERNS = [
  // in a redirect or a link: "/x?saved=1", `${back}&notice=…`
  new RegExp(`[?&](?:${OLD})=`),
  // built or read through URLSearchParams, or read through Hono's query
  new RegExp(`searchParams\\.(?:set|get|append|has)\\(\\s*["'](?:${OLD})["']`),
  new RegExp(`\\.query\\(\\s*["'](?:${OLD})["']\\s*\\)`),
  // a params object that names one: new URLSearchParams({ project, followup: what })
  new RegExp(`URLSearchParams\\(\\{[^}]*\\b(?:${OLD})\\s*:`),
];
const offends = (text: string) => PATTERNS.some((p) => p.test(text));

describe("one notice convention", () => {
  it("the scan catches every old way of carrying a notice", () => {
    for (const sample of [
      'c.redirect("/profile/edit?saved=password#form-password", 303)',
      "c.redirect(`/manager/requests?saved=1&n=2`, 303)",
      'return c.redirect("/restore?sent=1", 303);',
      "`/manager/orders/1?done=check&notice=manager.notices.check_pending`",
      'const key = url.searchParams.get("followup");',
      'back.searchParams.set("bulk", name);',
      'return c.redirect("/manager?paid=1", 303);',
      "c.redirect(`/manager/requests?created=new`, 303)",
      'c.redirect("/login?restored=1", 303)',
      'url.searchParams.set("resent", "1");',
      'const s = c.req.query("sent");',
      "new URLSearchParams({ project: projectId, followup: what })",
    ])
      expect(offends(sample), sample).toBe(true);
    for (const fine of ['c.redirect(withDone("/restore", "restoreSent"), 303)', "/manager/users?done=deleted", "/?signedout=1", 'url.searchParams.get("done")'])
      expect(offends(fine), fine).toBe(false);
  });

  it("no route, page or back-office action carries a notice under an old name", () => {
    const files = ["routes", "server"].flatMap((d) => sources(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    // the scan reads the files that redirect with a notice (it would pass on an empty tree otherwise)
    expect(files.filter((f) => readFileSync(f, "utf8").includes("withDone(")).length).toBeGreaterThan(10);
    const offenders = files.flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((line, i) => [line, i] as const)
        .filter(([line]) => offends(line))
        .map(([line, i]) => `${f.slice(ROOT.length + 1)}:${i + 1}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it("withDone keeps the path's query and fragment and adds the message's values", () => {
    expect(withDone("/business/invites?project=abc#list", "resentAll", { sent: 3, held: 1 })).toBe(
      "/business/invites?project=abc&done=resentAll&sent=3&held=1#list",
    );
    const url = new URL(`http://x${withDone("/x", "imported", { invited: 2, skipped: 0 })}`);
    expect(doneKey(url)).toBe("imported");
    expect(doneValues(url)).toEqual({ invited: 2, skipped: 0 });
    // a key that is not a plain name (a path, a locale key from a link) is ignored
    expect(doneKey(new URL("http://x/?done=manager.notices.x"))).toBeNull();
    expect(doneKey(new URL("http://x/?done=%3Cb%3E"))).toBeNull();
  });
});
