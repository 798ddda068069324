import { randomUUID } from "node:crypto";
import { PaymentUnavailableError } from "@shop/shared";
import { z } from "zod";

const StripeErrorBody = z.object({
  error: z.object({
    type: z.string().optional(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
  }),
});

/** Stripe's error object (`{ error: { type, code, decline_code, message, … } }`), thrown as it came. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    readonly declineCode: string | null,
    message: string,
  ) {
    super(message);
    this.name = "StripeApiError";
  }
}

/** DELETE: ending a subscription (`DELETE /v1/subscriptions/:id`); it takes no body. */
type StripeMethod = "GET" | "POST" | "DELETE";

export type FormValue = string | number | boolean | FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding: nested objects as `a[b]=c`, lists as `a[]=x` (order kept). */
export function formEncode(values: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const add = (key: string, value: FormValue) => {
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item);
    else if (typeof value === "object") for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(values)) add(key, value);
  return pairs.join("&");
}

export interface StripeApiOptions {
  secretKey: string;
  /** STRIPE_API_BASE: https://api.stripe.com unless a test points it at its own server. */
  baseUrl: string;
  /** Pause before the one retry (ms). */
  retryDelayMs?: number;
  /** Per call, before it counts as a network failure (ms). */
  timeoutMs?: number;
}

export interface StripeRequest {
  form?: Record<string, FormValue>;
  query?: Record<string, FormValue>;
  /** POSTs always carry one (a fresh one unless given); the retry sends the same. */
  idempotencyKey?: string;
}

/**
 * Stripe's REST API over fetch: Bearer auth, form bodies, an Idempotency-Key on every POST. A network
 * failure or a 5xx is tried once more with the same key (Stripe then answers the first outcome, never
 * a second charge); a second failure is PaymentUnavailableError. Other errors are StripeApiError.
 */
export function createStripeApi(options: StripeApiOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const retryDelayMs = options.retryDelayMs ?? 300;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function once(method: StripeMethod, url: string, body: string | undefined, key: string | undefined) {
    const headers: Record<string, string> = { authorization: `Bearer ${options.secretKey}` };
    if (body !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
    if (key) headers["idempotency-key"] = key;
    try {
      const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      return { status: response.status, text };
    } catch (error) {
      return { status: 0, text: error instanceof Error ? error.message : String(error) };
    }
  }

  return async function request(method: StripeMethod, path: string, req: StripeRequest = {}): Promise<unknown> {
    const query = req.query ? `?${formEncode(req.query)}` : "";
    const url = `${base}${path}${query}`;
    const body = method === "POST" ? formEncode(req.form ?? {}) : undefined;
    const key = method === "POST" ? (req.idempotencyKey ?? randomUUID()) : undefined;
    let answer = await once(method, url, body, key);
    if (answer.status === 0 || answer.status >= 500) {
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      answer = await once(method, url, body, key);
    }
    if (answer.status === 0 || answer.status >= 500)
      throw new PaymentUnavailableError(
        `Stripe ${method} ${path} failed twice: ${answer.status === 0 ? answer.text : `HTTP ${answer.status}`}`,
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      throw new PaymentUnavailableError(`Stripe ${method} ${path} answered HTTP ${answer.status} without JSON`);
    }
    if (answer.status >= 400) {
      const error = StripeErrorBody.safeParse(parsed).data?.error;
      throw new StripeApiError(
        answer.status,
        error?.type ?? "api_error",
        error?.code ?? null,
        error?.decline_code ?? null,
        error?.message ?? `Stripe ${method} ${path} answered HTTP ${answer.status}`,
      );
    }
    return parsed;
  };
}

export type StripeApi = ReturnType<typeof createStripeApi>;

/** Every object of a Stripe list endpoint that `filter` selects (`created[gte]`, ...), page by page (`starting_after`, `has_more`). */
export async function listStripe<T extends { id: string }>(
  api: StripeApi,
  path: string,
  filter: Record<string, FormValue> = {},
): Promise<T[]> {
  const items: T[] = [];
  for (let after: string | undefined; ; ) {
    const page = (await api("GET", path, {
      query: { limit: 100, ...filter, ...(after ? { starting_after: after } : {}) },
    })) as { data: T[]; has_more: boolean };
    items.push(...page.data);
    if (!page.has_more || page.data.length === 0) return items;
    after = page.data.at(-1)!.id;
  }
}
