// Accounts: sign-up, sign-in, e-mail confirmation, password restore and change, profile,
// data export and deletion, one file per concern. The API (server/api/passport.ts) and the
// pages import them from here.
export type { RequestMeta } from "./meta";
export { CONFIRM_TTL_MS, RESTORE_TTL_MS } from "./email-tokens";
export { confirmEmail, correctEmailSchema, correctUnconfirmedEmail, RESEND_WAIT_SECONDS, resendConfirmation, resendWait } from "./confirm";
export { signup, signupSchema, type SignupInput } from "./signup";
export { login, loginSchema } from "./login";
export { changePassword, changePasswordSchema } from "./password";
export { requestRestore, resetPassword, resetPasswordSchema } from "./restore";
export { profileSchema, updateProfile } from "./profile";
export { deleteAccount, deleteByLink, eraseAccount, exportData, requestDeletionLink } from "./personal-data";
