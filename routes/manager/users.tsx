// /manager/users, /manager/users/paid and /manager/users/{id}: generated from the declaration.
import { userResource } from "../../server/admin/resources/users";
import { resourceDetailPage, resourceListPage } from "./resource";

export const managerUserPages = [
  resourceListPage(userResource, { exportKind: "users", populate: ["format"] }),
  // before /{id}: "paid" is not an id
  resourceListPage(userResource, { path: "/manager/users/paid", titleKey: "manager.res.users.paid", fixedMatch: { isFull: true }, exportKind: "users", populate: ["format"] }),
  resourceDetailPage(userResource),
];
