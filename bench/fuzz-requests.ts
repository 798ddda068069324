// Request generation for the fuzz bench: seeded fast-check arbitraries, shaped by the request schemas in shared/.
import fc from "fast-check";
import * as shared from "@shop/shared";
import { concretePath, type AppRoute } from "../services/src/platform/http/route-list.ts";

export type Identity = "staff" | "shopper" | "anonymous";

export interface FuzzRequest {
  route: AppRoute;
  identity: Identity;
  /** Send the X-CSRFToken header (a few unsafe requests go without, and must be refused). */
  csrf: boolean;
  path: string;
  /** Raw body text, or undefined for none. */
  body?: string;
  contentType?: string;
}

interface ZodLike {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, ZodLike>;
      element?: ZodLike;
      innerType?: ZodLike;
      in?: ZodLike;
      options?: ZodLike[];
      entries?: Record<string, unknown>;
      values?: unknown[];
    };
  };
}
const isZod = (v: unknown): v is ZodLike => typeof v === "object" && v !== null && "_zod" in v;

/** Every request and query schema shared/ exports (by the naming rule `...Request`, `...Query`), not a hand-made list. */
const REQUEST_SCHEMAS: Array<[string, ZodLike]> = (Object.entries(shared) as Array<[string, unknown]>).filter(
  (entry): entry is [string, ZodLike] =>
    /(Request|Query|QueryString)$/.test(entry[0]) && isZod(entry[1]) && entry[1]._zod.def.type === "object",
);

/** Values that have broken servers before: out-of-range numbers, odd types, markup, huge strings. */
const hostile = fc.constantFrom<unknown>(
  0,
  -1,
  1,
  2,
  3,
  2147483647,
  2147483648,
  3000000000,
  -2147483649,
  // biome-ignore lint/correctness/noPrecisionLoss: 2^53 + 1, a number JSON cannot carry exactly, is the probe
  9007199254740993,
  1e308,
  -0,
  0.5,
  NaN,
  "",
  " ",
  "0",
  "1",
  "-1",
  "3000000000",
  "99999999999999999999",
  "1e3",
  "0x10",
  "abc",
  "null",
  "true",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "\u0000",
  "😀",
  "../../etc/passwd",
  "%00",
  "2031-01-01 09:00",
  "not a date",
  "/",
  "/x/",
  "a".repeat(5000),
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { id: 1 },
  [null],
  [[]],
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const leaf = fc.oneof(
  { weight: 3, arbitrary: hostile },
  { weight: 1, arbitrary: anyJson },
  { weight: 1, arbitrary: fc.string() },
);

/** Values the app itself answered under a field name (learnt by fuzz.ts from its GET routes): plausible input. */
export type Examples = Map<string, unknown[]>;

/** A value shaped like `schema` (objects with some of its keys, arrays of its element) with hostile leaves. */
function shaped(schema: ZodLike, examples: Examples, depth = 0, key = ""): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  if (depth > 4) return leaf;
  const seen = examples.get(key);
  const plausible = (own: fc.Arbitrary<unknown>) => (seen?.length ? fc.oneof(own, fc.constantFrom(...seen)) : own);
  switch (def.type) {
    case "object": {
      const keys = Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([k, v]) => [
          k,
          fc.oneof({ weight: 4, arbitrary: shaped(v, examples, depth + 1, k) }, { weight: 1, arbitrary: leaf }),
        ]),
      );
      return fc.oneof(fc.record(keys), fc.record(keys, { requiredKeys: [] }));
    }
    case "array":
      return fc.oneof(fc.array(shaped(def.element!, examples, depth + 1, key), { minLength: 1, maxLength: 4 }), leaf);
    case "optional":
    case "nullable":
    case "default":
    case "catch":
    case "readonly":
      return shaped(def.innerType!, examples, depth, key);
    case "pipe":
      return shaped(def.in!, examples, depth, key);
    case "union":
      return fc.oneof(...def.options!.map((o) => shaped(o, examples, depth, key)));
    case "enum":
      return fc.oneof(fc.constantFrom(...Object.values(def.entries ?? {})), leaf);
    case "literal":
      return fc.oneof(fc.constantFrom(...(def.values ?? [null])), leaf);
    // Mostly plausible values, so that requests get past validation into the deciders.
    case "string":
      return fc.oneof(
        {
          weight: 3,
          arbitrary: plausible(
            fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom("/fuzz/", "2031-01-01 09:00")),
          ),
        },
        { weight: 1, arbitrary: leaf },
      );
    case "number":
    case "int":
      return fc.oneof(
        { weight: 2, arbitrary: plausible(fc.integer({ min: 0, max: 60 })) },
        { weight: 1, arbitrary: fc.constantFrom(2147483648, 3000000000, -1, 1e20, 0.5, "7") },
        { weight: 1, arbitrary: leaf },
      );
    case "boolean":
      return fc.oneof({ weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: leaf });
    default:
      return leaf;
  }
}

