// /manager/results and /manager/results/{id}: generated from the declaration.
import { resultResource } from "../../server/admin/resources/results";
import { resourceDetailPage, resourceListPage } from "./resource";

export const managerResultPages = [resourceListPage(resultResource, { exportKind: "results", populate: ["user", "fm"] }), resourceDetailPage(resultResource)];
