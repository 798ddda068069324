import { RadioStationsPage } from "../features/radio/RadioStationsPage";
import { ColouringPage } from "../features/colouring/ColouringPage";
import { lazyPage } from "./lazyPage";
import { accountApi } from "../features/accounts/accountApi";
import { SignInPage } from "../features/accounts/SignInPage";
import { ACCOUNT_ROUTES } from "../features/accounts/accountRoutes";
import { NEWSLETTER_ROUTES } from "../features/newsletters/newsletterRoutes";
import { campaignApi } from "../features/campaigns/campaignApi";
import { cartApi } from "../features/cart/cartApi";
import { CartPage } from "../features/cart/CartPage";
import { catalogApi, LIST_COUNT } from "../features/catalog/catalogApi";
import { ProductListPage } from "../features/catalog/ProductListPage";
import { ProductPage } from "../features/catalog/ProductPage";
import { contentPageApi } from "../features/content/contentPageApi";
import { ContentPage } from "../features/content/ContentPage";
import { DonatePage, DONATE_CAMPAIGN } from "../features/campaigns/DonatePage";
import { HomePage } from "../features/home/HomePage";
import { homeApi, NEWEST_QUERY } from "../features/home/homeApi";
import { ORDER_FORM_QUERY, OrderFormPage } from "../features/order-form/OrderFormPage";
import { radioApi } from "../features/radio/radioApi";
import { ordersApi } from "../features/orders/ordersApi";
import { wishlistApi } from "../features/wishlist/wishlistApi";
import { matchPath } from "../platform/router";
import type { Head, Loaded, LoadContext, Params, Route } from "./route";

const SITE = "Ark & Answers Store";
const ok = (head: Head): Loaded => ({ status: 200, head });
const notFound = (path: string): Loaded => ({
  status: 404,
  head: { title: `Page not found | ${SITE}`, description: "There is nothing at this address.", path },
});
const unavailable = (path: string): Loaded => ({
  status: 503,
  head: { title: `Please try again later | ${SITE}`, description: "The store could not answer just now.", path },
});
const plain = (text: string | undefined) =>
  (text ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);

async function productLoad({ store, params, pathname }: LoadContext): Promise<Loaded> {
  const ref = params.id ? { id: Number(params.id) } : { sku: params.code };
  if ("id" in ref && !Number.isSafeInteger(ref.id)) return notFound(pathname);
  const { data: product, error } = await store.dispatch(catalogApi.endpoints.product.initiate(ref));
  // Only a missing product is a 404; a server that could not answer says so (the page asks again).
  if (!product && error && "status" in error && error.status !== 404) return unavailable(pathname);
  if (!product) return notFound(pathname);
  return ok({
    title: `${product.title} | ${SITE}`,
    description: clip(plain(product.short_description || product.subtitle || product.description) || product.title),
    path: pathname,
    image: product.images?.[0]?.url ?? null,
    type: "product",
  });
}

const CheckoutPage = lazyPage(() => import("../features/checkout/CheckoutPage").then((m) => m.CheckoutPage));
const OrderCompletePage = lazyPage(() =>
  import("../features/orders/OrderCompletePage").then((m) => m.OrderCompletePage),
);
// The store category pages (§2), outside the initial bundle; their data is fetched on the server all the same.
const MagazinePage = lazyPage(() => import("../features/category-pages/MagazinePage").then((m) => m.MagazinePage));
const AlphabetOrderPage = lazyPage(() =>
  import("../features/category-pages/AlphabetOrderPage").then((m) => m.AlphabetOrderPage),
);
const SearchPage = lazyPage(() => import("../features/search/SearchPage").then((m) => m.SearchPage));
const GiveawayPage = lazyPage(() => import("../features/gamify/GiveawayPage").then((m) => m.GiveawayPage));
const WishlistPage = lazyPage(() => import("../features/wishlist/WishlistPage").then((m) => m.WishlistPage));
const QuickCheckoutPage = lazyPage(() =>
  import("../features/quick-checkout/QuickCheckoutPage").then((m) => m.QuickCheckoutPage),
);
const OrderHistoryPage = lazyPage(() => import("../features/orders/OrderHistoryPage").then((m) => m.OrderHistoryPage));

