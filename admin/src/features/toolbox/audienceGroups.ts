/**
 * The audiences restrict_content's 'choosegroup' mode may name (the tag's `group="slug"`). The server has
 * no groups endpoint yet (users carry no groups, and it shows a chosen group's content to staff only), so
 * the list lives here, documented in docs/back-office-ui.md; a GET of groups would replace it.
 */
export const AUDIENCE_GROUPS = [
  { slug: 'donors', name: 'Donors' },
  { slug: 'members', name: 'Members' },
  { slug: 'volunteers', name: 'Volunteers' },
  { slug: 'pastors', name: 'Pastors and church leaders' },
  { slug: 'educators', name: 'Educators and homeschool families' },
] as const;

export type AudienceGroup = (typeof AUDIENCE_GROUPS)[number]['slug'];
