/** Messages by field name; `__all__` holds the ones about the whole request or record. */
export type FieldMessages = Readonly<Record<string, readonly string[]>>;

/**
 * An error the user caused or may fix. Each feature declares its own in `shared/src/<feature>/errors.ts`:
 * a list of codes and one class per refusal, carrying what happened in domain terms (a message, the
 * messages by field, the data a client needs, such as the lock's holder). Deciders throw them and know
 * no HTTP: the services' error middleware maps the code to a status and the wire answer, with
 * `metadata.code`, and the front ends switch on that code.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    /** Messages by field; empty means the message is about the whole request. */
    readonly fields: FieldMessages = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** One field's message, as `fields` holds it. */
export const fieldMessage = (field: string, message: string): FieldMessages => ({ [field]: [message] });
