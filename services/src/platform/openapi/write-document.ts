// `npm run api:document [-- file]`: writes /api/openapi.json as the server would serve it (servers from
// SITE_URL, default http://127.0.0.1:8000) to a file (default api/openapi.json), without a database.
// Redocly lints that file and openapi-typescript generates the typed client's types from it.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { FEATURES } from "../../features.ts";
import { errorStatusOf, routeDocsOf } from "../feature.ts";
import { declareErrorStatuses } from "../http/error-answers.ts";
import type { oas31 } from "zod-openapi";
import { openApiDocument } from "./document.ts";

/** The document as GET /api/openapi.json answers it, for a shop at `siteUrl`. */
export async function servedDocument(siteUrl: string): Promise<oas31.OpenAPIObject> {
  declareErrorStatuses(errorStatusOf(FEATURES));
  return { ...openApiDocument(await routeDocsOf(FEATURES)), servers: [{ url: siteUrl }] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = resolve(process.argv[2] ?? "api/openapi.json");
  mkdirSync(dirname(file), { recursive: true });
  const document = await servedDocument(process.env.SITE_URL ?? "http://127.0.0.1:8000");
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
