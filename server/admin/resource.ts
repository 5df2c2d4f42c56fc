// One way to declare a back-office resource (in the manner of Django's ModelAdmin and
// react-admin's <Resource>): its table, list columns, sortable columns, the filters `match`
// accepts, the `populate`/`exclude` whitelists, the zod schema of its form, its actions and the
// related lists of its detail page. From one declaration come the list API (`resourceApi`,
// server/api/manager/resources.ts, with each resource's own calls in resource-routes.ts) and the
// list, detail and edit pages (routes/manager/resource/). Nothing here knows HTTP: every
// callback takes the manager's scope (server/scope.ts).
// Declarations live in server/admin/resources/, one file each; anything special (the
// rechecker, the charts) is ordinary code beside them.
import { asc, count, desc, eq, and, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../lib/errors";
import { omit, paged, parsePaging, parseMatch, parseNameList, type Paged } from "../lib/listing";
import { transaction, type ManagerScope } from "../scope";
import { type AuditDoc, auditBy, auditOfRecord, diff } from "./audit";
import { matchShape, matchWhere, searchWhere, type Filters, type TrigramIndex } from "./match";
import { expectVersion } from "../lib/versions";

export type Doc = Record<string, unknown>;

/** How a value shows in a list cell or a detail row. */
export type CellKind = "text" | "date" | "bool" | "number" | "format" | "money" | "json" | "user" | "percent" | "points" | "localized" | "image";
/** A field of the document: its key is one of the document's (checked by the compiler and test/unit/resource-declarations.test.ts). */
export interface Column<K extends string = string> {
  key: K;
  /** locale key of the heading; default `manager.fields.<key>` */
  label?: string;
  kind?: CellKind;
  /** the record's detail page from this cell */
  link?: boolean;
  /** a fixed set of values shown by their names: the locale key prefix (`<prefix>.<value>`) */
  valueLabels?: string;
  /** the kind by the record (a coupon's amount: rubles or percent, by its type) */
  kindOf?(doc: Doc): CellKind;
}

/** How an exported value becomes a spreadsheet cell: a date stays a date (an Excel date cell in
 * XLSX), money goes out in rubles (stored in kopecks), a localized name in the manager's language. */
export type ExportValueKind = "text" | "number" | "bool" | "date" | "money" | "localized";
/** A column of the resource's export (/manager/exporting, a list's Export buttons). */
export interface ExportColumn<K extends string = string> {
  /** a field of the document (or a populated one), or a path into one (`data.indicators.system`) */
  key: K | `${K}.${string}`;
  /** locale key of the heading */
  label: string;
  kind: ExportValueKind;
  /** a text column's values in words: locale keys `<valueLabels>.<value>` (as a list column's) */
  valueLabels?: string;
}

export type FormField =
  | { name: string; kind: "text" | "email" | "tel" | "date" | "number" | "textarea"; label?: string; hint?: string }
  | { name: string; kind: "checkbox"; label?: string }
  /** a second step, not a field: absent from the form until a rule asks it (the rule's message is the
   * question, `label` the answer's button, "Yes, change the code"); the answer posts the form again with it on */
  | { name: string; kind: "confirm"; label: string }
  /** kopecks, typed and shown in rubles ("299,90"); with `when`, only while another field has that value (else a plain number) */
  | { name: string; kind: "money"; label?: string; hint?: string; when?: { field: string; value: string } }
  /** an upload on the pages (multipart); `store` keeps the file and gives the value the schema sees (e.g. its URL) */
  | { name: string; kind: "file"; accept: string; label?: string; hint?: string; store(scope: ManagerScope, file: File): Promise<string> }
  | {
      name: string;
      kind: "select";
      options: readonly string[];
      label?: string;
      hint?: string;
      optionLabels?: string;
      optionLabel?(value: string, locale: string): string;
    };

/** Where to go after an action, and a session the page is to set as a cookie (a masquerade). */
export interface ActionOutcome {
  redirect?: string;
  /** the notice key the redirect carries, said from `manager.notices.<key>` instead of "Done" (a no-op says so) */
  notice?: string;
  session?: { token: string; userId: string; cookie: "masqToken" };
}

export interface ResourceAction {
  /** locale key of the button */
  label: string;
  /** it sends mail: when mail is off (no SMTP) its record's page says so beside the buttons, and its
   * "done" that the mail went only to the outbox files */
  mails?: boolean;
  /** asks again before running (a second button on the page) */
  danger?: boolean;
  /** locale key of what the question says (default: "this cannot be undone") */
  confirm?: string;
  /** the figures the question names (`{{results}}` results, `{{orders}}` orders…), read when the page is shown */
  confirmVars?(db: Db, id: string): Promise<ConfirmVars>;
  /** offered only when it applies to the record as it is (approve a hidden review, activate an inactive user) */
  when?(doc: Doc, db: Db): boolean | Promise<boolean>;
  /** an action that takes input: its fields and their schema */
  input?: { schema: z.ZodObject; fields: FormField[] };
  /** Runs it (auditing is the action's job, in one unit of work with the change); may name where to go next. */
  run(scope: ManagerScope, id: string, input: Record<string, unknown>): Promise<ActionOutcome | void>;
}

/** A bulk action on the ticked rows of the list: run on each record in one unit of work. */
export interface BulkAction {
  /** locale key of its choice in the list's action select */
  label: string;
  /** locale key of the question, with {{count}} (default manager.bulk.confirm) */
  confirm?: string;
  /** a value the action takes (a status to set), chosen from these options */
  input?: { name: string; options: readonly string[]; optionLabels?: string };
  /** exports the ticked records (the declaration's `exportKind`) instead of changing them */
  export?: boolean;
  /** Runs it on one record (auditing it, as from the record's page); the caller holds the unit of work. */
  run?(scope: ManagerScope, id: string, input: Record<string, unknown>): Promise<unknown>;
}

/** Where a resource sits in the back-office's side bar (server/admin/nav.ts). */
export interface MenuEntry {
  /** locale key of the entry (default manager.res.<name>.title) */
  label?: string;
  icon: string;
  /** its place: lower first (the special screens' places are in nav.ts) */
  order: number;
  /** the work-queue count shown beside it */
  count?: "recheck" | "reviews" | "requests";
  /** the list it opens (default /manager/<pagePath>) */
  href?: string;
}

export interface DetailSection {
  key: string;
  /** locale key of the heading */
  title: string;
  /** the section's rows; a paged one (`Paged`) gets the page's ?page and ?limit and shows paging links */
  load(db: Db, id: string, doc: Doc, paging: { page: number; limit: number }): Promise<Doc[] | Paged<Doc>>;
  columns: Column[];
  /** where a row links to (default: none) */
  href?(row: Doc): string;
}

/** A loader for one `populate` name (method syntax: a resource's loaders take its own docs). */
type Populate<D> = { load(db: Db, docs: D[]): Promise<void> }["load"];

type AnyTable = SQLiteTable;

export interface ResourceDef<T extends AnyTable = AnyTable, D extends Doc = Doc, F extends Filters = Filters> {
  /** key of the locale strings (manager.res.<name>), the audit entity and the pages' paths */
  name: string;
  /** its entry in the side bar; every resource has one (the declaration check says so) */
  menu: MenuEntry;
  /** /manager/<pagePath> and /manager/<pagePath>/{id} */
  pagePath: string;
  /** where its API is mounted under /api/manager (the spec's path, e.g. "/user") */
  apiPath: string;
  /* its own API calls beside the generated ones: server/api/manager/resource-routes.ts, by `name` */
  /** more list pages over it with a fixed filter (e.g. /manager/users/paid) */
  views?: {
    path: string;
    title: string;
    match: { [K in Extract<keyof F, string>]?: unknown };
    /** its own columns (default the list's): the document's fields or populated ones */
    columns?: Column[];
    populate?: string[];
    menu?: MenuEntry;
  }[];
  /** what its list pages export (/manager/exporting) */
  exportKind?: "users" | "results" | "payments";
  /** the export's columns, in order: the one source of what an export holds (server/admin/exports.ts) */
  exportColumns?: ExportColumn<Extract<keyof D, string>>[];
  /** populated on the export's rows (fields its columns read that the document does not hold) */
  exportPopulate?: string[];
  /** populated on its list pages */
  listPopulate?: string[];
  table: T;
  id: SQLiteColumn;
  /** what an id looks like in a page's path (default: 24 hex) */
  idPattern?: RegExp;
  toDoc(row: T["$inferSelect"]): D;
  /** sortable names → columns; `sort=name` or `sort=-name`, default `defaultSort` */
  sortable: { [K in Extract<keyof D, string>]?: SQLWrapper };
  defaultSort: string;
  /** what `match` accepts */
  filters: F;
  /** which filters the list page offers, in order */
  filterForm?: Extract<keyof F, string>[];
  /** `q`: a "contains" over these columns, or a condition made from the searched text (another table's e-mail) */
  search?: Search[];
  /** a trigram index over text columns: `q` and text filters' `$regex` use it */
  textIndex?: TrigramIndex;
  /** names → loaders that add the named field to a page of docs at once */
  populate?: Record<string, Populate<D>>;
  /** fields `exclude` may drop */
  exclude?: readonly Extract<keyof D, string>[];
  /** what the list shows */
  columns: Column<Extract<keyof D, string>>[];
  /** what the detail page shows (default: every column) */
  fields?: Column<Extract<keyof D, string>>[];
  /** populated on the detail page */
  detailPopulate?: string[];
  form?: {
    schema: z.ZodObject;
    fields: FormField[];
    /** the form's values → the table's columns (default: the same names) */
    toColumns?(input: Record<string, unknown>, scope: ManagerScope): Record<string, unknown>;
    /** the record's row → the form's values (default: the same names) */
    toValues?(row: Record<string, unknown>): Record<string, unknown>;
    /** Rules a schema cannot state (against the database, across fields): gets the record as it
     * would be after the change, throws `validationFailed` with field messages. */
    check?(
      scope: ManagerScope,
      next: Record<string, unknown>,
      change: { id: string | null; fields: Set<string>; input?: Record<string, unknown> },
    ): Promise<void>;
    /** saves it in its own way (a write with more to it than an update of columns); audits itself.
     * It runs inside updateResource's unit of work, after the version check. */
    save?(scope: ManagerScope, id: string, input: Record<string, unknown>): Promise<unknown>;
    /** a separate page /manager/<pagePath>/{id}/edit (the spec's), besides the form on the detail page */
    editPage?: boolean;
  };
  /** Creating a record: POST on the list API and /manager/<pagePath>/create. `run` stores it (and
   * audits through `createResource`), returning its id. Its `check` is the form's. */
  create?: {
    schema: z.ZodObject;
    fields: FormField[];
    run(scope: ManagerScope, input: Record<string, unknown>): Promise<string>;
  };
  actions?: Record<string, ResourceAction>;
  /** what the list offers on its ticked rows */
  bulkActions?: Record<string, BulkAction>;
  sections?: DetailSection[];
  /** links at the top of its list page (e.g. to a create page; label: a locale key) */
  listLinks?: { label: string; href: string }[];
  /** links from the detail page to related screens (label: a locale key) */
  links?(doc: D): { label: string; href: string }[];
  /** the record's name in its page's title and heading (an e-mail, a code, a project's name), as
   * react-admin's recordRepresentation; `locale` is the page's (a test's name is in both languages) */
  recordRepresentation?(doc: D, locale: string): string | null | undefined;
  /** the user a record belongs to (for the audit log's subject) */
  subjectOf?(row: T["$inferSelect"]): string | null;
  /** the entries its page's History shows (default: those filed under the record); a user's page
   * shows everything done to the person and their records */
  history?(db: Db, id: string): Promise<AuditDoc[]>;
  /** which back-office roles may write it (and run which actions); every role reads (roles.ts). Default: admin only. */
  access?: import("./manager-roles").Access;
}

/** A search term's condition beyond a plain "contains" over the resource's own columns. */
export type Search = SQLWrapper | { match(part: string): SQL };

/**
 * A back-office resource, checked against its document: columns, sortable keys and `exclude` are
 * the document's keys, `filterForm` and views' matches the declared filters' keys. Its type is
 * then the general `ResourceDef` (every callback is method-shaped, so the general type holds it).
 */
export function defineResource<T extends AnyTable, D extends Doc, F extends Filters>(def: ResourceDef<T, D, F>): ResourceDef<T, D, F> {
  return def;
}

/** The figures an action's question names; a Date is said in the operator's zone by the page. */
export type ConfirmVars = Record<string, string | number | Date>;

/** The actions offered on a record as it is now, each with the figures its question names. */
export async function offeredActions(db: Db, def: ResourceDef, id: string, doc: Doc) {
  const out: { name: string; vars: ConfirmVars }[] = [];
  for (const [name, a] of Object.entries(def.actions ?? {})) {
    if (a.when && !(await a.when(doc, db))) continue;
    out.push({ name, vars: (await a.confirmVars?.(db, id)) ?? {} });
  }
  return out;
}

export interface ListQuery {
  page: number;
  limit: number;
  sort: string;
  populate: Set<string>;
  exclude: Set<string>;
  match: Record<string, unknown>;
  q?: string;
}

const MAX_LIMIT = 200;

/** The shared query parameters of a list, each checked against the resource's whitelists. */
export function parseListQuery(def: ResourceDef, query: Record<string, string | undefined>): ListQuery {
  const paging = parsePaging(query, MAX_LIMIT);
  const sort = query.sort || def.defaultSort;
  if (!Object.hasOwn(def.sortable, sort.replace(/^-/, ""))) throw badRequest("errors.badParam", { sort });
  return {
    ...paging,
    sort,
    populate: parseNameList(query.populate, Object.keys(def.populate ?? {}), "populate"),
    exclude: parseNameList(query.exclude, def.exclude ?? [], "exclude"),
    match: parseMatch(query.match, matchShape(def.filters)) as Record<string, unknown>,
    q: query.q,
  };
}

export function whereOf(def: ResourceDef, q: Pick<ListQuery, "match" | "q">, extra: SQL[] = []) {
  const conds = [...matchWhere(def.filters, q.match, def.textIndex), ...extra];
  const s = searchWhere(def.search, q.q, def.textIndex);
  if (s) conds.push(s);
  return conds.length ? and(...conds) : undefined;
}

export function orderOf(def: ResourceDef, sort: string) {
  const key = sort.replace(/^-/, "");
  const column = def.sortable[key]!;
  return [sort.startsWith("-") ? desc(column) : asc(column), desc(def.id)];
}

export async function populateDocs<D extends Doc>(db: Db, def: ResourceDef<AnyTable, D>, docs: D[], names: Iterable<string>) {
  for (const name of names) await def.populate?.[name]?.(db, docs);
}

/** A page of the resource, as every list answers: {docs, page, limit, total, pages}. */
export async function listResource<D extends Doc>(db: Db, def: ResourceDef<AnyTable, D>, q: ListQuery, extra: SQL[] = []): Promise<Paged<Partial<D>>> {
  const where = whereOf(def, q, extra);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(def.table)
      .where(where)
      .orderBy(...orderOf(def, q.sort))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(def.table).where(where),
  ]);
  const docs = rows.map((r) => def.toDoc(r));
  await populateDocs(db, def, docs, q.populate);
  return paged(
    docs.map((d) => omit(d, q.exclude)),
    total!.n,
    q.page,
    q.limit,
  );
}

