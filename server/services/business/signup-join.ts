// Signing up on an invitation's page and joining the company, as one unit of work (found
// by the crash tests): an account made there has joined, or there is no account. Before, a crash
// between the two left an account that had not joined, whose e-mail the form then refused as taken.
import { crashPoint } from "../../lib/crash-points";
import { transaction, type Scope } from "../../scope";
import { prepareSignup, type SignupInput } from "../accounts/signup";
import { joinInside, lookupJoinCode } from "./join";

/** The sign-up's checks (captcha, rate limit, hash) first; then the account and the join, together. */
export async function signupAndJoin(scope: Scope, input: SignupInput & { name?: string | null }, meta: Parameters<typeof prepareSignup>[2], code: string) {
  const found = await lookupJoinCode(scope.db, code, meta.ip ?? "anonymous");
  // a valid link: the limit is the link's (its project's code or the one invitation), not the address's
  const write = await prepareSignup(scope, { ...input, invite: code }, meta, found.invite?.id ?? `project:${found.project.id}`);
  return transaction(scope, async (tx) => {
    const signedUp = await write(tx);
    crashPoint("signupJoin.afterSignup");
    const joined = await joinInside(tx, signedUp.user, code, input.name?.trim() || null);
    return { ...signedUp, joined };
  });
}
