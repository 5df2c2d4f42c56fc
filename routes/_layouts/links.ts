// Moved to server/lib/links.ts (it is not a layout); this path is kept for branches that still import it.
export * from "../../server/lib/links";
