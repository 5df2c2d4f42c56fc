// The 27 formats in the back-office: /manager/formats, /manager/formats/{code} (names and
// descriptions per language, and how many results each has) and /api/manager/formats. The same
// prefix keeps the rechecker's calls (/api/manager/formats/{resultId}, spec manager §7); a format
// is edited with its page's form or POST /api/format (server/api/formats.ts).
import { z } from "zod";
import { formats } from "../../../db/schema";
import { parseInput } from "../../lib/validate";
import { formatEditSchema, resultCounts, updateFormat } from "../content";
import { defineResource } from "../resource";

const LANGS = ["ru", "en", "ch"] as const;
const flat = (prefix: string) => LANGS.map((l) => `${prefix}${l[0]!.toUpperCase()}${l[1]}`);

export const formatResource = defineResource({
  name: "formats",
  access: { write: ["content"] },
  pagePath: "formats",
  apiPath: "/formats",
  menu: { label: "cabinet.nav.manager.formats", icon: "◇", order: 120 },
  idPattern: /^[A-Z]{3}-[A-Z]{3,4}-[A-Z]{3,4}$/,
  listPopulate: ["results"],
  table: formats,
  id: formats.code,
  recordRepresentation: (d) => d.code as string,
  toDoc: (f) => ({
    _id: f.code,
    code: f.code,
    position: f.position,
    structure: f.structure,
    volume: f.volume,
    presentation: f.presentation,
    name: f.name as unknown,
    description: f.description as unknown,
    results: null as unknown,
  }),
  sortable: { position: formats.position, code: formats.code },
  defaultSort: "position",
  filters: {
    structure: { kind: "enum", column: formats.structure, values: ["system", "analytic", "balanced"] },
    volume: { kind: "enum", column: formats.volume, values: ["low", "middle", "high"] },
    presentation: { kind: "enum", column: formats.presentation, values: ["slow", "middle", "fast"] },
  },
  filterForm: ["structure", "volume", "presentation"],
  populate: {
    /** the number of results with the format */
    results: async (db, docs) => {
      const counts = await resultCounts(
        db,
        docs.map((d) => d._id as string),
      );
      for (const d of docs) d.results = counts.get(d._id as string) ?? 0;
    },
  },
  exclude: ["description"],
  columns: [
    { key: "code", label: "manager.fields.format", link: true },
    { key: "name", kind: "localized" },
    { key: "structure", valueLabels: "manager.values.structure" },
    { key: "volume", valueLabels: "manager.values.volume" },
    { key: "presentation", valueLabels: "manager.values.presentation" },
    { key: "results", label: "manager.fields.resultCount", kind: "number" },
  ],
  fields: [
    { key: "code", label: "manager.fields.format" },
    { key: "name", kind: "localized" },
    { key: "position", kind: "number" },
    { key: "structure", valueLabels: "manager.values.structure" },
    { key: "volume", valueLabels: "manager.values.volume" },
    { key: "presentation", valueLabels: "manager.values.presentation" },
    { key: "results", label: "manager.fields.resultCount", kind: "number" },
  ],
  detailPopulate: ["results"],
  form: {
    // the page's form is flat (nameRu … descriptionCh); the service takes {name, description}
    schema: z.object(
      Object.fromEntries(
        [...flat("name"), ...flat("description")].map((k) => [
          k,
          k.endsWith("Ch")
            ? z.string().trim().max(4_000, "common.validation.tooLong").optional()
            : z.string().trim().min(1, "common.validation.required").max(4_000, "common.validation.tooLong"),
        ]),
      ),
    ),
    fields: [...flat("name").map((name) => ({ name, kind: "text" as const })), ...flat("description").map((name) => ({ name, kind: "textarea" as const }))],
    toValues: (r) => {
      const name = r.name as Record<string, string>;
      const description = r.description as Record<string, string>;
      return Object.fromEntries(
        LANGS.flatMap((l, i) => [
          [flat("name")[i]!, name[l] ?? ""],
          [flat("description")[i]!, description[l] ?? ""],
        ]),
      );
    },
    save: (scope, code, input) => {
      const pick = (prefix: string) => Object.fromEntries(LANGS.map((l, i) => [l, (input[flat(prefix)[i]!] as string | undefined) ?? ""]));
      return updateFormat(scope, code, parseInput(scope.t, formatEditSchema, { name: pick("name"), description: pick("description") }));
    },
  },
});
