// The specification's route list (shared/spec: public-and-business.md §2 and §7,
// manager-back-office.md §2 and §7), transcribed once. Paths as the spec writes them: `{id}` a
// parameter, `{id?}` an optional one; API calls without the /api base.

const pages = (...paths: string[]) => paths.map((path) => ({ method: "GET", path }));
const calls = (spec: string) =>
  spec
    .trim()
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((line) => {
      const [methods, path] = line.split(/\s+/);
      return methods!.split("/").map((method) => ({ method, path: `/api${path}` }));
    });

export const SPEC_PAGES = pages(
  // public-and-business §2: public and private-user routes
  "/",
  "/about",
  "/product",
  "/offer",
  "/policy",
  "/terms",
  "/theory",
  "/signup",
  "/login",
  "/restore",
  "/test/start",
  "/test/tests",
  "/test/tests/{order}",
  "/testing",
  "/dashboard/start",
  "/account",
  "/account/{profile}",
  "/profile",
  "/profile/edit",
  "/report",
  "/report/{id}",
  "/report/{id}/full",
  "/report/base",
  "/report/full",
  "/report/pdf/full",
  "/report/asd",
  "/review",
  "/review/{id}",
  "/activate/{code?}",
  "/activate/business/{invite?}",
  "/invite/{id?}",
  "/invite/business/{id?}",
  "/payment/success",
  "/payment/fail",
  "/payment/business/success",
  "/payment/business/fail",
  "/campaign/ad",
  "/landing/1",
  "/landing/2",
  "/landing/3",
  "/landing/4",
  "/landing/5",
  "/landing/6",
  "/salles",
  "/index2",
  "/index3",
  "/intro",
  "/lab",
  "/tools",
  "/chart",
  "/demo",
  "/b2b-free-test",
  "/b2b2",
  "/business_demo",
  "/components",
  "/b2b/components",
  // business routes
  "/business",
  "/business/dashboard",
  "/business/departments",
  "/business/departments/{id}",
  "/business/employees",
  "/business/employees/{id}",
  "/business/invite",
  "/business/positions",
  "/business/positions/{id}",
  "/business/reports",
  "/business/settings",
  "/business/settings/projects",
  "/business/statistics",
  "/business/support",
  // dashboard routes
  "/dashboard",
  "/dashboard/departments",
  "/dashboard/departments/{id}",
  "/dashboard/employees",
  "/dashboard/employees/{id}",
  "/dashboard/employees/compare",
  "/dashboard/invites",
  "/dashboard/positions",
  "/dashboard/project",
  "/dashboard/project/create",
  "/dashboard/report/base",
  // manager-back-office §2
  "/manager",
  "/manager/users",
  "/manager/users/{id}",
  "/manager/users/paid",
  "/manager/results",
  "/manager/results/{id}",
  "/manager/rechecker",
  "/manager/rechecker/{id}",
  "/manager/coupon",
  "/manager/coupon/create",
  "/manager/coupon/{id}",
  "/manager/coupon/{id}/edit",
  "/manager/referral",
  "/manager/referral/create",
  "/manager/referral/{id}",
  "/manager/referral/{id}/edit",
  "/manager/referral/{id}/ReferralChart",
  "/manager/reports",
  "/manager/reports/create",
  "/manager/reports/{id}",
  "/manager/reports/{id}/edit",
  "/manager/projects",
  "/manager/projects/{id}",
  "/manager/formats",
  "/manager/questions",
  "/manager/questions/{id}",
  "/manager/tests",
  "/manager/tests/{id}",
  "/manager/reviews",
  "/manager/settings",
  "/manager/stats",
  "/manager/exporting",
  "/manager/public/base/{id?}",
  "/manager/public/full/{id?}",
);

