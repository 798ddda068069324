import type {
  AlphabetOrderAnswer,
  MagazineAddToCartRequest,
  MagazinePageAnswer,
} from "@shop/shared/category-pages/api";
import { api } from "../../app/api";
import { tellOtherTabs } from "../cart/cartApi";
import type { Metadata } from "../catalog/catalogTypes";

// The store category pages' calls (docs/storefront-pages.md): type-only imports keep zod out of the bundle.
export const categoryPagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    magazinePage: build.query<MagazinePageAnswer, void>({ query: () => "/api/store/magazine/" }),
    /** The term and its ticked free downloads, together; a refusal answers metadata.success false and a message. */
    addMagazine: build.mutation<{ metadata: Metadata }, MagazineAddToCartRequest>({
      query: (body) => ({ url: "/api/store/magazine/add-to-cart/", method: "POST", body }),
      invalidatesTags: ["Cart", "MiniCart"],
      onQueryStarted: (_arg, { queryFulfilled }) => queryFulfilled.then(tellOtherTabs, () => undefined),
    }),
    alphabetOrder: build.query<AlphabetOrderAnswer, void>({ query: () => "/api/store/alphabet-order/" }),
  }),
});

export const { useMagazinePageQuery, useAddMagazineMutation, useAlphabetOrderQuery } = categoryPagesApi;

export const ADD_FAILED = "Your choice could not be added to the cart. Please refresh this page and try again.";

/** §8: a refusal's metadata.message (shown as a negative alert), else the transport failure's text. */
export function refusalOf(error: unknown): string {
  if (error && typeof error === "object" && "data" in error) {
    const data = (error as { data?: { metadata?: Metadata } }).data;
    if (data?.metadata?.message) return data.metadata.message;
  }
  return ADD_FAILED;
}
