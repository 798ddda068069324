/** What a refused step answers (metadata, and `step` when the cart changed under the checkout). */
export type StepRefusal = {
  message: string | null;
  /** Messages by field; `__all__` holds the form-level ones. */
  fields: Record<string, string[]>;
  invalidStep: boolean;
  backToStep: number | null;
};

const BAD_DATA = "Invalid request syntax or bad data.";
export const FIX_ERRORS = "Please fix the errors and try again.";
export const SERVER_TROUBLE = "The server could not be reached or answered oddly. Please try again.";

/**
 * §5/§8: 'field: message' lines go to their fields, '__all__' ones to the top of the form; 'Invalid
 * request syntax or bad data.' reads 'Please fix the errors and try again.'; 'Invalid step' goes to the cart.
 */
export function refusalOf(error: unknown): StepRefusal {
  const data = (error as { data?: unknown } | null)?.data as
    | { metadata?: { message?: string; errors?: string[] }; step?: number }
    | undefined;
  if (!data?.metadata) return { message: SERVER_TROUBLE, fields: {}, invalidStep: false, backToStep: null };
  const fields: Record<string, string[]> = {};
  for (const line of data.metadata.errors ?? []) {
    const at = line.indexOf(": ");
    const [name, text] = at > 0 ? [line.slice(0, at), line.slice(at + 2)] : ["__all__", line];
    fields[name] = [...(fields[name] ?? []), text];
  }
  const message = data.metadata.message === BAD_DATA ? FIX_ERRORS : (data.metadata.message ?? null);
  const invalidStep = (fields.__all__ ?? []).includes("Invalid step");
  if (message && fields.__all__?.length === 1 && fields.__all__[0] === data.metadata.message) delete fields.__all__;
  return { message, fields, invalidStep, backToStep: typeof data.step === "number" ? data.step : null };
}
