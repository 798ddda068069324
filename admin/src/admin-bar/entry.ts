/**
 * The in-page admin bar, built as a second entry of the back office (`/admin/admin-bar.js`, see
 * vite.config.ts). The storefront imports it only for a signed-in staff user on a content page and
 * calls `mountAdminBar`. The bar itself loads lazily so its CSS chunk comes with it (Vite's preload
 * adds the stylesheet of a dynamic import; an entry's own CSS would not be linked into the page).
 */
import type { AdminBarOptions } from "./AdminBar";

export type { AdminBarOptions };

// Before the bar's chunks load: zod must not probe for eval under the CSP (see platform/zodJitless.ts).
const zodGlobals = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobals.__zod_globalConfig = { ...zodGlobals.__zod_globalConfig, jitless: true };

export async function mountAdminBar(host: HTMLElement, options: AdminBarOptions): Promise<() => void> {
  const { mount } = await import("./mount");
  return mount(host, options);
}
