import { categoryForSku } from "../catalog/sku-category.ts";

// Apart from the form's rules (zod): the product page imports this, and it is in the initial bundle.

/** The passholder variants a membership SKU sells (storefront §1, §3 Passholder). */
export type MembershipVariant = "individual" | "family" | "grandparent";

/**
 * Membership SKUs are tickets (prefix 90-8-1, back-office §3) whose format names the passholders:
 * 'Individual Membership', 'Family Membership', 'Grandparent Membership'.
 */
export function membershipVariantOf(sku: { code: string; format: string }): MembershipVariant | null {
  if (categoryForSku(sku.code) !== "tickets") return null;
  const match = /^(individual|family|grandparent) membership$/i.exec(sku.format.trim());
  return match ? (match[1].toLowerCase() as MembershipVariant) : null;
}

/** The quick checkout page of a membership SKU (storefront §2 quick checkout). */
export const quickCheckoutPath = (code: string) => `/store/quick-checkout/${encodeURIComponent(code)}/`;
