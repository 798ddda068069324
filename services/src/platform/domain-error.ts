/**
 * An error the user caused or may fix, with a stable code. The error middleware turns it into an
 * HTTP answer once; handlers just throw it.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    /** 'field: message' lines for metadata.errors; defaults to '__all__: {message}'. */
    readonly errors: string[] = [`__all__: ${message}`],
    /** Extra top-level fields for the answer (e.g. the holder of a lock). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}
