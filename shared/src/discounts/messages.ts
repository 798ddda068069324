/** The answers of apply-discounts (storefront §8). The negative ones are `NEGATIVE_COUPON_ANSWERS`. */
export const DISCOUNT_MESSAGES = {
  notFound: "Discount not found!",
  notAppropriate: "You do not have the appropriate discount code",
  subtotal: "Subtotal does not meet requirements",
  user: "You do not meet the user requirements",
  group: "You do not meet the group requirements",
  requiredItems: "You do not have all the required items!",
  requiredQuantity: "You do not have enough of the required items",
  applied: "Discount applied.",
  alreadyApplied: "Discount already applied.",
  removed: "Discount removed.",
} as const;
