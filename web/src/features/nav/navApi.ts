import type { MenuLayerAnswer, NavHtmlAnswer } from "@shop/shared/nav/api";
import { api } from "../../app/api";
import { cacheBuster } from "../cart/cartApi";

/** Storefront §7 navigation calls. Their failures are silent (§8), except the footer's (SiteFooter). */
export const navApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The layers under each parent (0: the top of the menu), keyed by parent. */
    menuLayer: build.query<Record<number, string>, number[]>({
      query: (parents) => ({
        url: "/api/nav/get-menu-layer/",
        params: { parents: JSON.stringify(parents), ts: cacheBuster() },
      }),
      transformResponse: (answer: MenuLayerAnswer) =>
        answer.metadata?.success ? Object.fromEntries(answer.results.map((r) => [r.parent, r.child_html])) : {},
    }),
    regionAndLanguages: build.query<string, void>({
      query: () => "/api/nav/get-region-and-languages/",
      transformResponse: (answer: NavHtmlAnswer) => (answer.metadata?.success ? answer.html : ""),
    }),
    fullFooter: build.query<string, void>({
      query: () => "/api/nav/get-full-footer/",
      transformResponse: (answer: NavHtmlAnswer) => {
        if (!answer.metadata?.success) throw new Error("footer refused");
        return answer.html;
      },
    }),
  }),
});

export const { useMenuLayerQuery, useLazyMenuLayerQuery, useLazyRegionAndLanguagesQuery, useLazyFullFooterQuery } =
  navApi;
