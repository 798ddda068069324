import { lazy, type ReactNode } from "react";
import { ADMIN_MODELS } from "@shop/shared";
import { createBrowserRouter } from "react-router";
import { LoginPage } from "../features/accounts/LoginPage";
import { RequireStaff } from "../features/accounts/RequireStaff";
import { DashboardPage } from "../features/dashboard/DashboardPage";
import { AdminLayout } from "../features/layout/AdminLayout";
import { LazyBoundary } from "../features/layout/LazyBoundary";
import { NotFoundPage } from "../features/layout/NotFoundPage";
import { ListPage } from "../features/lists/ListPage";
import { RECORD_EXTRAS } from "./recordExtras";
import { LIST_MODELS } from "../features/lists/listModels";

// The node form (with its pickers, toolbox and editors) and the history page load when first opened,
// so the login and list pages start with less JavaScript (code health 9).
const ContentNodeFormPage = lazy(() =>
  import("../features/content/ContentNodeFormPage").then((m) => ({ default: m.ContentNodeFormPage })),
);
const MailboxPage = lazy(() => import("../features/mail/MailboxPage").then((m) => ({ default: m.MailboxPage })));
const ShippingRatesPage = lazy(() =>
  import("../features/shipping-rates/ShippingRatesPage").then((m) => ({ default: m.ShippingRatesPage })),
);
const AnalyticsPage = lazy(() =>
  import("../features/analytics/AnalyticsPage").then((m) => ({ default: m.AnalyticsPage })),
);
const MonthlyGiftsPage = lazy(() =>
  import("../features/monthly-gifts/MonthlyGiftsPage").then((m) => ({ default: m.MonthlyGiftsPage })),
);
const HistoryPage = lazy(() => import("../features/history/HistoryPage").then((m) => ({ default: m.HistoryPage })));
const RecordPage = lazy(() => import("../features/records/RecordPage").then((m) => ({ default: m.RecordPage })));
const MenuNodeFormPage = lazy(() =>
  import("../features/content/ContentNodeFormPage").then((m) => ({ default: m.MenuNodeFormPage })),
);

const lazyPage = (what: string, page: ReactNode) => <LazyBoundary what={what}>{page}</LazyBoundary>;

/** Every described model (shared/src/admin-models): its list, its add page and its record page. */
const describedModelRoutes = Object.entries(ADMIN_MODELS).flatMap(([key, model]) => [
  ...(model.creatable
    ? [{ path: `/${key}/add/`, element: lazyPage("the form", <RecordPage key={`${key}-add`} model={model} />) }]
    : []),
  {
    path: `/${key}/:id/`,
    element: lazyPage(
      "the record",
      <RecordPage key={key} model={model} Extra={RECORD_EXTRAS[`${model.app}/${model.model}`]} />,
    ),
  },
]);

if (window.location.pathname === "/admin") window.history.replaceState(null, "", `/admin/${window.location.search}`);

export const router = createBrowserRouter(
  [
    {
      element: <AdminLayout />,
      children: [
        { path: "/login/", element: <LoginPage /> },
        {
          element: <RequireStaff />,
          children: [
            { index: true, element: <DashboardPage /> },
            // Lists, forms and history (issue 4): /admin/{app}/{model}/ and /admin/{app}/{model}/{id}/
            ...Object.keys(LIST_MODELS).map((key) => ({
              path: `/${key}/`,
              element: <ListPage key={key} modelKey={key} />,
            })),
            {
              path: "/content/contentnode/add/",
              element: (
                <LazyBoundary what="the form">
                  <ContentNodeFormPage key="add" />
                </LazyBoundary>
              ),
            },
            {
              path: "/content/contentnode/:id/",
              element: (
                <LazyBoundary what="the form">
                  <ContentNodeFormPage />
                </LazyBoundary>
              ),
            },
            {
              path: "/content/contentnode/:id/history/",
              element: (
                <LazyBoundary what="the history">
                  <HistoryPage />
                </LazyBoundary>
              ),
            },
            // Menu nodes (tree app): the content node's form, lock, history and live machinery (issue 12, point 3).
            { path: "/mailbox/", element: lazyPage("the mailbox", <MailboxPage />) },
            { path: "/analytics/", element: lazyPage("the analytics", <AnalyticsPage />) },
            { path: "/monthly-gifts/", element: lazyPage("the monthly gifts", <MonthlyGiftsPage />) },
            { path: "/store/shipping-rate/", element: lazyPage("the shipping rates", <ShippingRatesPage />) },
            { path: "/tree/menunode/add/", element: lazyPage("the form", <MenuNodeFormPage key="add" />) },
            { path: "/tree/menunode/:id/", element: lazyPage("the form", <MenuNodeFormPage />) },
            {
              path: "/tree/menunode/:id/history/",
              element: lazyPage("the history", <HistoryPage model="menunode" />),
            },
            ...describedModelRoutes,
          ],
        },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ],
  // The trailing slash keeps the back office's own URLs in the server's style (/admin/, not /admin).
  { basename: "/admin/" },
);
