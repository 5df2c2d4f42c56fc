// The business cabinet's services, used by both the API (server/api/business/) and the pages.
export * from "./access";
export * from "./projects";
export * from "./departments";
export * from "./positions";
export * from "./employees";
export * from "./invites";
export * from "./join";
export * from "./dashboard";
export * from "./stats";
export * from "./export";
export * from "./support";
export * from "./efficiency";
export * from "./skills";
export * from "./report";
export * from "./reliability";
export * from "./fit-target";
export * from "./candidates";
