import { lazyPage } from "../../app/lazyPage";
import type { Route } from "../../app/route";
import { newslettersApi } from "./newslettersApi";

type PageName = "NewsletterSignupPage" | "NewsletterConfirmPage" | "NewsletterUnsubscribePage" | "UkSignupPage";

/** The pages load on first use, outside the initial bundle (DESIGN §11), as the checkout's do. */
function newsletterPage(name: PageName) {
  return lazyPage(() => import("./NewsletterPages").then((m) => m[name]));
}
const NewsletterSignupPage = newsletterPage("NewsletterSignupPage");
const NewsletterConfirmPage = newsletterPage("NewsletterConfirmPage");
const NewsletterUnsubscribePage = newsletterPage("NewsletterUnsubscribePage");
const UkSignupPage = newsletterPage("UkSignupPage");

const SITE = "Ark & Answers Store";
const head = (title: string, description: string, path: string) => ({
  title: `${title} | ${SITE}`,
  description,
  path,
});

/** The newsletter pages (§2, §4): the form, the mail's confirm and unsubscribe links, the UK signup. */
export const NEWSLETTER_ROUTES: Route[] = [
  {
    path: "/newsletters/",
    Page: NewsletterSignupPage,
    load: async ({ store }) => {
      await store.dispatch(newslettersApi.endpoints.newsletterLists.initiate());
      return { status: 200, head: head("Newsletters", "Sign up for our newsletters.", "/newsletters/") };
    },
  },
  {
    path: "/newsletters/confirm/",
    Page: NewsletterConfirmPage,
    load: async () => ({
      status: 200,
      head: head("Confirm your subscription", "Confirm your newsletter subscription.", "/newsletters/confirm/"),
    }),
  },
  {
    path: "/newsletters/unsubscribe/",
    Page: NewsletterUnsubscribePage,
    load: async () => ({
      status: 200,
      head: head("Unsubscribe", "Unsubscribe from our newsletters.", "/newsletters/unsubscribe/"),
    }),
  },
  {
    path: "/newsletters/uk/",
    Page: UkSignupPage,
    load: async () => ({ status: 200, head: head("UK email signup", "Join our UK email list.", "/newsletters/uk/") }),
  },
];