const text = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
const form = (v: unknown) =>
  v && typeof v === "object"
    ? Object.entries(v)
        .map(([k, x]) => `${encodeURIComponent(k)}=${encodeURIComponent(text(x))}`)
        .join("&")
    : text(v);

/** A body and its content type: JSON mostly, then forms, broken JSON, odd charsets and random bytes. */
function anyBody(examples: Examples): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const schemaShaped = fc.constantFrom(...REQUEST_SCHEMAS).chain(([, s]) => shaped(s, examples));
  const bodyValue = fc.oneof(
    { weight: 4, arbitrary: schemaShaped },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), leaf, { maxKeys: 6 }) },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: bodyValue.map((v) => ({ body: JSON.stringify(v) ?? "null", contentType: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: bodyValue.map((v) => ({ body: form(v), contentType: "application/x-www-form-urlencoded" })),
    },
    {
      weight: 1,
      arbitrary: bodyValue.map((v) => ({
        body: `${(JSON.stringify(v) ?? "").slice(0, -1)}\u0000`,
        contentType: "application/json",
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          bodyValue,
          fc.constantFrom(
            "application/json; charset=latin1",
            "application/json; charset=utf-16",
            "text/plain",
            "application/xml",
            "multipart/form-data; boundary=x",
            "",
          ),
        )
        .map(([v, t]) => ({ body: JSON.stringify(v) ?? "", contentType: t || undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: "binary", maxLength: 200 })
        .map((s) => ({ body: s, contentType: "application/json" })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** Query parameters: names the schemas know plus random ones, values hostile or random (JSON arrays included). */
const paramNames = [...new Set(REQUEST_SCHEMAS.flatMap(([, s]) => Object.keys(s._zod.def.shape ?? {})))];
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...paramNames) },
        { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
      ),
      fc.oneof(leaf.map(text), fc.array(hostile, { maxLength: 3 }).map(text)),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}` : "",
  );

const pathValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("1", "2", "3", "5", "10", "40") },
  { weight: 2, arbitrary: hostile.map((v) => encodeURIComponent(text(v)) || "0") },
);

/**
 * The request schemas a route probably takes: those holding every field its refusal of an empty body
 * named (see `probeFields` in fuzz.ts). Two thirds of that route's bodies are shaped like one of them.
 */
export function schemasNaming(fields: string[]): ZodLike[] {
  if (!fields.length) return [];
  return REQUEST_SCHEMAS.filter(([, s]) => fields.every((f) => f in (s._zod.def.shape ?? {}))).map(([, s]) => s);
}

/** 80 % staff, 10 % signed-in non-staff, 10 % anonymous; 5 % of unsafe requests without the CSRF header. */
export function fuzzRequests(
  routes: AppRoute[],
  count: number,
  seed: number,
  schemasOf: (route: AppRoute) => ZodLike[],
  examples: Examples,
): FuzzRequest[] {
  const body = anyBody(examples);
  const bodyFor = (route: AppRoute) => {
    const own = schemasOf(route);
    if (!own.length) return body;
    const shapedOwn = fc
      .constantFrom(...own)
      .chain((s) => shaped(s, examples))
      .map((v) => ({ body: JSON.stringify(v), contentType: "application/json" }));
    return fc.oneof({ weight: 2, arbitrary: shapedOwn }, { weight: 1, arbitrary: body });
  };
  // Writes are where a refused request could still leave an event, or an accepted one stall a read model: three times the weight.
  const route = fc.oneof(...routes.map((r) => ({ weight: r.method === "GET" ? 1 : 3, arbitrary: fc.constant(r) })));
  const request = route.chain((route) =>
    fc.record({
      route: fc.constant(route),
      identity: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Identity>("staff") },
        { weight: 1, arbitrary: fc.constant<Identity>("shopper") },
        { weight: 1, arbitrary: fc.constant<Identity>("anonymous") },
      ),
      csrf: fc.oneof({ weight: 19, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      pathValue,
      query: queryString,
      body: bodyFor(route),
    }),
  );
  return fc.sample(request, { seed, numRuns: count }).map(({ route, identity, csrf, pathValue, query, body }) => ({
    route,
    identity,
    csrf,
    path: concretePath(route.path, pathValue) + query,
    ...(route.method === "GET" ? {} : body),
  }));
}
