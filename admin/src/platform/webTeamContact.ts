/**
 * The person the picker's search-failure alert names (§8: 'If the problem persists, tell {name} his API
 * is broken.'). Set it at build time with VITE_WEB_TEAM_CONTACT; the default is the web team's lead as
 * documented in docs/back-office-ui.md.
 */
export const WEB_TEAM_CONTACT: string =
  (import.meta.env.VITE_WEB_TEAM_CONTACT as string | undefined)?.trim() || "Daniel Brooks";
