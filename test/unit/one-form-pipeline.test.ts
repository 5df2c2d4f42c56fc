// One post pipeline: a page declares its no-script forms as a `forms` map, and routes/_kit/forms.ts
// `formsAction` alone reads the posted `_form` to pick one (an unknown name is a 400, never a
// fall-through to another form). This scan keeps a page from reading `_form` and branching on it by
// hand again; it first proves it catches each way of reading it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sources } from "./sources";

const PATTERNS = [
  // body._form, values._form, (await c.req.parseBody())._form, body?._form
  /\??\._form\b/,
  // body["_form"], one("_form"), get("_form"), a destructured { _form }
  /\[\s*["'`]_form["'`]\s*\]/,
  /\(\s*["'`]_form["'`]\s*\)/,
  /\{\s*(?:[\w$]+\s*,\s*)*_form\s*(?:,[^}]*)?\}\s*=/,
];
const offends = (line: string) => PATTERNS.some((p) => p.test(line));

/** The one file that reads `_form`: the pipeline itself. */
const ALLOWED = new Set(["routes/_kit/forms.ts"]);

describe("one post pipeline", () => {
  it("the scan catches every way a page reads `_form` to dispatch by hand", () => {
    for (const sample of [
      'if (body._form === "end-session") {',
      "const kind = (await c.req.parseBody())._form;",
      'const key = settingKey(values._form ?? "");',
      'if (values?._form !== "save") return preview;',
      'if (one("_form") !== "bulk") throw badRequest();',
      'switch (body["_form"]) {',
      "const { _form, ...rest } = await formValues(c);",
      "const { picked, _form } = body;",
    ])
      expect(offends(sample), sample).toBe(true);
    for (const fine of [
      '<input type="hidden" name="_form" value="retake" />',
      '<button type="submit" name="_form" value="preview">',
      'const out: Record<string, string> = { _form: "edit", _version: recordVersion(row) };',
      "shape: (v) => ({ ...v, _form: undefined }),",
      "/** the screen's forms by their `_form` name */",
    ])
      expect(offends(fine), fine).toBe(false);
  });

  it("no route file outside the pipeline dispatches on `_form`", () => {
    const files = sources(join(ROOT, "routes"));
    expect(files.length).toBeGreaterThan(50);
    // the scan reads the pages that declare forms (it would pass on an empty tree otherwise)
    expect(files.filter((f) => /\bforms: \{/.test(readFileSync(f, "utf8"))).length).toBeGreaterThan(15);
    const offenders = files
      .filter((f) => !ALLOWED.has(f.slice(ROOT.length + 1)))
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => [line, i] as const)
          // a comment may name the field
          .filter(([line]) => !/^\s*(\/\/|\*|\/\*)/.test(line) && offends(line))
          .map(([line, i]) => `${f.slice(ROOT.length + 1)}:${i + 1}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
