import { sessionsProjection } from "./accounts/sessions-projection.ts";
import { usersProjection } from "./accounts/users-projection.ts";
import { recordLocksProjection } from "./locks/record-locks-projection.ts";

import { lookupCatalogProjection } from "./lookups/lookup-catalog-projection.ts";
import { catalogProjection } from "./catalog/catalog-projection.ts";
import { contentProjections } from "./content/index.ts";
import { campaignsProjection } from "./campaigns/campaigns-projection.ts";
import { discountsProjection } from "./discounts/discounts-projection.ts";
import { gamifyProjection } from "./gamify/gamify-projection.ts";
import { radioStationsProjection } from "./radio/radio-stations-projection.ts";
import { adsProjection } from "./ads/ads-projection.ts";
import { newslettersProjection } from "./newsletters/newsletters-projection.ts";
import { mailboxProjection } from "./mail/mailbox-projection.ts";
import { addressesProjection } from "./addresses/addresses-projection.ts";
import { monthlyGiftsProjection } from "./monthly-gifts/monthly-gifts-projection.ts";
import { ordersProjection } from "./orders/orders-projection.ts";
import { dashboardProjection } from "./dashboard/dashboard-projection.ts";
import { paymentAttemptsProjection } from "./payment-attempts/payment-attempts-projection.ts";
import { scheduledActionsProjection } from "./scheduled-actions/scheduled-actions-projection.ts";

export * from "./database.ts";
export * from "./content/index.ts";
export * from "./runner/projection.ts";
export * from "./runner/checkpoints.ts";
export * from "./runner/checkpoint-tables.ts";
export * from "./runner/apply.ts";
export * from "./runner/rebuild.ts";
export * from "./runner/projection-runner.ts";
export * from "./accounts/users-projection.ts";
export * from "./accounts/users-tables.ts";
export * from "./accounts/users-queries.ts";
export * from "./accounts/sessions-projection.ts";
export * from "./accounts/sessions-tables.ts";
export * from "./accounts/sessions-queries.ts";
export * from "./locks/record-locks-projection.ts";
export * from "./locks/record-locks-tables.ts";
export * from "./locks/record-locks-queries.ts";
export * from "./lookups/lookup-catalog-projection.ts";
export * from "./lookups/lookup-catalog-tables.ts";
export * from "./catalog/catalog-tables.ts";
export * from "./catalog/catalog-projection.ts";
export * from "./catalog/sku-for-cart-query.ts";
export * from "./catalog/catalog-queries.ts";
export * from "./catalog/product-search.ts";
export * from "./catalog/product-search-plan.ts";
export * from "./catalog/admin-catalog-queries.ts";
export * from "./scheduled-actions/scheduled-actions-projection.ts";
export * from "./scheduled-actions/scheduled-actions-tables.ts";
export * from "./scheduled-actions/scheduled-actions-queries.ts";
export * from "./campaigns/campaigns-projection.ts";
export * from "./campaigns/campaigns-tables.ts";
export * from "./discounts/discounts-projection.ts";
export * from "./discounts/discounts-tables.ts";
export * from "./radio/radio-stations-projection.ts";
export * from "./radio/radio-stations-tables.ts";
export * from "./ads/ads-projection.ts";
export * from "./ads/ads-tables.ts";
export * from "./gamify/gamify-projection.ts";
export * from "./gamify/gamify-tables.ts";
export * from "./newsletters/newsletters-projection.ts";
export * from "./newsletters/newsletters-tables.ts";
export * from "./mail/mailbox-projection.ts";
export * from "./mail/mailbox-tables.ts";
export * from "./addresses/addresses-projection.ts";
export * from "./addresses/addresses-tables.ts";
export * from "./monthly-gifts/monthly-gifts-projection.ts";
export * from "./monthly-gifts/monthly-gifts-tables.ts";
export * from "./personal-data/person-keys.ts";
export * from "./personal-data/email-hash.ts";
export * from "./orders/orders-projection.ts";
export * from "./orders/orders-tables.ts";
export * from "./orders/orders-queries.ts";
export * from "./dashboard/dashboard-projection.ts";
export * from "./dashboard/dashboard-tables.ts";
export * from "./dashboard/dashboard-queries.ts";

/** Every read model, in the order they are created. Features add theirs here. */
export const allProjections = [
  usersProjection,
  sessionsProjection,
  recordLocksProjection,
  lookupCatalogProjection,
  catalogProjection,
  scheduledActionsProjection,
  ...contentProjections,
  campaignsProjection,
  discountsProjection,
  radioStationsProjection,
  adsProjection,
  newslettersProjection,
  mailboxProjection,
  addressesProjection,
  ordersProjection,
  monthlyGiftsProjection,
  paymentAttemptsProjection,
  gamifyProjection,
  dashboardProjection,
];
export * from "./list-page.ts";
export * from "./payment-attempts/payment-attempts-projection.ts";
export * from "./payment-attempts/payment-attempts-tables.ts";
