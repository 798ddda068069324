/**
 * The audiences restrict_content's 'choosegroup' mode may name (the tag's `group=slug`): the groups the
 * server's page renderer knows today (docs/scheduled-actions-and-lookups.md). Accounts have no group
 * memberships yet and the server has no groups endpoint, so the list lives here, documented in
 * docs/back-office-ui.md; a GET of groups would replace it once named groups exist.
 */
export const AUDIENCE_GROUPS = [
  { slug: "members", name: "Members (every signed-in account)" },
  { slug: "staff", name: "Staff" },
] as const;

export type AudienceGroup = (typeof AUDIENCE_GROUPS)[number]["slug"];
