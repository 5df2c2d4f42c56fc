// The island registry (islands/index.ts): names and props are checked by the compiler (each
// expected error below fails `tsc -p tsconfig.json` if that line ever compiles), and the build
// makes a chunk for every registered island.
import { describe, expect, it } from "vitest";
import { ISLANDS } from "../../islands";
import { manifest } from "../../server/render/assets";
import { Island } from "../../server/render/page";

describe("island registry", () => {
  it("accepts a registered name with its own props only", () => {
    const uses = [
      <Island name="count-up" props={{ total: 1, locale: "en" }} hydrate="visible" />,
      // @ts-expect-error: no island has this name
      <Island name="count-upp" props={{ total: 1, locale: "en" }} />,
      // @ts-expect-error: count-up's total is a number
      <Island name="count-up" props={{ total: "1", locale: "en" }} />,
      // @ts-expect-error: count-up has no such prop
      <Island name="count-up" props={{ total: 1, locale: "en", extra: true }} />,
      // @ts-expect-error: these are count-up's props, not the sign-up form's
      <Island name="signup-form" props={{ total: 1, locale: "en" }} />,
      // @ts-expect-error: no such hydration strategy
      <Island name="count-up" props={{ total: 1, locale: "en" }} hydrate="later" />,
    ];
    expect(uses).toHaveLength(6);
  });

  it("has a built chunk for every registered island and for nothing else", () => {
    expect(Object.keys(manifest().islands).sort()).toEqual(Object.keys(ISLANDS).sort());
    expect(manifest().loader?.src).toMatch(/^\/build\/boot-[A-Z0-9]+\.js$/);
  });
});
