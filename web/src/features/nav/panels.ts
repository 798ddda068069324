/**
 * §4 navigation: panels toggle active/visible, and an open one closes on an outside click. Submenus
 * nest: opening one keeps its ancestors open and closes every other branch.
 */
export function toggleSubmenu(open: readonly number[], id: number, ancestors: readonly number[]): number[] {
  return open.includes(id) ? [...ancestors] : [...ancestors, id];
}

/** An outside click closes what is open; a click inside leaves it as it is. */
export function afterDocumentClick<T>(open: T, inside: boolean, closed: T): T {
  return inside ? open : closed;
}

/** Opening a header panel (region, search) closes the other; opening the open one closes it. */
export function togglePanel<P extends string>(open: P | null, panel: P): P | null {
  return open === panel ? null : panel;
}
