import { lazyPage } from "../../app/lazyPage";
import type { Loaded, Route } from "../../app/route";
import { monthlyGiftsApi } from "../monthly-gifts/monthlyGiftsApi";
import { accountApi } from "./accountApi";

const AccountPage = lazyPage(() => import("./AccountPage").then((m) => m.AccountPage));
const AddressBookPage = lazyPage(() => import("./AddressBookPage").then((m) => m.AddressBookPage));
const ForgotPasswordPage = lazyPage(() => import("./ForgotPasswordPage").then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import("./ResetPasswordPage").then((m) => m.ResetPasswordPage));
const MonthlyGiftsPage = lazyPage(() => import("../monthly-gifts/MonthlyGiftsPage").then((m) => m.MonthlyGiftsPage));
const SignUpPage = lazyPage(() => import("./SignUpPage").then((m) => m.SignUpPage));
const SITE = "Ark & Answers Store";

/** A page for signed-in shoppers only: the server sends a visitor to sign in, and back here after. */
const signedInOnly =
  (title: string, description: string): Route["load"] =>
  async ({ store, pathname, search }): Promise<Loaded> => {
    const { data: me } = await store.dispatch(accountApi.endpoints.me.initiate());
    const head = { title: `${title} | ${SITE}`, description, path: pathname };
    if (!me) return { status: 302, head, redirect: `/account/login/?next=${encodeURIComponent(pathname + search)}` };
    return { status: 200, head };
  };

const open =
  (title: string, description: string, path: string): Route["load"] =>
  async () => ({ status: 200, head: { title: `${title} | ${SITE}`, description, path } });

/** The account pages (storefront §2): the home, the address book, sign-up and the password reset. */
export const ACCOUNT_ROUTES: Route[] = [
  { path: "/account/", Page: AccountPage, load: signedInOnly("Your account", "Your account.") },
  {
    path: "/account/addresses/",
    Page: AddressBookPage,
    load: async (ctx) => {
      const loaded = await signedInOnly("Address book", "Your saved addresses.")(ctx);
      if (loaded.status === 200) await ctx.store.dispatch(accountApi.endpoints.addresses.initiate());
      return loaded;
    },
  },
  {
    path: "/account/monthly-gifts/",
    Page: MonthlyGiftsPage,
    load: async (ctx) => {
      const loaded = await signedInOnly("Monthly gifts", "Your monthly gifts.")(ctx);
      if (loaded.status === 200) await ctx.store.dispatch(monthlyGiftsApi.endpoints.monthlyGifts.initiate());
      return loaded;
    },
  },
  {
    path: "/account/signup/",
    Page: SignUpPage,
    load: open("Create an account", "Create an account.", "/account/signup/"),
  },
  {
    path: "/account/password/",
    Page: ForgotPasswordPage,
    load: open("Forgot your password?", "Get a link to choose a new password.", "/account/password/"),
  },
  {
    path: "/account/password/reset/",
    Page: ResetPasswordPage,
    load: open("Choose a new password", "Choose a new password.", "/account/password/reset/"),
  },
];
