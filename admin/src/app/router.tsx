import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import { LoginPage } from "../features/account/LoginPage";
import { RequireStaff } from "../features/account/RequireStaff";
import { DashboardPage } from "../features/dashboard/DashboardPage";
import { AdminLayout } from "../features/layout/AdminLayout";
import { LazyBoundary } from "../features/layout/LazyBoundary";
import { NotFoundPage } from "../features/layout/NotFoundPage";
import { ListPage } from "../features/lists/ListPage";

// The node form (with its pickers, toolbox and editors) and the history page load when first opened,
// so the login and list pages start with less JavaScript (code health 9).
const ContentNodeFormPage = lazy(() =>
  import("../features/content-node-form/ContentNodeFormPage").then((m) => ({ default: m.ContentNodeFormPage })),
);
const HistoryPage = lazy(() => import("../features/history/HistoryPage").then((m) => ({ default: m.HistoryPage })));

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
            ...["content/contentnode", "content/keyword", "base/cmsactionevent"].map((key) => ({
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
          ],
        },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ],
  // The trailing slash keeps the back office's own URLs in the server's style (/admin/, not /admin).
  { basename: "/admin/" },
);
