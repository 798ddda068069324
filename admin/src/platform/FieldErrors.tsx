/**
 * A field's messages, the one layout of both front ends (docs/decisions.md, "Field errors"): a
 * paragraph right after the control, named by the control's aria-describedby.
 */
export function FieldErrors({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p className="field-error" id={id}>
      {messages.join(" ")}
    </p>
  );
}
