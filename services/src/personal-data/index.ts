import { personalDataEvents } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Sealed personal data and its erasure (no routes). */
export const personalData = {
  name: "personal-data",
  events: [...personalDataEvents],
  errorStatus: {},
  projections: [],
} satisfies Feature<FeatureDeps>;
