import { createBrowserRouter } from "react-router";
import { HomePage } from "../features/layout/HomePage";
import { ContentPage } from "../features/content-page/ContentPage";
import { SiteLayout } from "../features/layout/SiteLayout";

export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      // Any other address may be a content page; ContentPage shows 'Page not found' when the server has none.
      { path: "*", element: <ContentPage /> },
    ],
  },
]);
