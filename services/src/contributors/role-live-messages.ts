import { contentNodeEvents, isEventOf, type ContentNodeEvent, type RecordedEvent } from "@shop/shared";
import type { NodeContributorsMessage } from "@shop/shared/live/messages";
import { recordRoom, type LiveMessageMapper } from "../live/live-messages.ts";

const CHANGE = {
  ContributorRoleAdded: "added",
  ContributorRoleChanged: "changed",
  ContributorRoleRemoved: "removed",
  ContributorRolesRenumbered: "renumbered",
} as const satisfies Partial<Record<ContentNodeEvent["type"], NodeContributorsMessage["change"]>>;

const isRoleEvent = (event: ContentNodeEvent): event is Extract<ContentNodeEvent, { type: keyof typeof CHANGE }> =>
  event.type in CHANGE;

/**
 * `node:contributors {id, app, model, version, role, change}` to the node's record room for every
 * change of its contributor roles, so an editor watching the node sees a colleague's edits.
 */
export const roleLiveMessages: LiveMessageMapper = (recorded: RecordedEvent) => {
  if (!isEventOf(contentNodeEvents, recorded) || !isRoleEvent(recorded)) return [];
  const event = recorded;
  const payload: NodeContributorsMessage = {
    id: event.data.id,
    app: "content",
    model: "contentnode",
    version: recorded.streamPosition,
    role: "roleId" in event.data ? event.data.roleId : null,
    change: CHANGE[event.type],
  };
  return [
    {
      namespace: "/admin",
      room: recordRoom("content", "contentnode", event.data.id),
      name: "node:contributors",
      payload,
    },
  ];
};
