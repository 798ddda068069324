const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** A price as the wire sends it ("12.99", 12.99) shown as "$12.99". */
export function money(value: string | number | null | undefined): string {
  const amount = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return Number.isFinite(amount) ? dollars.format(amount) : "";
}

/** §5: a quantity box's text as an integer; anything that is not a number counts as 0. */
export function toQuantity(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
