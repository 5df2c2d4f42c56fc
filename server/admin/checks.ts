// The declarations' system check (as Django's `manage.py check` for ModelAdmin): every column,
// sortable key, excluded field and export column is one of the document's, every offered filter
// is declared, every string a page shows from the declaration exists in both languages, and the resource has a
// side-bar entry. The server runs it over every resource when it starts (a broken declaration
// stops it there, not on a manager's page); test/unit/resource-declarations.test.ts too.
import { getTableColumns } from "drizzle-orm";
import { dictionaries } from "../../locales";
import { menuEntries } from "./nav";
import type { Column, Doc, FormField, ResourceDef } from "./resource";
import { RESOURCES } from "./resources";

/** Does the key name a string in this language? */
export type HasKey = (locale: string, key: string) => boolean;

/** A row of the declaration's table with a plausible value in every column, for `toDoc`. */
function sampleRow(def: ResourceDef): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, col] of Object.entries(getTableColumns(def.table))) {
    const c = col as { dataType: string; enumValues?: string[] };
    row[name] =
      c.dataType === "number"
        ? 1
        : c.dataType === "boolean"
          ? false
          : c.dataType === "date"
            ? new Date(0)
            : c.dataType === "json"
              ? {}
              : c.dataType === "array"
                ? []
                : (c.enumValues?.[0] ?? "x");
  }
  return row;
}

/** What `toDoc` makes of a sample row. */
function sampleDoc(def: ResourceDef): Doc {
  try {
    return def.toDoc(sampleRow(def));
  } catch (e) {
    throw new Error(`${def.name}: toDoc fails on a sample row (${(e as Error).message})`);
  }
}

/** The document's keys: what `toDoc` gives, and what its `populate` loaders add. */
export function documentKeys(def: ResourceDef): Set<string> {
  return new Set([...Object.keys(sampleDoc(def)), ...Object.keys(def.populate ?? {})]);
}

