import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/account/LoginPage';
import { RequireStaff } from '../features/account/RequireStaff';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { AdminLayout } from '../features/layout/AdminLayout';
import { NotFoundPage } from '../features/layout/NotFoundPage';
import { ContentNodeFormPage } from '../features/content-node-form/ContentNodeFormPage';
import { HistoryPage } from '../features/history/HistoryPage';
import { ListPage } from '../features/lists/ListPage';

if (window.location.pathname === '/admin') window.history.replaceState(null, '', '/admin/' + window.location.search);

export const router = createBrowserRouter(
  [
    {
      element: <AdminLayout />,
      children: [
        { path: '/login/', element: <LoginPage /> },
        {
          element: <RequireStaff />,
          children: [
            { index: true, element: <DashboardPage /> },
            // Lists, forms and history (issue 4): /admin/{app}/{model}/ and /admin/{app}/{model}/{id}/
            ...['content/contentnode', 'content/keyword', 'base/cmsactionevent'].map((key) => ({ path: `/${key}/`, element: <ListPage key={key} modelKey={key} /> })),
            { path: '/content/contentnode/add/', element: <ContentNodeFormPage key="add" /> },
            { path: '/content/contentnode/:id/', element: <ContentNodeFormPage /> },
            { path: '/content/contentnode/:id/history/', element: <HistoryPage /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  // The trailing slash keeps the back office's own URLs in the server's style (/admin/, not /admin).
  { basename: '/admin/' },
);