export async function findRow(db: Db, def: ResourceDef, id: string) {
  const [row] = await db.select().from(def.table).where(eq(def.id, id)).limit(1);
  if (!row) throw notFound();
  return row as Record<string, unknown>;
}

export async function getResource<D extends Doc>(
  db: Db,
  def: ResourceDef<AnyTable, D>,
  id: string,
  opts: { populate?: Iterable<string>; exclude?: Set<string> } = {},
) {
  const doc = def.toDoc(await findRow(db, def, id));
  await populateDocs(db, def, [doc], opts.populate ?? []);
  return omit(doc, opts.exclude ?? new Set());
}

/** What a save knows of the record the form was made from: its version (`versions.ts`), if any. */
export interface SaveOptions {
  version?: string | null;
}

const definedOnly = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * Saves the form's values in one unit of work: the version check, the update and its audit entry
 * commit together or not at all. Only columns whose value changes are written; a save that changes
 * nothing writes nothing, not even an audit entry. Returns the row after it.
 */
export async function updateResource(scope: ManagerScope, def: ResourceDef, id: string, input: Record<string, unknown>, opts: SaveOptions = {}) {
  const form = def.form;
  if (!form) throw notFound();
  return transaction(scope, async (tx) => {
    const before = await findRow(tx.db, def, id);
    expectVersion(before, opts.version);
    if (form.save) {
      await form.save(tx, id, input);
      return findRow(tx.db, def, id);
    }
    const wanted = definedOnly(form.toColumns ? form.toColumns(input, tx) : input);
    const changes = diff(
      before,
      { ...before, ...wanted },
      Object.keys(wanted).filter((k) => k !== "updatedAt"),
    );
    if (!Object.keys(changes).length) return before;
    // the rules see the record as it would be; only the fields that change are new to them
    await form.check?.(tx, { ...before, ...wanted }, { id, fields: new Set(Object.keys(changes)), input });
    // only what changes is written (and `updatedAt` with it, where the form keeps one)
    const patch = Object.fromEntries(
      Object.keys(wanted)
        .filter((k) => k in changes || k === "updatedAt")
        .map((k) => [k, wanted[k]]),
    );
    await tx.db.update(def.table).set(patch).where(eq(def.id, id));
    const after = await findRow(tx.db, def, id);
    await auditBy(tx, {
      action: `${def.name}.update`,
      entity: def.name,
      entityId: id,
      subjectUserId: def.subjectOf?.(after) ?? null,
      changes: diff(before, after, Object.keys(changes)),
    });
    return after;
  });
}

