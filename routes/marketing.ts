// Marketing, information, legal and sales pages.
import type { PageDef } from "../server/render/define";

export const marketingRoutes: PageDef<any>[] = [];
