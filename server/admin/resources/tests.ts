// Tests in the back-office: /manager/tests, /manager/tests/{id} (its questions, its scoring
// versions) and /api/manager/tests (?populate=questions on one test).
import { asc, eq, inArray } from "drizzle-orm";
import { questions, tests } from "../../../db/schema";
import { listScoringVersions } from "../../services/scoring-versions";
import { defineResource } from "../resource";

export const testResource = defineResource({
  name: "tests",
  pagePath: "tests",
  apiPath: "/tests",
  table: tests,
  id: tests.id,
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
  sections: [
    {
      key: "scoringVersions",
      title: "manager.items.scoringVersions",
      load: async (db, id) => (await listScoringVersions(db, id)).map((v) => ({ version: v.version, change: v.change, createdAt: v.createdAt })),
      columns: [{ key: "version" }, { key: "change", kind: "json" }, { key: "createdAt", kind: "date" }],
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
