// The sign-up island's strings as tests hand them to it (short, English, with the agreement links).
export const SIGNUP_TEST_STRINGS = {
  emailLabel: "Your e-mail",
  submit: "Start",
  submitting: "…",
  agreePolicy: "I agree to the <policy>policy</policy>",
  agreeTerms: "I accept the <terms>terms</terms>",
  agreeOffer: "I read the <offer>offer</offer>",
  success: "Done",
  hint: "hint",
  failed: "Failed",
  required: "Required",
  invalid: "Please check the highlighted fields",
};
