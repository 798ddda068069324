/** One subscriber as the export writes it. */
export interface SubscriberCsvRow {
  email: string;
  status: string;
  lists: string;
  postal_code: string;
  requested_at: string;
  confirmed_at: string | null;
}

const HEADER = ["email", "status", "lists", "postal_code", "requested_at", "confirmed_at"] as const;

/**
 * RFC 4180: quoted when needed, CRLF lines. A cell a spreadsheet would run as a formula (=, +, -, @,
 * tab, CR) gets a leading apostrophe, since an address is whatever a visitor typed.
 */
export function csvCell(value: string | null): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function subscribersCsv(rows: readonly SubscriberCsvRow[]): string {
  const lines = [HEADER.join(","), ...rows.map((r) => HEADER.map((h) => csvCell(r[h])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
