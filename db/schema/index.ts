// The whole data model of both specs, one file per section. Column names are snake_case in SQL
// (drizzle `casing`), camelCase in TypeScript. Ids are 24-hex strings (see server/lib/ids.ts)
// exposed as `_id`.
export type { Localized } from "./columns";
export * from "./people";
export * from "./test";
export * from "./content";
export * from "./money";
export * from "./business";
export * from "./leads";
export * from "./backoffice";
export * from "./analytics";
export * from "./items";
export * from "./jobs";
export * from "./integrations";
export * from "./performers";
