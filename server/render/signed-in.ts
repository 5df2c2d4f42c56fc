import type { AuthState } from "../context";
import { usePage } from "./page";

/** The signed-in user on a page whose guards ensure one (auth, admin, business, profile). */
export function useSignedIn(): AuthState {
  const { auth } = usePage();
  if (!auth) throw new Error("useSignedIn() on a page without a sign-in guard");
  return auth;
}
