// Reviews in the back-office: /manager/reviews (list, create with a photo, {id}) and
// /api/manager/reviews (GET with populate=user and match, GET /{id}, POST /, PUT /{id}, and
// POST /photo for the upload). Only approved reviews are public (server/services/reviews.ts).
import { reviews } from "../../../db/schema";
import { toReviewDoc } from "../../services/reviews";
import { PHOTO_TYPES, uploadReviewPhoto } from "../photos";
import { populateUsers } from "../populate";
import { checkReview, deleteReview, insertReview, publishReview, reviewColumns, reviewCreateSchema, reviewUpdateSchema, reviewValues } from "../reviews";
import { defineResource, type FormField } from "../resource";

const FIELDS: FormField[] = [
  { name: "name", kind: "text" },
  { name: "position", kind: "text", label: "manager.reviews.position" },
  { name: "textRu", kind: "textarea" },
  { name: "textEn", kind: "textarea" },
  {
    name: "img",
    kind: "file",
    accept: Object.values(PHOTO_TYPES).join(","),
    hint: "manager.reviews.photoHint",
    store: (scope, file) => uploadReviewPhoto(scope, file),
  },
  { name: "isPublished", kind: "checkbox" },
];

export const reviewResource = defineResource({
  name: "reviews",
  access: { write: ["content"] },
  pagePath: "reviews",
  apiPath: "/reviews",
  menu: { label: "cabinet.nav.manager.reviews", icon: "❝", order: 80, count: "reviews" },
  listPopulate: ["user"],
  table: reviews,
  id: reviews.id,
  recordRepresentation: (d) => d.name as string,
  toDoc: (r) => toReviewDoc(r) as Record<string, unknown> & ReturnType<typeof toReviewDoc>,
  sortable: { createdAt: reviews.createdAt, name: reviews.name },
  defaultSort: "-createdAt",
  filters: {
    isPublished: { kind: "bool", column: reviews.isPublished },
    name: { kind: "text", column: reviews.name },
    user: { kind: "id", column: reviews.userId },
    createdAt: { kind: "date", column: reviews.createdAt },
  },
  filterForm: ["isPublished", "createdAt"],
  search: [reviews.name, reviews.position],
  populate: { user: (db, docs) => populateUsers(db, docs, "user") },
  exclude: ["img", "text", "user", "position"],
  columns: [
    { key: "img", kind: "image" },
    { key: "name", link: true },
    { key: "position", label: "manager.reviews.position" },
    { key: "text", kind: "localized" },
    { key: "user", kind: "user" },
    { key: "isPublished", kind: "bool" },
    { key: "createdAt", kind: "date" },
  ],
  detailPopulate: ["user"],
  form: { schema: reviewUpdateSchema, fields: FIELDS, toColumns: reviewColumns, toValues: reviewValues, check: checkReview },
  create: { schema: reviewCreateSchema, fields: FIELDS, run: (scope, input) => insertReview(scope.db, input) },
  // only the action that applies to the review as it is
  actions: {
    approve: { label: "manager.reviews.approve", when: (d) => !d.isPublished, run: (scope, id) => publishReview(scope, id, true) },
    hide: { label: "manager.reviews.hide", when: (d) => Boolean(d.isPublished), run: (scope, id) => publishReview(scope, id, false) },
    delete: {
      label: "manager.reviews.delete",
      danger: true,
      confirm: "manager.reviews.deleteConfirm",
      run: async (scope, id) => {
        await deleteReview(scope, id);
        return { redirect: "/manager/reviews?done=deleted" };
      },
    },
  },
  bulkActions: {
    approve: { label: "manager.reviews.approve", confirm: "manager.bulk.approveConfirm", run: (scope, id) => publishReview(scope, id, true) },
    hide: { label: "manager.reviews.hide", confirm: "manager.bulk.hideConfirm", run: (scope, id) => publishReview(scope, id, false) },
  },
  subjectOf: (r) => r.userId,
});
