import type { ErrorCode, RequestErrorCode } from "@shop/shared";
import type { StatusCodesOf } from "./platform/feature.ts";
import { accounts } from "./accounts/index.ts";
import { cart } from "./cart/index.ts";
import { lookups } from "./lookups/index.ts";
import { catalog } from "./catalog/index.ts";
import { scheduledActions } from "./scheduled-actions/index.ts";
import { audit } from "./audit/index.ts";
import { locks } from "./locks/index.ts";
import { content } from "./content/index.ts";
import { keywords } from "./keywords/index.ts";
import { campaigns } from "./campaigns/index.ts";
import { discounts } from "./discounts/index.ts";
import { mail } from "./mail/index.ts";
import { addresses } from "./addresses/index.ts";
import { checkout } from "./checkout/index.ts";
import { orders } from "./orders/index.ts";
import { wishlist } from "./wishlist/index.ts";
import { monthlyGifts } from "./monthly-gifts/index.ts";
import { contributors } from "./contributors/index.ts";
import { categoryPages } from "./category-pages/index.ts";
import { radio } from "./radio/index.ts";
import { ads } from "./ads/index.ts";
import { newsletters } from "./newsletters/index.ts";
import { kidsMode } from "./kids-mode/index.ts";
import { nav } from "./nav/index.ts";
import { search } from "./search/index.ts";
import { home } from "./home/index.ts";
import { gamify } from "./gamify/index.ts";
import { clientErrors } from "./client-errors/index.ts";
import { media } from "./media/index.ts";
import { analytics } from "./analytics/index.ts";
import { dashboard } from "./dashboard/index.ts";
import { site } from "./site/index.ts";
import { personalData } from "./personal-data/index.ts";
import { payments } from "./payments/index.ts";

/**
 * Every feature of the shop, in mount order (express tries routers in this order; accounts mount
 * before the staff check). The ONE list a feature is added to: app.ts mounts the routers, the event
 * registry reads the events, /api/openapi.json the route docs, the live gateway the mappers and the
 * rooms, the error middleware the statuses (docs/adding-a-feature.md). Each entry's code loads
 * lazily, so importing this list is cheap (the operator CLI does).
 */
export const FEATURES = [
  accounts,
  cart,
  lookups,
  catalog,
  scheduledActions,
  audit,
  locks,
  content,
  keywords,
  campaigns,
  discounts,
  mail,
  addresses,
  checkout,
  orders,
  wishlist,
  monthlyGifts,
  contributors,
  categoryPages,
  radio,
  ads,
  newsletters,
  kidsMode,
  nav,
  search,
  home,
  gamify,
  clientErrors,
  media,
  analytics,
  dashboard,
  site,
  personalData,
  payments,
] as const;

// Every code of ERROR_CODES (shared/src/errors/codes.ts) has a status in its feature (request codes in
// error-answers.ts), and no feature gives one to a code ERROR_CODES lacks: else this fails to compile.
type FeatureCode = StatusCodesOf<typeof FEATURES>;
type WithoutStatus = Exclude<ErrorCode, FeatureCode | RequestErrorCode>;
type NotAnErrorCode = Exclude<FeatureCode, ErrorCode>;
export const everyCodeHasOneStatus: [WithoutStatus | NotAnErrorCode] extends [never]
  ? true
  : { withoutStatus: WithoutStatus; notAnErrorCode: NotAnErrorCode } = true;
