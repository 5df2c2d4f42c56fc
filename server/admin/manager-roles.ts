// The back-office's roles and what an area's access says, apart from the rules that read the
// resource declarations (roles.ts): the declarations and the user commands import this leaf, so
// neither loads the other through it.
import type { UserRow } from "../services/users";

export const MANAGER_ROLES = ["admin", "support", "finance", "content"] as const;
export type ManagerRole = (typeof MANAGER_ROLES)[number];

/** Who may read and write an area; admin may always. An action named in `actions` has its own list. */
export interface Access {
  read?: readonly ManagerRole[];
  write: readonly ManagerRole[];
  actions?: Record<string, readonly ManagerRole[]>;
}

/** A manager's back-office role (an account made a manager before roles existed is an admin). */
export const roleOf = (u: Pick<UserRow, "managerRole">): ManagerRole => u.managerRole ?? "admin";
