import type { ContentNodeEvent, ContentStatus, MenuNodeEvent } from "@shop/shared";
import type { NodeSavedMessage, NodeStatusMessage } from "@shop/shared/live/messages";
import { recordRoom, STAFF_ROOM, type LiveMessage, type LiveMessageMapper } from "../live/live-messages.ts";
import { toContentEvent } from "./content-node.ts";

const STATUS_OF: Partial<Record<ContentNodeEvent["type"], (e: ContentNodeEvent) => ContentStatus>> = {
  ContentNodePublished: () => "Live",
  ContentNodeArchived: () => "Archive",
  ContentNodeStatusChanged: (e) => (e as Extract<ContentNodeEvent, { type: "ContentNodeStatusChanged" }>).data.to,
};

/**
 * Staff see creations, saves and status changes of content and menu nodes live: `node:saved {id,
 * version, by}` (a creation is version 0) and `node:status {id, status}` to every staff socket and to
 * the record's room. `app`, `model` and `version` let a list tell menu nodes apart and drop stale pushes.
 */
export const nodeLiveMessages: LiveMessageMapper = (recorded) => {
  if (!/^(ContentNode|MenuNode)(Created|Published|Archived|StatusChanged|Saved)$/.test(recorded.type)) return [];
  const event = toContentEvent(recorded as unknown as ContentNodeEvent | MenuNodeEvent);
  const model = recorded.type.startsWith("MenuNode") ? "menunode" : "contentnode";
  const app = model === "menunode" ? "tree" : "content";
  const id = (event.data as { id: number }).id;
  const version = recorded.streamPosition;
  let name: string;
  let payload: NodeSavedMessage | NodeStatusMessage;
  if (event.type === "ContentNodeSaved" || event.type === "ContentNodeCreated") {
    name = "node:saved";
    payload = { id, version, by: event.data.by, app, model };
  } else {
    name = "node:status";
    payload = { id, status: STATUS_OF[event.type]!(event), version, app, model };
  }
  const rooms = [STAFF_ROOM, recordRoom(app, model, id)];
  return rooms.map((room): LiveMessage => ({ namespace: "/admin", room, name, payload }));
};