export function checkDeclaration(def: ResourceDef, hasKey: HasKey, menuHrefs: Set<string>): string[] {
  const problems: string[] = [];
  const at = (what: string) => `${def.name}: ${what}`;
  const keys = documentKeys(def);
  const str = (key: string | undefined, where: string) => {
    if (!key) return;
    for (const locale of ["ru", "en"]) if (!hasKey(locale, key)) problems.push(at(`${where}: "${key}" is missing in locales/${locale}`));
  };
  const columns = (list: Column[] | undefined, where: string, docKeys: Set<string> | null) => {
    for (const col of list ?? []) {
      if (docKeys && !docKeys.has(col.key)) problems.push(at(`${where}: column "${col.key}" is not a field of the document`));
      str(col.label ?? `manager.fields.${col.key}`, `${where} "${col.key}"`);
    }
  };
  const formFields = (fields: FormField[] | undefined, where: string) => {
    for (const f of fields ?? []) {
      str(f.label ?? `manager.fields.${f.name}`, `${where} "${f.name}"`);
      if ("hint" in f) str(f.hint, `${where} "${f.name}" hint`);
      if (f.kind === "select" && f.optionLabels) for (const o of f.options) str(`${f.optionLabels}.${o}`, `${where} "${f.name}" option`);
    }
  };

  columns(def.columns, "columns", keys);
  columns(def.fields, "fields", keys);
  for (const s of Object.keys(def.sortable)) if (!keys.has(s)) problems.push(at(`sortable "${s}" is not a field of the document`));
  if (!Object.hasOwn(def.sortable, def.defaultSort.replace(/^-/, ""))) problems.push(at(`defaultSort "${def.defaultSort}" is not sortable`));
  for (const e of def.exclude ?? []) if (!keys.has(e)) problems.push(at(`exclude "${e}" is not a field of the document`));
  for (const f of def.filterForm ?? []) {
    const filter = def.filters[f];
    if (!filter) {
      problems.push(at(`filterForm "${f}" is not a declared filter`));
      continue;
    }
    const col = def.columns.find((c) => c.key === f) ?? def.fields?.find((c) => c.key === f);
    str(col?.label ?? `manager.fields.${f}`, `filter "${f}"`);
    if (filter.kind === "enum" && col?.valueLabels) for (const v of filter.values) str(`${col.valueLabels}.${v}`, `filter "${f}" value`);
  }
  for (const v of def.views ?? []) {
    for (const m of Object.keys(v.match)) if (!Object.hasOwn(def.filters, m)) problems.push(at(`view ${v.path}: match "${m}" is not a declared filter`));
    str(v.title, `view ${v.path} title`);
    if (v.menu) str(v.menu.label ?? v.title, `view ${v.path} menu`);
  }
  // the export's columns: a field of the document (a path's first part), a heading in both
  // languages, and a date column that holds dates (so XLSX writes date cells)
  if (def.exportKind && !def.exportColumns?.length) problems.push(at(`exports "${def.exportKind}" but declares no exportColumns`));
  const sample = sampleDoc(def);
  for (const c of def.exportColumns ?? []) {
    const field = c.key.split(".")[0]!;
    if (!keys.has(field)) problems.push(at(`export column "${c.key}" is not a field of the document`));
    str(c.label, `export column "${c.key}"`);
    // values named in words: every value its list's filter knows has a name
    const filter = def.filters[field];
    if (c.valueLabels && filter?.kind === "enum") for (const v of filter.values) str(`${c.valueLabels}.${v}`, `export column "${c.key}" value`);
    const v = field === c.key ? sample[field] : undefined;
    if (c.kind === "date" && v != null && !(v instanceof Date)) problems.push(at(`export column "${c.key}" is a date column but holds no date`));
  }
  for (const p of def.exportPopulate ?? []) if (!def.populate?.[p]) problems.push(at(`exportPopulate "${p}" is not a declared populate`));
  for (const p of def.listPopulate ?? []) if (!def.populate?.[p]) problems.push(at(`listPopulate "${p}" is not a declared populate`));
  for (const p of def.detailPopulate ?? []) if (!def.populate?.[p]) problems.push(at(`detailPopulate "${p}" is not a declared populate`));

  // every record page is titled by its record, never by its kind alone
  if (!def.recordRepresentation) problems.push(at("no recordRepresentation (its pages would not name the record)"));
  str(`manager.res.${def.name}.title`, "title");
  str(`manager.res.${def.name}.detail`, "detail title");
  if (def.search?.length) str(`manager.res.${def.name}.search`, "search box");
  if (def.create) {
    str(`manager.res.${def.name}.create`, "create");
    formFields(def.create.fields, "create form");
  }
  formFields(def.form?.fields, "edit form");
  for (const [name, a] of Object.entries(def.actions ?? {})) {
    str(a.label, `action ${name}`);
    str(a.confirm, `action ${name} confirmation`);
    formFields(a.input?.fields, `action ${name} input`);
  }
  for (const [name, a] of Object.entries(def.bulkActions ?? {})) {
    str(a.label, `bulk action ${name}`);
    str(a.confirm ?? "manager.bulk.confirm", `bulk action ${name} confirmation`);
    if (a.export && !def.exportKind) problems.push(at(`bulk action ${name} exports, but the resource has no exportKind`));
    if (!a.export && !a.run) problems.push(at(`bulk action ${name} neither runs nor exports`));
    if (a.input) {
      str(`manager.fields.${a.input.name}`, `bulk action ${name} input`);
      if (a.input.optionLabels) for (const o of a.input.options) str(`${a.input.optionLabels}.${o}`, `bulk action ${name} option`);
    }
  }
  for (const s of def.sections ?? []) {
    str(s.title, `section ${s.key}`);
    columns(s.columns, `section ${s.key}`, null);
  }
  for (const l of def.listLinks ?? []) str(l.label, "list link");

  if (!def.menu || !def.menu.icon || !Number.isFinite(def.menu.order)) problems.push(at("no side-bar entry (menu)"));
  else {
    str(def.menu.label ?? `manager.res.${def.name}.title`, "menu");
    const href = def.menu.href ?? `/manager/${def.pagePath}`;
    if (!menuHrefs.has(href)) problems.push(at(`the side bar has no entry for ${href}`));
  }
  return problems;
}

/** Whether a key names a non-empty string in the language's strings. */
export const hasLocaleKey: HasKey = (locale, key) => {
  let node: unknown = dictionaries[locale as "ru" | "en"];
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" && node !== "";
};

/** Every resource's declaration checked; throws with all problems at once. Run once at start-up. */
export function checkDeclarations(): void {
  const hrefs = new Set(menuEntries().map((e) => e.href));
  const problems = RESOURCES.flatMap((def) => checkDeclaration(def, hasLocaleKey, hrefs));
  if (problems.length) throw new Error(`back-office declarations:\n${problems.join("\n")}`);
}
