// Every page route of the site. One file per route (or family of routes) in this folder.
import type { AnyPageDef, Site } from "../server/render/define";
import { ERROR_PAGE_FALLBACK, ErrorPage } from "./_error";
import account from "./account/account";
import confirm from "./account/confirm";
import deleteByLinkPage from "./account/delete";
import { sharedCardImage, sharedCardPage } from "./share";
import login from "./account/login";
import { cancelMasqPage, logoutPage } from "./account/logout";
import { editProfilePage, profilePage } from "./account/profile";
import restore from "./account/restore";
import signup from "./account/signup";
import home from "./home";
import { baseReportPage, fullReportPage, managerReportPages, pdfReportPage, reportIndexPage, resultFullReportPage, resultReportPage } from "./report/pages";
import { startPage, testByOrderPage, testsPage } from "./test/pages";
import { testingPage } from "./test/runner";
import { marketingRoutes } from "./marketing";
import { reviewPage, reviewsPage } from "./review";
import { activatePage, checkoutPage, outcomePages, sandboxPage } from "./payment/pages";
import { beginPage } from "./business/begin";
import { dashboardPage } from "./business/dashboard";
import { departmentPage, departmentsPage } from "./business/departments";
import { businessReportPage } from "./business/business-report";
import { employeePage } from "./business/employees/detail";
import { employeesPage } from "./business/employees/list";
import { invitesPage } from "./business/invites";
import { joinPage } from "./business/join";
import { demoExitPage } from "./business/demo-exit";
import { positionPage, positionsPage } from "./business/positions";
import { candidatePage } from "./business/candidate";
import { projectCreatePage, projectsPage, reportsPage, settingsPage, supportPage } from "./business/settings";
import { integrationsPage } from "./business/integrations";
import { endpointPage } from "./business/integrations-webhook";
import { comparePage } from "./business/compare";
import { statisticsPage } from "./business/statistics";
import { managerMainPage } from "./manager/main";
import { auditPage } from "./manager/audit";
import { businessComponentsPage, componentsPage } from "./components";
import { inviteEntryPage } from "./invite";
import { exportingPage } from "./manager/exporting";
import { latestReportPages } from "./manager/public-reports";
import { recheckerDetailPage, recheckerPage } from "./manager/rechecker";
import { managerSearchPage } from "./manager/search";
import { managerStatsPage } from "./manager/stats";
import { requestPage } from "./manager/request";
import { managersPage } from "./manager/managers";
import { requestsPage } from "./manager/requests";
import { resourcePages } from "./manager/resource";
import { referralChartPage } from "./manager/referral-chart";
import { settingsPage as managerSettingsPage } from "./manager/settings";
import { reportCreatePage, reportEditPage } from "./manager/content";
import { RESOURCES } from "../server/admin/resources";

export const routes: AnyPageDef[] = [
  home,
  signup,
  login,
  restore,
  confirm,
  // before /account/:section
  deleteByLinkPage,
  sharedCardPage,
  sharedCardImage,
  account,
  profilePage,
  editProfilePage,
  logoutPage,
  cancelMasqPage,
  startPage,
  testingPage,
  testsPage,
  testByOrderPage,
  reportIndexPage,
  baseReportPage,
  fullReportPage,
  pdfReportPage,
  resultReportPage,
  resultFullReportPage,
  ...managerReportPages,
  reviewsPage,
  reviewPage,
  checkoutPage,
  sandboxPage,
  ...outcomePages,
  activatePage,
  beginPage,
  dashboardPage,
  departmentsPage,
  departmentPage,
  employeesPage,
  comparePage, // before the detail: "compare" is not an id
  employeePage,
  statisticsPage,
  positionsPage,
  positionPage,
  candidatePage,
  invitesPage,
  settingsPage,
  integrationsPage,
  endpointPage,
  projectsPage,
  projectCreatePage,
  supportPage,
  reportsPage,
  businessReportPage,
  joinPage,
  demoExitPage,
  managerMainPage,
  auditPage,
  inviteEntryPage,
  componentsPage,
  businessComponentsPage,
  reportCreatePage, // before the detail pages: "create" is not an id
  reportEditPage,
  ...RESOURCES.flatMap(resourcePages),
  referralChartPage,
  managerSettingsPage,
  managersPage,
  recheckerPage,
  recheckerDetailPage,
  managerSearchPage,
  managerStatsPage,
  requestsPage,
  requestPage,
  exportingPage,
  ...latestReportPages,
  ...marketingRoutes,
];

/** What the server serves besides /api (composed with it in app.ts). */
export const site: Site = { pages: routes, ErrorPage, errorFallback: ERROR_PAGE_FALLBACK };
