// Tests in the back-office: /manager/tests, /manager/tests/{id} (its questions, its scoring
// versions) and /api/manager/tests (?populate=questions on one test).
import { asc, eq, inArray } from "drizzle-orm";
import { questions, tests, users } from "../../../db/schema";
import { openResults, setTestActive } from "../content";
import { listScoringVersions } from "../../services/scoring-versions";
import { defineResource } from "../resource";

export const testResource = defineResource({
  name: "tests",
  access: { write: ["content"] },
  pagePath: "tests",
  apiPath: "/tests",
  menu: { label: "cabinet.nav.manager.tests", icon: "≡", order: 140 },
  table: tests,
  id: tests.id,
  // its name in the page's language ("Test Thinking format"), else the other one's
  recordRepresentation: (d, locale) => {
    const name = (d.name ?? {}) as Partial<Record<string, string>>;
    return name[locale] || name.ru || name.en || null;
  },
  toDoc: (t) => ({
    _id: t.id,
    name: t.name as unknown,
    description: t.description as unknown,
    itemBankVersion: t.itemBankVersion,
    minutes: t.minutes,
    isActive: t.isActive,
    isDefault: t.isDefault,
    createdAt: t.createdAt,
    questions: undefined as unknown,
  }),
  sortable: { createdAt: tests.createdAt },
  defaultSort: "-createdAt",
  filters: { isActive: { kind: "bool", column: tests.isActive }, isDefault: { kind: "bool", column: tests.isDefault } },
  filterForm: ["isActive"],
  populate: {
    questions: async (db, docs) => {
      const rows = await db
        .select()
        .from(questions)
        .where(
          inArray(
            questions.testId,
            docs.map((d) => d._id as string),
          ),
        )
        .orderBy(asc(questions.position));
      for (const d of docs)
        d.questions = rows
          .filter((q) => q.testId === d._id)
          .map((q) => ({ _id: q.id, position: q.position, code: q.code, text: q.text, keys: q.keys, pairWith: q.pairWith }));
    },
  },
  exclude: ["description", "questions"],
  columns: [
    { key: "name", kind: "localized", link: true },
    { key: "itemBankVersion" },
    { key: "minutes", kind: "number" },
    { key: "isActive", kind: "bool" },
    { key: "isDefault", kind: "bool" },
    { key: "createdAt", kind: "date" },
  ],
  fields: [
    { key: "name", kind: "localized" },
    { key: "description", kind: "localized" },
    { key: "itemBankVersion" },
    { key: "minutes", kind: "number" },
    { key: "isActive", kind: "bool" },
    { key: "isDefault", kind: "bool" },
    { key: "createdAt", kind: "date" },
  ],
  // a test can be switched off (the spec lets managers edit tests): new people cannot start it
  actions: {
    switchOff: {
      label: "manager.tests.switchOff",
      danger: true,
      confirm: "manager.tests.switchOffConfirm",
      when: (d) => Boolean(d.isActive),
      confirmVars: async (db, id) => ({ open: await openResults(db, id) }),
      run: (scope, id) => setTestActive(scope, id, false),
    },
    switchOn: { label: "manager.tests.switchOn", when: (d) => !d.isActive, run: (scope, id) => setTestActive(scope, id, true) },
  },
  sections: [
    {
      key: "scoringVersions",
      title: "manager.items.scoringVersions",
      // who made each version: the manager's e-mail
      load: async (db, id) => {
        const list = await listScoringVersions(db, id);
        const ids = [...new Set(list.map((v) => v.createdBy).filter((v): v is string => Boolean(v)))];
        const people = ids.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
        return list.map((v) => ({
          version: v.version,
          change: v.change,
          createdBy: people.find((p) => p.id === v.createdBy)?.email ?? (v.createdBy ? v.createdBy : null),
          createdAt: v.createdAt,
        }));
      },
      columns: [
        { key: "version" },
        { key: "change", kind: "json" },
        { key: "createdBy", label: "manager.items.createdBy" },
        { key: "createdAt", kind: "date" },
      ],
    },
    {
      key: "questions",
      title: "manager.res.questions.title",
      load: async (db, id) =>
        (await db.select().from(questions).where(eq(questions.testId, id)).orderBy(asc(questions.position))).map((q) => ({
          _id: q.id,
          position: q.position,
          code: q.code,
          text: q.text,
          scale: q.keys[0]?.scale,
          sign: q.keys[0]?.sign,
        })),
      columns: [
        { key: "position", kind: "number" },
        { key: "code", label: "manager.fields.itemCode", link: true },
        { key: "text", label: "manager.fields.questionText", kind: "localized" },
        { key: "scale" },
        { key: "sign", kind: "number" },
      ],
      href: (q) => `/manager/questions/${String(q._id)}`,
    },
  ],
});
