/**
 * Requests generated from /api/openapi.json alone, in the way of schemathesis: for each operation one
 * request the document calls valid (required fields only, each value the smallest the schema allows)
 * and a few it calls invalid (a required field missing, a wrong type, one past a bound, no body). The
 * conformance test (api-conformance.int.spec.ts) sends them and checks each answer against the
 * document. Values come from the schemas only: no hand-written case per route.
 */
type Schema = Record<string, any>;

export interface GeneratedRequest {
  method: string;
  /** The path with its parameters filled, and the query string. */
  url: string;
  body?: unknown;
  /** What the document says of it: valid, or how it breaks the document. */
  valid: boolean;
  why: string;
}

/** Not generated: the answer is not JSON, or the call needs a signature or ends the caller's session. */
export interface Operation {
  method: string;
  template: string;
  parameters: Schema[];
  body?: Schema;
}

export function operationsOf(document: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries<Schema>(document.paths)) {
    for (const method of ["get", "post", "put", "delete"]) {
      const op = item[method];
      if (!op) continue;
      ops.push({
        method: method.toUpperCase(),
        template,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return ops;
}

export function requestGenerator(document: Schema) {
  const resolve = (schema: Schema | undefined): Schema => {
    let s = schema ?? {};
    for (let i = 0; s.$ref && i < 10; i++)
      s = s.$ref
        .replace(/^#\//, "")
        .split("/")
        .reduce((node: Schema, key: string) => node[key], document);
    return s;
  };

  /** The first branch of a union that is not null. */
  const branch = (s: Schema): Schema | null => {
    const options: Schema[] = s.anyOf ?? s.oneOf ?? [];
    return options.map(resolve).find((o) => o.type !== "null") ?? options[0] ?? null;
  };

  const typeOf = (s: Schema): string | undefined =>
    Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;

  function stringFor(s: Schema): string {
    switch (s.format) {
      case "email":
        return "someone@example.org";
      case "date-time":
        return "2026-12-01T12:00:00.000Z";
      case "date":
        return "2026-12-01";
      case "uri":
        return "https://example.org/";
      case "uuid":
        return "00000000-0000-4000-8000-000000000000";
    }
    if (s.pattern) {
      for (const candidate of ["abc", "a", "1", "ABC", "a-b", "2026-12-01", "00:00", "KY", "abc@example.org"]) {
        if (new RegExp(s.pattern, "u").test(candidate) && fits(candidate, s)) return candidate;
      }
    }
    return "a".repeat(Math.max(1, s.minLength ?? 1));
  }

  const fits = (v: string, s: Schema) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);

  function numberFor(s: Schema): number {
    const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
    const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
    if (low !== undefined && low > 1) return low;
    if (high !== undefined && high < 1) return high;
    return 1;
  }

  /** A value the schema takes; undefined when it cannot make one. */
  function valid(schema: Schema | undefined, depth = 0): unknown {
    const s = resolve(schema);
    if (depth > 8) return undefined;
    if (s.examples?.length) return s.examples[0];
    if (s.example !== undefined) return s.example;
    if ("const" in s) return s.const;
    if (s.enum) return s.enum.find((v: unknown) => v !== null) ?? s.enum[0];
    // An object whose anyOf only lists alternative required fields (`pk` or `id`): the first alternative.
    if (typeOf(s) === "object" && s.anyOf?.every((o: Schema) => !o.type && o.required))
      return valid({ ...s, anyOf: undefined, required: [...(s.required ?? []), ...s.anyOf[0].required] }, depth + 1);
    if (s.anyOf || s.oneOf) return valid(branch(s) ?? {}, depth + 1);
    if (s.allOf) return Object.assign({}, ...s.allOf.map((p: Schema) => valid(p, depth + 1)));
    if (s.default !== undefined) return s.default;
    switch (typeOf(s)) {
      case "object": {
        const out: Record<string, unknown> = {};
        // The required fields, and those the document gives an example for (a box that must be ticked).
        for (const [name, prop] of Object.entries<Schema>(s.properties ?? {}))
          if (s.required?.includes(name) || resolve(prop).examples?.length) out[name] = valid(prop, depth + 1);
        return out;
      }
      case "array":
        return Array.from({ length: s.minItems ?? 0 }, () => valid(s.items ?? {}, depth + 1));
      case "string":
        return stringFor(s);
      case "integer":
      case "number":
        return numberFor(s);
      case "boolean":
        return true;
      case "null":
        return null;
    }
    return "a";
  }

  /** Values the schema refuses, each with why: a wrong type, one past each bound, a broken pattern. */
  function invalid(schema: Schema | undefined): Array<[unknown, string]> {
    const s = resolve(schema);
    const found: Array<[unknown, string]> = [];
    const type = s.anyOf || s.oneOf ? undefined : typeOf(s);
    // A number that may also come as digits: its number branch's bounds.
    const numeric = (s.anyOf ?? []).map(resolve).find((o: Schema) => o.type === "integer" || o.type === "number");
    if (numeric) {
      if (numeric.minimum !== undefined) found.push([numeric.minimum - 1, "below minimum"]);
      if (numeric.maximum !== undefined) found.push([numeric.maximum + 1, "above maximum"]);
      if (numeric.type === "integer") found.push([1.5, "not an integer"]);
    }
    if (s.enum) found.push(["not-one-of-them", "not in enum"]);
    if (type === "integer" || type === "number") {
      found.push(["abc", "not a number"]);
      if (s.minimum !== undefined) found.push([s.minimum - 1, "below minimum"]);
      if (s.maximum !== undefined) found.push([s.maximum + 1, "above maximum"]);
      if (type === "integer") found.push([1.5, "not an integer"]);
    }
    if (type === "string" && !s.enum) {
      found.push([12345, "not a string"]);
      if (s.maxLength !== undefined) found.push(["a".repeat(s.maxLength + 1), "longer than maxLength"]);
      if ((s.minLength ?? 0) > 1) found.push(["", "shorter than minLength"]);
      if (s.format === "email") found.push(["bad@", "not an email"]);
    }
    if (type === "boolean") found.push(["maybe", "not a boolean"]);
    if (type === "array") found.push([{}, "not an array"]);
    return found;
  }

  /** The query string of the parameters: in `values` or the valid one of each required one. */
  function urlOf(op: Operation, values: Record<string, unknown> = {}): string {
    let path = op.template;
    const query = new URLSearchParams();
    for (const p of op.parameters) {
      const value = p.name in values ? values[p.name] : p.required || p.in === "path" ? valid(p.schema) : undefined;
      if (value === undefined) continue;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(text));
      else if (p.in === "query") query.set(p.name, text);
    }
    return query.size ? `${path}?${query}` : path;
  }

  /** One valid request and up to `max` invalid ones for an operation. */
  function requestsFor(op: Operation, max = 8): GeneratedRequest[] {
    const body = op.body ? valid(op.body) : undefined;
    const requests: GeneratedRequest[] = [
      { method: op.method, url: urlOf(op), body, valid: true, why: "valid by the document" },
    ];
    const broken: GeneratedRequest[] = [];
    for (const p of op.parameters) {
      if (p.in !== "path" && p.in !== "query") continue;
      // A URL holds text only: `12345` is a string there, `{}` the text "{}"; only bounds, enums and formats break it.
      const inUrl = invalid(p.schema).filter(([, why]) => why !== "not a string" && why !== "not an array");
      for (const [value, why] of inUrl)
        broken.push({
          method: op.method,
          url: urlOf(op, { [p.name]: value }),
          body,
          valid: false,
          why: `${p.in} ${p.name}: ${why}`,
        });
    }
    if (op.body) {
      const s = resolve(op.body);
      broken.push({ method: op.method, url: urlOf(op), body: undefined, valid: false, why: "no body" });
      if (typeOf(s) === "object") {
        broken.push({ method: op.method, url: urlOf(op), body: [], valid: false, why: "body not an object" });
        for (const name of s.required ?? []) {
          const { [name]: _left, ...rest } = body as Record<string, unknown>;
          broken.push({ method: op.method, url: urlOf(op), body: rest, valid: false, why: `body ${name}: missing` });
        }
        for (const [name, prop] of Object.entries<Schema>(s.properties ?? {})) {
          for (const [value, why] of invalid(prop))
            broken.push({
              method: op.method,
              url: urlOf(op),
              body: { ...(body as object), [name]: value },
              valid: false,
              why: `body ${name}: ${why}`,
            });
        }
      }
    }
    // Spread over the kinds of breakage rather than the first parameter's many.
    const step = Math.max(1, Math.ceil(broken.length / max));
    return [...requests, ...broken.filter((_, i) => i % step === 0).slice(0, max)];
  }

  return { requestsFor, valid };
}
