// Business projects in the back-office: /manager/projects (list, {id} with its employees,
// invites and orders, paged; change owner; delete) and /api/manager/projects (GET, GET/DELETE
// /{id} with page and limit, POST /change-owner); /api/manager/project is the same declaration
// (GET/POST, PUT /{id}) at the spec's other prefix. The rules are in server/admin/projects.ts, the
// routes of its own calls in server/api/manager/resource-routes.ts.
import { z } from "zod";
import { projects } from "../../../db/schema";
import { populateUsers } from "../populate";
import {
  askOwner,
  changeOwner,
  changeOwnerSchema,
  deleteProject,
  insertProject,
  projectHoldings,
  projectCreateSchema,
  projectLists,
  projectUpdateSchema,
} from "../projects";
import { defineResource } from "../resource";
import { addProjectInvites } from "../users";

export const projectResource = defineResource({
  name: "projects",
  access: { write: [] },
  pagePath: "projects",
  apiPath: "/projects",
  menu: { label: "cabinet.nav.manager.projects", icon: "⌂", order: 50 },
  listPopulate: ["owner"],
  table: projects,
  id: projects.id,
  recordRepresentation: (d) => d.name as string,
  toDoc: (p) => ({
    _id: p.id,
    name: p.name,
    description: p.description,
    owner: p.ownerId as unknown,
    inviteCode: p.inviteCode,
    inviteBalance: p.inviteBalance,
    isDemo: p.isDemo,
    createdAt: p.createdAt,
  }),
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
    // no invite balance here: joining spends it while the form is open, so a form must never
    // write it back (the "add invites" action adds to it instead; PUT still takes it, spec)
    fields: [
      { name: "name", kind: "text" },
      { name: "description", kind: "textarea" },
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
    run: (scope, input) => insertProject(scope, input as z.infer<typeof projectCreateSchema>),
  },
  actions: {
    addInvites: {
      label: "manager.users.addInvites",
      input: {
        schema: z.object({ count: z.number().int().min(1).max(10_000) }),
        fields: [{ name: "count", kind: "number", label: "manager.users.inviteCount" }],
      },
      run: async (scope, id, input) => void (await addProjectInvites(scope, id, input.count as number, { action: "projects.addInvites" })),
    },
    changeOwner: {
      label: "manager.projects.changeOwner",
      // both owners are told by mail
      mails: true,
      // hands the company over and mails both owners: asked again
      danger: true,
      confirm: "manager.projects.changeOwnerConfirm",
      input: {
        schema: z.object({ email: changeOwnerSchema.shape.email, confirmOwner: z.boolean().optional() }),
        fields: [
          { name: "email", kind: "email", label: "manager.projects.newOwner" },
          { name: "confirmOwner", kind: "confirm", label: "manager.projects.confirmOwner" },
        ],
      },
      // the page first says whose the address is (name, projects owned); the answer hands it over
      run: async (scope, id, input) => {
        if (input.confirmOwner === false) await askOwner(scope, id, input.email as string);
        await changeOwner(scope, id, input.email as string);
      },
    },
    delete: {
      label: "manager.projects.delete",
      danger: true,
      confirm: "manager.projects.deleteConfirm",
      confirmVars: (db, id) => projectHoldings(db, id),
      // typing the project's name is the confirmation
      input: {
        schema: z.object({ confirm: z.string("common.validation.required").trim().min(1, "common.validation.required") }),
        fields: [{ name: "confirm", kind: "text", label: "manager.projects.confirmName" }],
      },
      run: async (scope, id, input) => {
        await deleteProject(scope, id, { confirmName: String(input.confirm) });
        return { redirect: "/manager/projects?done=deleted" };
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
      columns: [
        { key: "email" },
        { key: "link" },
        { key: "status", valueLabels: "cabinet.invites.status" },
        { key: "isActive", kind: "bool" },
        { key: "createdAt", kind: "date" },
      ],
    },
    {
      key: "orders",
      title: "manager.projects.orders",
      load: async (db, id, _doc, { page, limit }) => (await projectLists(db, id, page, limit)).orders,
      columns: [
        { key: "entityType", label: "manager.orders.entityType", valueLabels: "manager.orders.entityTypes" },
        { key: "quantity", kind: "number" },
        { key: "amount", kind: "money" },
        { key: "method", label: "manager.orders.method", valueLabels: "manager.orders.methods" },
        { key: "state", label: "manager.orders.state", valueLabels: "manager.orders.states" },
        { key: "createdAt", kind: "date" },
        { key: "paidAt", kind: "date" },
      ],
    },
  ],
  subjectOf: (p) => p.ownerId,
});
