import { contentNodeEvents, isEventOf, type RecordedEvent } from "@shop/shared";
import type { NodeKeywordsMessage } from "@shop/shared/live/messages";
import { recordRoom, type LiveMessageMapper } from "../live/live-messages.ts";

/**
 * `node:keywords {id, app, model, version, keyword, change}` to the node's record room when a
 * keyword is linked or unlinked (by the keyword editor or by a save that changed the list), so an
 * editor who watches the node refreshes its keyword table. Only watchers get it: nobody else shows it.
 */
export const keywordLiveMessages: LiveMessageMapper = (recorded: RecordedEvent) => {
  if (!isEventOf(contentNodeEvents, recorded)) return [];
  const event = recorded;
  if (event.type !== "ContentNodeKeywordLinked" && event.type !== "ContentNodeKeywordUnlinked") return [];
  const payload: NodeKeywordsMessage = {
    id: event.data.id,
    app: "content",
    model: "contentnode",
    version: recorded.streamPosition,
    keyword: event.data.keywordId,
    change: event.type === "ContentNodeKeywordLinked" ? "linked" : "unlinked",
  };
  return [
    { namespace: "/admin", room: recordRoom("content", "contentnode", event.data.id), name: "node:keywords", payload },
  ];
};