async function orderLoad({ store, params, pathname }: LoadContext): Promise<Loaded> {
  const { data } = await store.dispatch(ordersApi.endpoints.order.initiate(params.number ?? ""));
  if (!data) return notFound(pathname);
  return ok({ title: `Order ${data.order.number} | ${SITE}`, description: "Your order is placed.", path: pathname });
}

/** A page for signed-in shoppers only: a visitor goes to the login page and comes back. */
function signedInLoad(title: string, description: string) {
  return async ({ store, pathname, search }: LoadContext): Promise<Loaded> => {
    const { data: me } = await store.dispatch(accountApi.endpoints.me.initiate());
    const head = { title: `${title} | ${SITE}`, description, path: pathname };
    if (me) return ok(head);
    return { status: 302, head, redirect: `/account/login/?next=${encodeURIComponent(pathname + search)}` };
  };
}

export const routes: Route[] = [
  {
    path: "/",
    Page: HomePage,
    load: async ({ store }) => {
      await Promise.all([
        store.dispatch(campaignApi.endpoints.campaignStatus.initiate(DONATE_CAMPAIGN)),
        store.dispatch(homeApi.endpoints.featured.initiate()),
        store.dispatch(catalogApi.endpoints.productList.initiate(NEWEST_QUERY)),
      ]);
      return ok({ title: SITE, description: "Books, magazines, videos and gifts, and the Ark campaign.", path: "/" });
    },
  },
  {
    path: "/store/",
    Page: ProductListPage,
    load: async ({ store }) => {
      // The hash (the shopper's query) never reaches the server: it renders the first page of everything.
      await store.dispatch(
        catalogApi.endpoints.productList.initiate({ q: "", sort: "", start: 0, count: LIST_COUNT, filters: {} }),
      );
      return ok({ title: `Shop | ${SITE}`, description: "Search and browse the store.", path: "/store/" });
    },
  },
  { path: "/store/products/:id/", Page: ProductPage, load: productLoad },
  {
    path: "/search/",
    Page: SearchPage,
    load: async ({ store, search }) => {
      // The words are in the query string (never a hash): the server renders the results the browser hydrates.
      const { siteSearchApi, productsQuery, CATEGORIES_QUERY, searchWords } = await import(
        "../features/search/siteSearchApi"
      );
      const q = searchWords(search);
      const loads: Promise<unknown>[] = [store.dispatch(catalogApi.endpoints.productList.initiate(CATEGORIES_QUERY))];
      if (q) {
        loads.push(store.dispatch(catalogApi.endpoints.productList.initiate(productsQuery(q))));
        loads.push(store.dispatch(siteSearchApi.endpoints.searchPages.initiate(q)));
      }
      await Promise.all(loads);
      return ok({
        title: q ? `Search: ${q} | ${SITE}` : `Search | ${SITE}`,
        description: "Search the store's products and the site's pages.",
        path: "/search/",
      });
    },
  },
  { path: "/store/sku/:code/?", Page: ProductPage, load: productLoad },
  {
    path: "/store/cart/",
    Page: CartPage,
    load: async ({ store }) => {
      await store.dispatch(cartApi.endpoints.cart.initiate());
      return ok({ title: `Your cart | ${SITE}`, description: "The items in your cart.", path: "/store/cart/" });
    },
  },
  {
    path: "/store/checkout/",
    Page: CheckoutPage,
    load: async () => ok({ title: `Checkout | ${SITE}`, description: "Pay for your order.", path: "/store/checkout/" }),
  },
  { path: "/store/checkout/complete/:number/", Page: OrderCompletePage, load: orderLoad },
  {
    path: "/store/quick-checkout/:code/",
    Page: QuickCheckoutPage,
    load: async ({ pathname }) =>
      ok({ title: `Quick checkout | ${SITE}`, description: "Buy a membership in one form.", path: pathname }),
  },
  { path: "/account/orders/", Page: OrderHistoryPage, load: signedInLoad("Your orders", "The orders you placed.") },
  {
    path: "/store/order-form/",
    Page: OrderFormPage,
    load: async ({ store }) => {
      await store.dispatch(catalogApi.endpoints.skus.initiate(ORDER_FORM_QUERY));
      return ok({
        title: `Order Form | ${SITE}`,
        description: "Order many items at once.",
        path: "/store/order-form/",
      });
    },
  },
  {
    path: "/store/magazine/",
    Page: MagazinePage,
    load: async ({ store }) => {
      const { categoryPagesApi } = await import("../features/category-pages/categoryPagesApi");
      await store.dispatch(categoryPagesApi.endpoints.magazinePage.initiate());
      return ok({
        title: `Answers Magazine Subscription | ${SITE}`,
        description: "Subscribe for 1, 2 or 3 years and choose your free video downloads.",
        path: "/store/magazine/",
      });
    },
  },
  {
    path: "/store/alphabet-order/",
    Page: AlphabetOrderPage,
    load: async ({ store }) => {
      const { categoryPagesApi } = await import("../features/category-pages/categoryPagesApi");
      await store.dispatch(categoryPagesApi.endpoints.alphabetOrder.initiate());
      return ok({
        title: `Alphabet Order Supplies | ${SITE}`,
        description: "Classroom and craft supplies from A to Z, ordered in one go.",
        path: "/store/alphabet-order/",
      });
    },
  },
  {
    path: "/donate/",
    Page: DonatePage,
    load: async ({ store }) => {
      await store.dispatch(campaignApi.endpoints.campaignStatus.initiate(DONATE_CAMPAIGN));
      return ok({
        title: `Donate | ${SITE}`,
        description: "Give to the ministry and the Ark campaign.",
        path: "/donate/",
      });
    },
  },
  {
    path: "/radio/",
    Page: RadioStationsPage,
    load: async ({ store }) => {
      await store.dispatch(radioApi.endpoints.radioStations.initiate());
      return ok({
        title: `Radio stations | ${SITE}`,
        description: "Find a radio station near you carrying the program.",
        path: "/radio/",
      });
    },
  },
  {
    path: "/giveaway",
    Page: GiveawayPage,
    load: async () =>
      ok({
        title: `Giveaway | ${SITE}`,
        description: "Your entries in the giveaway, and the winner once drawn.",
        path: "/giveaway",
      }),
  },
  {
    path: "/kids/coloring-page/",
    Page: ColouringPage,
    load: async () =>
      ok({
        title: `Colouring page | ${SITE}`,
        description: "Colour Noah's ark, then print or download your picture.",
        path: "/kids/coloring-page/",
      }),
  },
  {
    path: "/account/wishlist/",
    Page: WishlistPage,
    load: async ({ store, pathname, search }) => {
      const { data: me } = await store.dispatch(accountApi.endpoints.me.initiate());
      const head = { title: `Wishlist | ${SITE}`, description: "Your wishlist.", path: pathname };
      if (me) {
        await store.dispatch(wishlistApi.endpoints.wishlist.initiate());
        return ok(head);
      }
      return { status: 302, head, redirect: `/account/login/?next=${encodeURIComponent(pathname + search)}` };
    },
  },
  {
    path: "/account/login/",
    Page: SignInPage,
    load: async () =>
      ok({ title: `Sign in | ${SITE}`, description: "Sign in to your account.", path: "/account/login/" }),
  },
  ...ACCOUNT_ROUTES,
  ...NEWSLETTER_ROUTES,
  {
    path: "/*",
    Page: ContentPage,
    load: async ({ store, pathname }) => {
      const { data: me } = await store.dispatch(accountApi.endpoints.me.initiate());
      const { data: page, error } = await store.dispatch(
        contentPageApi.endpoints.contentPage.initiate({ url: pathname, preview: me?.is_staff === true }),
      );
      if (!page && error && "status" in error && error.status !== 404) return unavailable(pathname);
      if (!page) return notFound(pathname);
      return ok({
        title: `${page.title} | Ark & Answers`,
        description: clip(plain(page.short_description) || page.title),
        path: page.url,
        type: "article",
      });
    },
  },
];

export function findRoute(pathname: string): { route: Route; params: Params } {
  for (const route of routes) {
    if (route.path === "/*") return { route, params: {} };
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  throw new Error("the catch-all route is missing");
}
