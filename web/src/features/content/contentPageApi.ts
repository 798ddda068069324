import type { PlacedAd } from "@shop/shared/ads/page";
import { api } from "../../app/api";

export type PageLink = { title: string; url: string };
/** A body heading (h2-h4) the table of contents links to by `#id`. */
export type TocEntry = { id: string; title: string; level: number };
/** The left nav: the section the page is in (docs/storefront-pages.md). */
export type SectionNav = PageLink & { links: Array<PageLink & { current: boolean }> };
export type ContentPageData = {
  id: number;
  title: string;
  url: string;
  short_description: string;
  status: string;
  preview: boolean;
  body_html: string;
  breadcrumbs: PageLink[];
  children: PageLink[];
  previous: PageLink | null;
  next: PageLink | null;
  toc: TocEntry[];
  section: SectionNav | null;
  dig_deeper: Array<PageLink & { summary: string }>;
  related: PageLink[];
  /** The body's ads (none in a staff preview): each after its paragraph (docs/storefront-pages.md "Ads"). */
  ads: PlacedAd[];
};

const withTags = api.enhanceEndpoints({ addTagTypes: ["ContentPage"] });

export const contentPageApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/content/page/?url=: the page a content url shows (staff may ask for a preview of any status). */
    contentPage: build.query<ContentPageData, { url: string; preview?: boolean }>({
      query: ({ url, preview }) => `/api/content/page/?url=${encodeURIComponent(url)}${preview ? "&preview=1" : ""}`,
      transformResponse: (r: { page: ContentPageData }) => r.page,
      providesTags: (_r, _e, { url }) => [{ type: "ContentPage", id: url }],
    }),
  }),
});

export const { useContentPageQuery } = contentPageApi;
export const invalidateContentPage = (url: string) => withTags.util.invalidateTags([{ type: "ContentPage", id: url }]);