/** Creates a record through the declaration's `create` (after the form's `check`) and audits it, in one unit of work. */
export async function createResource(scope: ManagerScope, def: ResourceDef, input: Record<string, unknown>) {
  const create = def.create;
  if (!create) throw notFound();
  return transaction(scope, async (tx) => {
    const columns = def.form?.toColumns ? def.form.toColumns(input, tx) : input;
    await def.form?.check?.(tx, columns, { id: null, fields: new Set(Object.keys(columns)) });
    const id = await create.run(tx, input);
    const after = await findRow(tx.db, def, id);
    await auditBy(tx, {
      action: `${def.name}.create`,
      entity: def.name,
      entityId: id,
      subjectUserId: def.subjectOf?.(after) ?? null,
      changes: diff({}, after),
    });
    return id;
  });
}

/** What a record's page shows: the row (for the edit form), the document (populated), its related lists and what managers did to it. */
export async function loadDetail(db: Db, def: ResourceDef, id: string, paging: { page: number; limit: number }) {
  // one read of the row: the document (populated) and the form's values both come from it
  const row = await findRow(db, def, id);
  const doc = def.toDoc(row);
  await populateDocs(db, def, [doc], def.detailPopulate ?? []);
  const sections = await Promise.all(
    (def.sections ?? []).map(async (s) => {
      const got = await s.load(db, id, doc, paging);
      return Array.isArray(got) ? { key: s.key, docs: got } : { key: s.key, docs: got.docs, paging: got };
    }),
  );
  const history = def.history ? await def.history(db, id) : await auditOfRecord(db, def.name, id);
  return { doc, row, sections, history, actions: await offeredActions(db, def, id, doc) };
}
export type DetailData = Awaited<ReturnType<typeof loadDetail>>;
