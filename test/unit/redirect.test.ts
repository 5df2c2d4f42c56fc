import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../server/lib/redirect";

const ORIGIN = "https://thinking-format.example";

describe("safeRedirect: only our own pages are followed", () => {
  it.each([
    "//evil.com",
    "/\\evil.com",
    "/%09/evil.com",
    "/\t/evil.com",
    "\\\\evil.com",
    "\\/evil.com",
    "https://evil.com",
    "http://evil.com/test/start",
    "https:evil.com",
    "http:evil.com",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/%2F%2Fevil.com",
    "/%2fevil.com",
    "/%5Cevil.com",
    "///evil.com",
    "////evil.com",
    " /evil.com",
    "/evil.com ",
    "\n/evil.com",
    "https://thinking-format.example@evil.com",
    "https://thinking-format.example.evil.com/",
    "http://thinking-format.example/profile",
    "evil.com",
    "./profile",
    "/%E0%A4%A",
    "",
    null,
    undefined,
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, ORIGIN)).toBeNull();
  });

  it.each([
    ["/test/start?x=1#y", "/test/start?x=1#y"],
    ["/profile", "/profile"],
    ["/", "/"],
    ["/account/sessions?x=1", "/account/sessions?x=1"],
    ["/report/%D0%B0", "/report/%D0%B0"],
    [`${ORIGIN}/profile?tab=1`, "/profile?tab=1"],
  ])("keeps %j", (target, path) => {
    expect(safeRedirect(target, ORIGIN)).toBe(path);
  });

  it("compares with the origin given, not any host", () => {
    expect(safeRedirect("http://localhost/profile", "http://localhost:3000")).toBeNull();
    expect(safeRedirect("http://localhost:3000/profile", "http://localhost:3000/some/base")).toBe("/profile");
  });
});
