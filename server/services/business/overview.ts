// What the business cabinet's first page shows: the owner's projects and invite orders.
import { and, desc, eq } from "drizzle-orm";
import { orders, projects } from "../../../db/schema";
import type { UserScope } from "../../scope";

export async function businessOverview(scope: UserScope) {
  const { db, user } = scope;
  const [own, purchases] = await Promise.all([
    db.select().from(projects).where(eq(projects.ownerId, user.id)).orderBy(projects.createdAt),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.entityType, "invites")))
      .orderBy(desc(orders.createdAt))
      .limit(20),
  ]);
  return { projects: own, orders: purchases };
}
