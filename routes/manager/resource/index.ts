// The pages a resource declaration gives (server/admin/resource.ts), split by concern: the list
// (./list.tsx, with bulk actions in ./bulk.tsx), the record pages (./detail.tsx), the forms
// (./form.tsx) and what a post does (./post.tsx). Every page is a `managerPage` (../kit.tsx).
import type { ResourceDef } from "../../../server/admin/resource";
import { resourceCreatePage, resourceDetailPage, resourceEditPage } from "./detail";
import { resourceListPage } from "./list";

export { idParams } from "../kit";
export { ExportButtons } from "./list";

/** Every page a declaration gives: its list, its other views and create form (before /{id}), its detail page. */
export function resourcePages(def: ResourceDef) {
  return [
    resourceListPage(def, { exportKind: def.exportKind, populate: def.listPopulate }),
    ...(def.views ?? []).map((v) =>
      resourceListPage(def, {
        path: v.path,
        titleKey: v.title,
        fixedMatch: v.match,
        exportKind: def.exportKind,
        populate: [...(def.listPopulate ?? []), ...(v.populate ?? [])],
        columns: v.columns,
      }),
    ),
    ...(def.create ? [resourceCreatePage(def)] : []),
    resourceDetailPage(def),
    ...(def.form?.editPage ? [resourceEditPage(def)] : []),
  ];
}
