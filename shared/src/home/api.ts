import { z } from "zod";
import { ProductCard } from "../catalog/api.ts";

export * from "./constants.ts";

/**
 * `GET /api/home/featured/`: the products the featured page links (`picked: true`, in its order), or the
 * newest products when that page is not Live or links none.
 */
export const FeaturedAnswer = z.object({
  metadata: z.object({ success: z.literal(true) }),
  picked: z.boolean(),
  items: z.array(ProductCard),
});
export type FeaturedAnswer = z.infer<typeof FeaturedAnswer>;
