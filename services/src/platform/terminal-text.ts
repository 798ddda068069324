const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

// C0 controls, DEL, C1 controls (0x9b is a one-byte CSI on some terminals), the line and paragraph
// separators, and the bidirectional overrides and isolates that reorder what a reader sees.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this escapes
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside (a browser's error report) made safe to print on one terminal line or log
 * line: every control character shows as an escape (`\n`, `\x1b`, `\u009b`) instead of breaking
 * the line, forging another one, or setting colours and titles through escape sequences.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return (
      NAMED[c] ??
      (code < 0x80 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`)
    );
  });
}
