// Business projects in the back-office: /manager/projects (list, {id} with its employees,
// invites and orders, paged; change owner; delete) and /api/manager/projects (GET, GET/DELETE
// /{id} with page and limit, POST /change-owner); /api/manager/project is the same declaration
// (GET/POST, PUT /{id}) at the spec's other prefix. The rules are in server/admin/projects.ts.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { projects } from "../../../db/schema";
import { validationFailed } from "../../lib/errors";
import { pathId } from "../../lib/ids";
import { parseInput, validate } from "../../lib/validate";
import { populateUsers } from "../populate";
import { changeOwner, changeOwnerSchema, deleteProject, insertProject, projectCreateSchema, projectLists, projectPaging, projectUpdateSchema } from "../projects";
import { defineResource, getResource, type ResourceDef } from "../resource";

/** the declaration, for its own calls (typed apart, so it need not infer itself) */
const self = (): ResourceDef => projectResource;

export const projectResource = defineResource({
  name: "projects",
  pagePath: "projects",
  apiPath: "/projects",
  api: (app) =>
    app
      .post("/change-owner", validate("json", changeOwnerSchema), async (c) => {
        const { projectId, email } = c.req.valid("json");
        return c.json(await changeOwner(c, projectId, email));
      })
      .get("/:id", async (c) => {
        const id = pathId(c);
        const { page, limit } = parseInput(c.get("t"), projectPaging, { page: c.req.query("page"), limit: c.req.query("limit") });
        const doc = await getResource(c.get("deps").db, self(), id, { populate: ["owner"] });
        return c.json({ ...doc, ...(await projectLists(c.get("deps").db, id, page, limit)) });
      })
      .delete("/:id", async (c) => {
        await deleteProject(c, pathId(c));
        return c.json({ deleted: true });
      }),
  listPopulate: ["owner"],
  table: projects,
  id: projects.id,
  toDoc: (p) => ({ _id: p.id, name: p.name, description: p.description, owner: p.ownerId as unknown, inviteCode: p.inviteCode, inviteBalance: p.inviteBalance, isDemo: p.isDemo, createdAt: p.createdAt }),
  sortable: { createdAt: projects.createdAt, name: projects.name, inviteBalance: projects.inviteBalance },
  defaultSort: "-createdAt",
  filters: {
    name: { kind: "text", column: projects.name },
    owner: { kind: "id", column: projects.ownerId },
    isDemo: { kind: "bool", column: projects.isDemo },
    createdAt: { kind: "date", column: projects.createdAt },
  },
  filterForm: ["isDemo", "createdAt"],
  search: [projects.name, projects.inviteCode],
  populate: { owner: (db, docs) => populateUsers(db, docs, "owner") },
  exclude: ["description", "owner", "inviteCode"],
  columns: [
    { key: "name", link: true },
    { key: "owner", kind: "user" },
    { key: "inviteCode" },
    { key: "inviteBalance", kind: "number" },
    { key: "isDemo", kind: "bool" },
    { key: "createdAt", kind: "date" },
  ],
  fields: [
    { key: "name" },
    { key: "description" },
    { key: "owner", kind: "user" },
    { key: "inviteCode" },
    { key: "inviteBalance", kind: "number" },
    { key: "isDemo", kind: "bool" },
    { key: "createdAt", kind: "date" },
  ],
  detailPopulate: ["owner"],
  form: {
    schema: projectUpdateSchema,
    fields: [
      { name: "name", kind: "text" },
      { name: "description", kind: "textarea" },
      { name: "inviteBalance", kind: "number" },
    ],
  },
  create: {
    schema: projectCreateSchema,
    fields: [
      { name: "name", kind: "text" },
      { name: "description", kind: "textarea" },
      { name: "email", kind: "email", label: "manager.projects.ownerEmail" },
      { name: "inviteBalance", kind: "number" },
    ],
    run: (c, input) => insertProject(c, input as z.infer<typeof projectCreateSchema>),
  },
  actions: {
    changeOwner: {
      label: "manager.projects.changeOwner",
      input: { schema: z.object({ email: changeOwnerSchema.shape.email }), fields: [{ name: "email", kind: "email", label: "manager.projects.newOwner" }] },
      run: async (c, id, input) => void (await changeOwner(c, id, input.email as string)),
    },
    delete: {
      label: "manager.projects.delete",
      danger: true,
      // typing the project's name is the confirmation
      input: { schema: z.object({ confirm: z.string("common.validation.required").trim().min(1, "common.validation.required") }), fields: [{ name: "confirm", kind: "text", label: "manager.projects.confirmName" }] },
      run: async (c, id, input) => {
        const [p] = await c.get("deps").db.select({ name: projects.name }).from(projects).where(eq(projects.id, id));
        if (p && p.name.trim() !== String(input.confirm).trim()) throw validationFailed({ confirm: "manager.projects.confirmMismatch" });
        await deleteProject(c, id);
        return { redirect: "/manager/projects?deleted=1" };
      },
    },
  },
  sections: [
    {
      key: "employees",
      title: "manager.projects.employees",
      load: async (db, id, _doc, { page, limit }) => (await projectLists(db, id, page, limit)).employees,
      columns: [{ key: "name" }, { key: "email" }, { key: "isProjectManager", kind: "bool" }, { key: "createdAt", kind: "date" }],
    },
    {
      key: "invites",
      title: "manager.projects.invites",
      load: async (db, id, _doc, { page, limit }) => (await projectLists(db, id, page, limit)).invites,
      columns: [{ key: "email" }, { key: "link" }, { key: "status" }, { key: "isActive", kind: "bool" }, { key: "createdAt", kind: "date" }],
    },
    {
      key: "orders",
      title: "manager.projects.orders",
      load: async (db, id, _doc, { page, limit }) => (await projectLists(db, id, page, limit)).orders,
      columns: [{ key: "entityType" }, { key: "quantity", kind: "number" }, { key: "amount", kind: "money" }, { key: "method" }, { key: "state" }, { key: "createdAt", kind: "date" }, { key: "paidAt", kind: "date" }],
    },
  ],
  subjectOf: (p) => p.ownerId,
});
