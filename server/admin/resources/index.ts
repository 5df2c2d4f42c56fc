// The back-office resources: one declaration file each in this folder, listed here once. The
// manager API mounts each at its `apiPath` (server/api/manager/index.ts) and the pages come from
// each (routes/manager/resource.tsx): adding a resource is adding its file and its line below.
import type { ResourceDef } from "../resource";
import { formatResource } from "./formats";
import { questionResource } from "./questions";
import { reportResource } from "./reports";
import { resultResource } from "./results";
import { testResource } from "./tests";
import { userResource } from "./users";

export const RESOURCES: ResourceDef[] = [userResource, resultResource, reportResource, formatResource, questionResource, testResource];
