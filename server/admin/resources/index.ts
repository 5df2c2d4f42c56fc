// The back-office resources: one declaration file each in this folder, listed here once. The
// manager API mounts each at its `apiPath` (server/api/manager/index.ts) and the pages come from
// each (routes/manager/resource/): adding a resource is adding its file and its line below.
import type { ResourceDef } from "../resource";
import { couponResource } from "./coupons";
import { formatResource } from "./formats";
import { orderResource } from "./orders";
import { projectResource } from "./projects";
import { questionResource } from "./questions";
import { referralResource } from "./referrals";
import { reportResource } from "./reports";
import { resultResource } from "./results";
import { reviewResource } from "./reviews";
import { testResource } from "./tests";
import { userResource } from "./users";

export const RESOURCES: ResourceDef[] = [
  userResource,
  resultResource,
  projectResource,
  orderResource,
  reviewResource,
  couponResource,
  referralResource,
  reportResource,
  formatResource,
  questionResource,
  testResource,
];