export const SPEC_CALLS = calls(`
  GET /total
  POST /passport/auth
  POST /passport/signup
  GET/PUT /passport
  GET /passport/invites
  POST /passport/invites/{id}
  POST /passport/changePassword
  POST /passport/resend
  POST /passport/restore
  POST /amo/business-lead
  POST /answer
  POST /coupon
  POST /payment
  GET /order
  GET /order/{id}
  GET /order/reset_result
  GET /report/{type}
  GET /report/full
  GET /report/business
  POST/GET /result
  GET /result/{id}/format
  GET /result/{id}/report
  GET /result/{id}/review
  GET /result/prev
  GET /test
  GET /test/{id}
  POST /test/start/{id}
  GET /review
  GET /review/{id}
  POST /review/
  GET /format
  GET /format/{id}
  POST /format
  GET/POST /invite
  GET/PUT/DELETE /invite/{id}
  GET /notify/order-business
  POST /notify/send-form
  GET /consultation/check
  POST /consultation/add-ticket
  POST /webinar/user
  POST /business
  POST /business/refill
  POST /business/masq
  GET /business/masq-no-auth
  GET /business/project-form-info/{id}
  GET/POST /business/departments
  GET/PUT/DELETE /business/departments/{id}
  GET /business/dashboard
  POST /business/employees
  GET /business/employees/managers
  GET/DELETE /business/employees/{id}
  GET /business/employees/efficiency/{id}
  POST /business/employees/change-department
  POST /business/employees/change-position
  POST /business/employees/change-supervisor
  POST /business/employees/activate-manager
  GET/POST /business/invites
  PUT /business/invites/createOrUpdateInvite
  GET /business/invites/get-count
  DELETE /business/invites/{id}
  GET/POST /business/positions
  GET/PUT/DELETE /business/positions/{id}
  GET/POST/PUT /business/projects
  GET /business/projects/{id}
  PUT /business/projects/refresh-invite-code
  GET /business/projects/reset-efficiency
  GET /business/projects/stats/{id}
  GET /business/communication
  GET /business/stats
  GET/POST /business/skills
  PUT/DELETE /business/skills/{id}

  GET /manager/reports
  GET /manager/reports/{id}
  GET /manager/reports/{type}/{id}
  POST /manager/reports
  PUT /manager/reports/{id}
  GET /manager/results
  GET /manager/results/progress
  POST /manager/results/filter-list
  GET /manager/results/{id}/reset
  GET/PUT /manager/results/{id}
  POST /manager/results/format
  POST /manager/results/new-format
  GET /manager/results/neural/count
  DELETE /manager/results/{resultId}/delete/answer/{answerId}
  GET /manager/setting
  GET /manager/stat
  GET /manager/stat/users-by-days
  GET /manager/stat/users-by-months
  GET /manager/stat/business-accounts-by-days
  GET /manager/stat/payments-by-days
  GET /manager/tests
  GET /manager/tests/{id}
  GET /manager/user
  GET /manager/user/paid-list
  POST /manager/user/add-invite
  POST /manager/user/send-pdf
  GET/DELETE /manager/user/{id}
  GET /manager/user/{id}/logs
  GET /manager/user/{id}/results
  PUT /manager/user/{id}/activate
  POST /manager/user/{id}/masq
  GET /manager/reviews
  GET /manager/reviews/{id}
  POST /manager/reviews/
  POST /manager/business/create
  GET /manager/business/requests
  DELETE /manager/business/invites/{id}
  GET/POST /manager/coupon
  GET/PUT /manager/coupon/{id}
  GET /manager/coupon/{id}/users
  GET /manager/exporting
  GET /manager/formats
  GET/PUT /manager/formats/{resultId}
  GET/POST /manager/project
  PUT /manager/project/{id}
  GET /manager/projects
  GET/DELETE /manager/projects/{id}
  POST /manager/projects/change-owner
  GET/PUT /manager/question/{id}
  GET/POST /manager/referral
  GET/PUT /manager/referral/{id}
  GET /manager/referral/{id}/users
  GET /manager/referral/{id}/stat
`);

export const SPEC_ROUTES = [...SPEC_PAGES, ...SPEC_CALLS];
