// The back-office declarations' system check, as Django's checks run over every
// ModelAdmin: server/admin/checks.ts over every resource, and over a broken declaration to show
// that it does catch what it claims to.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { users } from "../../db/schema";
import { dictionaries } from "../../locales";
import { checkDeclaration, checkDeclarations, type HasKey } from "../../server/admin/checks";
import { EXPORT_KINDS } from "../../server/admin/exports";
import { menuEntries } from "../../server/admin/nav";
import { defineResource, type ResourceDef } from "../../server/admin/resource";
import { RESOURCES } from "../../server/admin/resources";

const hasKey: HasKey = (locale, key) => {
  let node: unknown = dictionaries[locale as "ru" | "en"];
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" && node !== "";
};
const hrefs = new Set(menuEntries().map((e) => e.href));

describe("resource declarations", () => {
  it.each(RESOURCES.map((r) => [r.name, r] as const))("%s passes the declaration check", (_name, def) => {
    expect(checkDeclaration(def, hasKey, hrefs)).toEqual([]);
  });

  it("runs at start-up over every resource and finds nothing", () => {
    expect(() => checkDeclarations()).not.toThrow();
  });

  it("every resource has one side-bar entry, and names are unique", () => {
    expect(new Set(RESOURCES.map((r) => r.name)).size).toBe(RESOURCES.length);
    for (const r of RESOURCES) expect(menuEntries().filter((e) => e.key === r.name)).toHaveLength(1);
  });

  it("fails a broken declaration, naming each problem", () => {
    // what the compiler would refuse in a declaration file, built as a plain object to reach the check
    const broken = {
      ...defineResource({
        name: "users",
        menu: { icon: "☺", order: 1, href: "/manager/nowhere" },
        pagePath: "users",
        apiPath: "/user",
        table: users,
        id: users.id,
        toDoc: (u) => ({ _id: u.id, email: u.email }),
        sortable: { email: users.email },
        defaultSort: "email",
        filters: { email: { kind: "text", column: users.email } },
        columns: [{ key: "email" }],
        actions: { poke: { label: "manager.nothing.like.this", run: async () => {} } },
        form: { schema: z.object({}), fields: [{ name: "nickname", kind: "text" }] },
      }),
      columns: [{ key: "email" }, { key: "shoeSize" }],
      sortable: { email: users.email, height: users.name },
      filterForm: ["email", "age"],
      bulkActions: { dump: { label: "manager.bulk.export", export: true } },
    } as unknown as ResourceDef;
    const problems = checkDeclaration(broken, hasKey, hrefs);
    expect(problems).toEqual(
      expect.arrayContaining([
        'users: columns: column "shoeSize" is not a field of the document',
        'users: columns "shoeSize": "manager.fields.shoeSize" is missing in locales/ru',
        'users: columns "shoeSize": "manager.fields.shoeSize" is missing in locales/en',
        'users: sortable "height" is not a field of the document',
        'users: filterForm "age" is not a declared filter',
        'users: action poke: "manager.nothing.like.this" is missing in locales/ru',
        'users: edit form "nickname": "manager.fields.nickname" is missing in locales/en',
        "users: bulk action dump exports, but the resource has no exportKind",
        "users: the side bar has no entry for /manager/nowhere",
      ]),
    );
  });

  it("every export kind is declared by one resource, and a broken export column fails", () => {
    for (const kind of EXPORT_KINDS) {
      const owners = RESOURCES.filter((r) => r.exportKind === kind);
      expect(owners).toHaveLength(1);
      expect(owners[0]!.exportColumns?.length).toBeGreaterThan(0);
    }
    const results = RESOURCES.find((r) => r.name === "results")!;
    const broken = {
      ...results,
      exportColumns: [
        ...results.exportColumns!,
        { key: "shoeSize", label: "manager.fields.email", kind: "text" },
        { key: "email", label: "manager.exports.columns.nothing", kind: "text" },
        { key: "modelVersion", label: "manager.fields.modelVersion", kind: "date" },
      ],
      exportPopulate: ["email", "shoes"],
    } as unknown as ResourceDef;
    expect(checkDeclaration(broken, hasKey, hrefs)).toEqual([
      'results: export column "shoeSize" is not a field of the document',
      'results: export column "email": "manager.exports.columns.nothing" is missing in locales/ru',
      'results: export column "email": "manager.exports.columns.nothing" is missing in locales/en',
      'results: export column "modelVersion" is a date column but holds no date',
      'results: exportPopulate "shoes" is not a declared populate',
    ]);
    const none = { ...results, exportColumns: undefined } as unknown as ResourceDef;
    expect(checkDeclaration(none, hasKey, hrefs)).toEqual(['results: exports "results" but declares no exportColumns']);
  });

  it("a declaration without a side-bar entry fails", () => {
    const def = { ...RESOURCES[0]!, menu: undefined } as unknown as ResourceDef;
    expect(checkDeclaration(def, hasKey, hrefs)).toContain(`${def.name}: no side-bar entry (menu)`);
  });
});
