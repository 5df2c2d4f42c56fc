// What the business cabinet's first page shows: the owner's projects and invite orders.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, projects } from "../../../db/schema";
import type { UserRow } from "../users";

export async function businessOverview(db: Db, user: UserRow) {
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
