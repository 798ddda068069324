import type { ContentStatus } from "@shop/shared";
import type { NodeSavedMessage, NodeStatusMessage } from "@shop/shared/live/messages";
import { recordRoom, STAFF_ROOM, type LiveMessage, type LiveMessageMapper } from "../live/live-messages.ts";
import { isNodeEvent, toContentEvent } from "./content-node.ts";

/**
 * Staff see creations, saves and status changes of content and menu nodes live: `node:saved {id,
 * version, by}` (a creation is version 0) and `node:status {id, status}` to every staff socket and to
 * the record's room. `app`, `model` and `version` let a list tell menu nodes apart and drop stale pushes.
 */
export const nodeLiveMessages: LiveMessageMapper = (recorded) => {
  if (!isNodeEvent(recorded)) return [];
  const event = toContentEvent(recorded);
  const model = recorded.type.startsWith("MenuNode") ? "menunode" : "contentnode";
  const app = model === "menunode" ? "tree" : "content";
  const version = recorded.streamPosition;
  const send = (id: number, name: string, payload: NodeSavedMessage | NodeStatusMessage) =>
    [STAFF_ROOM, recordRoom(app, model, id)].map((room): LiveMessage => ({ namespace: "/admin", room, name, payload }));
  const status = (id: number, status: ContentStatus) => send(id, "node:status", { id, status, version, app, model });
  switch (event.type) {
    case "ContentNodeCreated":
    case "ContentNodeSaved": {
      const { id, by } = event.data;
      return send(id, "node:saved", { id, version, by, app, model });
    }
    case "ContentNodePublished":
      return status(event.data.id, "Live");
    case "ContentNodeArchived":
      return status(event.data.id, "Archive");
    case "ContentNodeStatusChanged":
      return status(event.data.id, event.data.to);
    default:
      return [];
  }
};
