// Every page route of the site. One file per route (or family of routes) in this folder.
import type { PageDef } from "../server/render/define";
import home from "./home";
import { marketingRoutes } from "./marketing";

export const routes: PageDef<any>[] = [home, ...marketingRoutes];
