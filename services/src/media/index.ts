import type { MediaErrorCode } from "@shop/shared/media/errors";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Product images: staff uploads kept by content hash, their widths, and the generated covers. */
export const media = {
  name: "media",
  events: [],
  errorStatus: { MEDIA_NOT_AN_IMAGE: 415, MEDIA_TOO_LARGE: 413 } satisfies Record<MediaErrorCode, number>,
  projections: [],
  routers: async (deps) => [(await import("./media-router.ts")).makeMediaRouter(deps)],
  routeDocs: async () => (await import("./media-route-docs.ts")).MEDIA_ROUTES,
} satisfies Feature<FeatureDeps>;
