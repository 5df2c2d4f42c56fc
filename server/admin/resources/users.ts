// Users in the back-office: /manager/users, /manager/users/{id}, /manager/users/paid and
// /api/manager/user. The special calls (logs, results, activate, invites, PDF, masquerade) are
// in server/admin/users.ts, their routes in server/api/manager/resource-routes.ts; this file is the
// declaration.
import { shownState } from "../money";
import { desc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { invites, orders, projects, users } from "../../../db/schema";
import { AppError, validationFailed } from "../../lib/errors";
import { hasManagerRole, userFields } from "../../services/users";
import { auditAboutUser } from "../audit";
import { populateFormats } from "../populate";
import { contains, type TrigramIndex } from "../match";
import { defineResource, type Doc, type Search } from "../resource";
import { MASQ_MODES, masqueradeSchema, type MasqueradeInput } from "../../services/masquerade";
import { populatePayments, userActivity, userCoupons, userMails, userOrigin } from "../user-story";
import { activateUser, addInvites, deleteUserByManager, sendReportPdf, startMasqueradeFor, userHoldings, userResults } from "../users";

const USERS_INDEX: TrigramIndex = { table: "users_search", columns: [users.email, users.name, users.phone] };

/** Another resource's search by its user's e-mail (results, orders), through the users' trigram index. */
export const byUserEmail = (userId: SQLWrapper): Search => ({
  match: (part) => sql`${userId} in (select ${users.id} from ${users} where ${contains(users.email, part, USERS_INDEX)})`,
});

export const userResource = defineResource({
  name: "users",
  access: { write: [], actions: { masq: ["support"] } },
  pagePath: "users",
  apiPath: "/user",
  menu: { label: "cabinet.nav.manager.users", icon: "☺", order: 40 },
  views: [
    {
      path: "/manager/users/paid",
      title: "manager.res.users.paid",
      match: { isFull: true },
      menu: { icon: "★", order: 45 },
      // what they paid and when
      populate: ["payment"],
      columns: [
        { key: "email", link: true },
        { key: "name" },
        { key: "format", kind: "format" },
        { key: "paidAmount", label: "manager.users.paidAmount", kind: "money" },
        { key: "paidAt", label: "manager.users.paidAt", kind: "date" },
        { key: "createdAt", kind: "date" },
      ],
    },
  ],
  exportKind: "users",
  // what the users export holds (headings in the manager's language, dates as dates)
  exportColumns: [
    { key: "_id", label: "manager.exports.columns._id", kind: "text" },
    { key: "email", label: "manager.fields.email", kind: "text" },
    { key: "name", label: "manager.fields.name", kind: "text" },
    { key: "phone", label: "manager.fields.phone", kind: "text" },
    { key: "birthday", label: "manager.fields.birthday", kind: "text" },
    { key: "city", label: "manager.fields.city", kind: "text" },
    { key: "gender", label: "manager.fields.gender", kind: "text", valueLabels: "manager.values.gender" },
    { key: "role", label: "manager.fields.role", kind: "text", valueLabels: "manager.values.roles" },
    { key: "format", label: "manager.fields.format", kind: "text" },
    { key: "isActive", label: "manager.fields.isActive", kind: "bool" },
    { key: "isBusiness", label: "manager.fields.isBusiness", kind: "bool" },
    { key: "isCompleted", label: "manager.fields.isCompleted", kind: "bool" },
    { key: "isFull", label: "manager.fields.isFull", kind: "bool" },
    { key: "balance", label: "manager.fields.balance", kind: "number" },
    { key: "createdAt", label: "manager.fields.createdAt", kind: "date" },
  ],
  bulkActions: { export: { label: "manager.bulk.export", confirm: "manager.bulk.exportConfirm", export: true } },
  listPopulate: ["format"],
  table: users,
  id: users.id,
  recordRepresentation: (d) => d.email as string,
  toDoc: (u) => ({
    ...userFields(u),
    format: u.formatCode as unknown,
    inviteLink: u.inviteLink,
    invite: null as unknown,
  }),
  sortable: { createdAt: users.createdAt, email: users.email, name: users.name },
  defaultSort: "-createdAt",
  filters: {
    email: { kind: "text", column: users.email },
    name: { kind: "text", column: users.name },
    phone: { kind: "text", column: users.phone },
    role: { kind: "enum", column: users.role, values: ["user", "admin"] },
    isBusiness: { kind: "bool", column: users.isBusiness },
    isFull: { kind: "bool", column: users.isFull },
    isCompleted: { kind: "bool", column: users.isCompleted },
    isActive: { kind: "bool", column: users.isActive },
    createdAt: { kind: "date", column: users.createdAt },
  },
  filterForm: ["role", "isBusiness", "isFull", "isCompleted", "createdAt"],
  search: [users.email, users.name, users.phone],
  textIndex: USERS_INDEX,
  populate: {
    format: (db, docs) => populateFormats(db, docs, "format"),
    /** the user's latest paid order for the full report: its amount and when it was paid */
    payment: (db, docs) => populatePayments(db, docs),
    /** the invite the user holds (a business project's), else the one they signed up with */
    invite: async (db, docs) => {
      const list = docs.map((d) => d._id as string);
      if (!list.length) return;
      const rows = await db
        .select({ _id: invites.id, userId: invites.userId, link: invites.link, status: invites.status, project: { _id: projects.id, name: projects.name } })
        .from(invites)
        .innerJoin(projects, eq(projects.id, invites.projectId))
        .where(inArray(invites.userId, list))
        .orderBy(desc(invites.createdAt));
      for (const d of docs) d.invite = rows.find((r) => r.userId === d._id) ?? (d.inviteLink ? { link: d.inviteLink } : null);
    },
  },
  exclude: ["phone", "birthday", "city", "gender", "PersonnelId", "balance", "inviteLink", "invite", "format"],
  columns: [
    { key: "email", link: true },
    { key: "name" },
    { key: "phone" },
    { key: "format", kind: "format" },
    { key: "isFull", kind: "bool" },
    { key: "isBusiness", kind: "bool" },
    { key: "createdAt", kind: "date" },
  ],
  fields: [
    { key: "email" },
    { key: "name" },
    { key: "phone" },
    { key: "birthday" },
    { key: "age", kind: "number" },
    { key: "city" },
    { key: "gender", valueLabels: "manager.values.gender" },
    { key: "PersonnelId" },
    { key: "role", valueLabels: "manager.values.roles" },
    { key: "format", kind: "format" },
    { key: "balance", kind: "number" },
    { key: "isActive", kind: "bool" },
    { key: "isConfirmed", kind: "bool" },
    { key: "isBusiness", kind: "bool" },
    { key: "isCompleted", kind: "bool" },
    { key: "isFull", kind: "bool" },
    { key: "invite", kind: "json" },
    { key: "createdAt", kind: "date" },
  ],
  detailPopulate: ["format", "invite"],
  form: {
    schema: z.object({
      name: z.string().trim().max(200).optional(),
      phone: z.string().trim().max(40).optional(),
      city: z.string().trim().max(200).optional(),
      birthday: z.union([z.iso.date(), z.literal("")]).optional(),
      gender: z.enum(["Male", "Female"]).optional(),
      balance: z.number().int().min(0).max(1_000_000).optional(),
      isActive: z.boolean().optional(),
      isBusiness: z.boolean().optional(),
      isFull: z.boolean().optional(),
      /** the page's "yes, take the full report away": asked only when Paid is unticked */
      confirmUnpaid: z.boolean().optional(),
    }),
    fields: [
      { name: "name", kind: "text" },
      { name: "phone", kind: "tel" },
      { name: "city", kind: "text" },
      { name: "birthday", kind: "date" },
      { name: "gender", kind: "select", options: ["Male", "Female"], optionLabels: "manager.values.gender" },
      { name: "balance", kind: "number" },
      { name: "isActive", kind: "checkbox" },
      { name: "isBusiness", kind: "checkbox" },
      { name: "isFull", kind: "checkbox" },
      { name: "confirmUnpaid", kind: "confirm", label: "manager.users.confirmUnpaid" },
    ],
    toColumns: ({ confirmUnpaid: _, ...v }) => ({ ...v, birthday: v.birthday === "" ? null : v.birthday, updatedAt: new Date() }),
    // one manager cannot switch another off, as they cannot delete or masquerade as them
    check: async (_scope, next, change) => {
      if (change.fields.has("isActive") && next.isActive === false && hasManagerRole(next as Parameters<typeof hasManagerRole>[0]))
        throw new AppError(403, "manager_target", "manager.errors.managerTarget");
      // unticking Paid takes the full report away: the page's form asks for a second tick first
      // (an API client, which sends no such field, has its own confirmation)
      if (change.fields.has("isFull") && next.isFull === false && change.input?.confirmUnpaid === false)
        throw validationFailed({ confirmUnpaid: "manager.users.unpaidLoses" });
    },
  },
  actions: {
    // offered only to an inactive or unconfirmed account: for an active, confirmed one it would do nothing
    activate: {
      label: "manager.users.activate",
      when: (d) => !(d.isActive && d.isConfirmed),
      run: async (scope, id) => void (await activateUser(scope, id)),
    },
    sendPdf: { label: "manager.users.sendPdf", mails: true, run: async (scope, id) => void (await sendReportPdf(scope, id)) },
    addInvites: {
      label: "manager.users.addInvites",
      input: {
        schema: z.object({ count: z.number().int().min(1).max(10_000) }),
        fields: [{ name: "count", kind: "number", label: "manager.users.inviteCount" }],
      },
      run: async (scope, id, input) => void (await addInvites(scope, { id, count: input.count as number })),
    },
    masq: {
      label: "manager.users.masq",
      danger: true,
      confirm: "manager.users.masqConfirm",
      when: (d) => d.role !== "admin",
      input: {
        schema: masqueradeSchema,
        fields: [
          { name: "reason", kind: "textarea", label: "manager.masq.reason", hint: "manager.masq.reasonHint" },
          { name: "mode", kind: "select", options: MASQ_MODES, label: "manager.masq.mode", optionLabels: "manager.masq.modes" },
        ],
      },
      run: async (scope, id, input) => {
        const { token, user } = await startMasqueradeFor(scope, id, input as MasqueradeInput);
        return { redirect: "/", session: { token, userId: user.id, cookie: "masqToken" } };
      },
    },
    delete: {
      label: "manager.users.delete",
      danger: true,
      confirm: "manager.users.deleteConfirm",
      when: (d) => d.role !== "admin",
      confirmVars: (db, id) => userHoldings(db, id),
      run: async (scope, id) => {
        await deleteUserByManager(scope, id);
        return { redirect: "/manager/users?done=deleted" };
      },
    },
  },
  sections: [
    {
      key: "results",
      title: "manager.users.results",
      load: async (db, id) => (await userResults(db, id)) as Doc[],
      columns: [
        { key: "_id", label: "manager.fields.result", link: true },
        { key: "fm", label: "manager.fields.format", kind: "format" },
        { key: "isCompleted", kind: "bool" },
        { key: "createdAt", kind: "date" },
      ],
    },
    {
      // the companies the person owns, by name (a change of owner or a deletion concerns them)
      key: "projects",
      title: "manager.users.ownedProjects",
      load: async (db, id) =>
        (await db.select().from(projects).where(eq(projects.ownerId, id)).orderBy(desc(projects.createdAt)).limit(100)).map((p) => ({
          _id: p.id,
          name: p.name,
          inviteBalance: p.inviteBalance,
          createdAt: p.createdAt,
        })),
      columns: [
        { key: "name", label: "manager.fields.name", link: true },
        { key: "inviteBalance", kind: "number" },
        { key: "createdAt", kind: "date" },
      ],
      href: (row) => `/manager/projects/${row._id as string}`,
    },
    {
      key: "orders",
      title: "manager.res.orders.title",
      load: async (db, id) =>
        (await db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.createdAt)).limit(100)).map((o) => ({
          _id: o.id,
          createdAt: o.createdAt,
          entityType: o.entityType,
          amount: o.amount,
          method: o.method,
          // as the order's own page says it (a part given back reads "partly refunded")
          state: shownState(o.state, o.refundedAmount),
        })),
      columns: [
        { key: "createdAt", kind: "date", link: true },
        { key: "entityType", label: "manager.orders.entityType", valueLabels: "manager.orders.entityTypes" },
        { key: "amount", label: "manager.orders.amount", kind: "money" },
        { key: "method", label: "manager.orders.method", valueLabels: "manager.orders.methods" },
        { key: "state", label: "manager.orders.state", valueLabels: "manager.orders.states" },
      ],
      href: (row) => `/manager/orders/${row._id as string}`,
    },
    {
      key: "coupons",
      title: "manager.users.coupons",
      load: (db, id) => userCoupons(db, id),
      columns: [
        { key: "code", label: "manager.coupons.code", link: true },
        { key: "discount", label: "manager.users.discount" },
        { key: "usedAt", kind: "date" },
        { key: "state", label: "manager.orders.state", valueLabels: "manager.orders.states" },
        { key: "paid", kind: "money" },
      ],
      href: (row) => `/manager/coupon/${row._id as string}`,
    },
    {
      key: "origin",
      title: "manager.users.origin",
      load: (db, id) => userOrigin(db, id),
      columns: [
        { key: "code", label: "manager.users.referral", link: true },
        { key: "name" },
        { key: "utm", label: "manager.users.utm", kind: "json" },
        { key: "createdAt", label: "manager.users.signedUp", kind: "date" },
      ],
      href: (row) => (row._id ? `/manager/referral/${row._id as string}` : "#"),
    },
    {
      key: "mails",
      title: "manager.users.mails",
      load: (db, id, doc) => userMails(db, id, doc.email as string),
      columns: [
        { key: "subject", label: "manager.users.mailSubject" },
        { key: "kind", label: "manager.users.mailKind", valueLabels: "manager.users.mailKinds" },
        { key: "createdAt", label: "manager.users.mailDate", kind: "date" },
        { key: "state", label: "manager.users.mailState", valueLabels: "manager.users.mailStates" },
      ],
    },
    {
      key: "logs",
      title: "manager.users.logs",
      load: (db, id) => userActivity(db, id),
      columns: [
        { key: "action", label: "manager.fields.action", valueLabels: "manager.activity.actions" },
        { key: "who", label: "manager.fields.actor", valueLabels: "manager.activity.who" },
        { key: "data", label: "manager.activity.details", kind: "json" },
        { key: "createdAt", kind: "date" },
      ],
    },
  ],
  subjectOf: (u) => u.id,
  // everything done to the person and their records (orders, results, requests), in the audit's own words
  history: (db, id) => auditAboutUser(db, id),
});
