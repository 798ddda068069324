import {
  NODE_FIELD_NAMES,
  offersAction,
  STATUS_AFTER_ACTION,
  type ContentAction,
  type ContentNodeEvent,
  NodeExistsError,
  NodeInvalidError,
  NodeNotFoundError,
  NodeWarningsError,
  type NodeFields,
  RecordLockedError,
  StaleNodeVersionError,
  type RecordLock,
  type UserRef,
} from "@shop/shared";
import type { ExistingNode, Node, NodeKind } from "./content-node.ts";
import { keywordLinkWarnings, nodeErrors, nodeWarnings } from "./node-rules.ts";

export type { ContentAction } from "@shop/shared";

interface Who {
  now: Date;
  by: UserRef | null;
}

interface KeywordChoice {
  /** The node's keyword list after the save, when the save sets it. */
  keywordIds?: number[];
  /** Their names, for the repeated-word warning. */
  keywordNames?: string[];
}

export type NodeCommand =
  | {
      type: "CreateNode";
      data: Who & KeywordChoice & { kind: NodeKind; id: number; fields: NodeFields; ignoreWarnings: boolean };
    }
  | {
      type: "SaveNode";
      data: Who &
        KeywordChoice & {
          kind: NodeKind;
          changes: Partial<NodeFields>;
          expectedVersion?: number;
          ignoreWarnings: boolean;
          rewriteBatchId?: number;
          /** The record's lock as the locks read model has it now (null: nobody holds it). */
          lock?: RecordLock | null;
        };
    }
  | { type: "ChangeStatus"; data: Who & { action: ContentAction } }
  | {
      type: "LinkKeyword";
      data: {
        keywordId: number;
        ignoreWarnings?: boolean /** The list's names with the new keyword last, for the warning. */;
        keywordNames?: string[];
      };
    }
  | { type: "UnlinkKeyword"; data: { keywordId: number } };

/** Pure: the events a node command produces on the node's state, or a refusal. */
export function decideNode(command: NodeCommand, state: Node): ContentNodeEvent[] {
  switch (command.type) {
    case "CreateNode":
      return create(command.data, state);
    case "SaveNode":
      return save(command.data, existing(state));
    case "ChangeStatus":
      return changeStatus(command.data, existing(state));
    case "LinkKeyword": {
      const node = existing(state);
      if (node.keywordIds.includes(command.data.keywordId)) return [];
      const names = command.data.keywordNames;
      const warnings = names?.length ? keywordLinkWarnings(names, names[names.length - 1]) : [];
      if (warnings.length && !command.data.ignoreWarnings) throw new NodeWarningsError(warnings);
      return [{ type: "ContentNodeKeywordLinked", data: { id: node.id, keywordId: command.data.keywordId } }];
    }
    case "UnlinkKeyword": {
      const node = existing(state);
      if (!node.keywordIds.includes(command.data.keywordId)) return [];
      return [{ type: "ContentNodeKeywordUnlinked", data: { id: node.id, keywordId: command.data.keywordId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export function existing(state: Node): ExistingNode {
  if (!state.exists) throw new NodeNotFoundError();
  return state;
}

function refuseOnErrors(fields: NodeFields) {
  const errors = nodeErrors(fields);
  if (Object.keys(errors).length) throw new NodeInvalidError(errors);
}

function create(cmd: Extract<NodeCommand, { type: "CreateNode" }>["data"], state: Node): ContentNodeEvent[] {
  if (state.exists) throw new NodeExistsError();
  refuseOnErrors(cmd.fields);
  const warnings = nodeWarnings({
    kind: cmd.kind,
    isNew: true,
    before: null,
    changes: cmd.fields,
    keywordNames: cmd.keywordNames,
  });
  if (warnings.length && !cmd.ignoreWarnings) throw new NodeWarningsError(warnings);
  return [
    { type: "ContentNodeCreated", data: { id: cmd.id, ...cmd.fields, createdAt: cmd.now.toISOString(), by: cmd.by } },
    ...keywordEvents(cmd.id, [], cmd.keywordIds),
  ];
}

function save(cmd: Extract<NodeCommand, { type: "SaveNode" }>["data"], node: ExistingNode): ContentNodeEvent[] {
  // A colleague holding the lock is editing: a save by anyone else would overwrite their work.
  if (cmd.lock && cmd.lock.user.id !== cmd.by?.id) throw new RecordLockedError(cmd.lock);
  if (cmd.expectedVersion !== undefined && cmd.expectedVersion !== node.version) {
    throw new StaleNodeVersionError(node.updatedBy, node.updatedAt, node.version);
  }
  const changes = realChanges(node.fields, cmd.changes);
  const keywordChanges = keywordEvents(node.id, node.keywordIds, cmd.keywordIds);
  if (Object.keys(changes).length === 0 && keywordChanges.length === 0) return [];
  refuseOnErrors({ ...node.fields, ...changes });
  const keywordNames = keywordChanges.length ? cmd.keywordNames : undefined;
  const warnings = nodeWarnings({ kind: cmd.kind, isNew: false, before: node.fields, changes, keywordNames });
  if (warnings.length && !cmd.ignoreWarnings) throw new NodeWarningsError(warnings);

  const at = cmd.now.toISOString();
  const events: ContentNodeEvent[] = [];
  if (node.status === "Live")
    events.push({
      type: "ContentNodeStatusChanged",
      data: { id: node.id, from: "Live", to: "Changes Pending", changedAt: at, by: cmd.by },
    });
  if (Object.keys(changes).length) {
    events.push({
      type: "ContentNodeSaved",
      data: { id: node.id, changes, version: node.version + events.length + 1, savedAt: at, by: cmd.by },
    });
  }
  events.push(...keywordChanges);
  if (changes.url !== undefined) {
    if (cmd.kind === "menunode" && cmd.rewriteBatchId !== undefined) {
      events.push({
        type: "PendingRewriteBatchRecorded",
        data: {
          batchId: cmd.rewriteBatchId,
          nodeId: node.id,
          oldUrl: node.fields.url,
          newUrl: changes.url,
          recordedAt: at,
          by: cmd.by,
        },
      });
    }
    // The url is already public: the change goes live at once (the warning told the editor so).
    if (node.status === "Live" || node.status === "Changes Pending")
      events.push({ type: "ContentNodePublished", data: { id: node.id, publishedAt: at, by: cmd.by } });
  }
  return events;
}

/** Fields whose value really differs from the node's (unknown keys dropped). */
export function realChanges(before: NodeFields, changes: Partial<NodeFields>): Partial<NodeFields> {
  const real: Partial<NodeFields> = {};
  for (const name of NODE_FIELD_NAMES) {
    const value = changes[name];
    if (value !== undefined && !sameValue(value, before[name])) (real as Record<string, unknown>)[name] = value;
  }
  return real;
}

/** Values of one field: lists (menu nodes) are equal when they hold the same ids in any order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && [...a].sort().join() === [...b].sort().join();
  return a === b;
}

function keywordEvents(id: number, current: number[], wanted: number[] | undefined): ContentNodeEvent[] {
  if (!wanted) return [];
  const unique = [...new Set(wanted)];
  return [
    ...current
      .filter((k) => !unique.includes(k))
      .map((keywordId): ContentNodeEvent => ({ type: "ContentNodeKeywordUnlinked", data: { id, keywordId } })),
    ...unique
      .filter((k) => !current.includes(k))
      .map((keywordId): ContentNodeEvent => ({ type: "ContentNodeKeywordLinked", data: { id, keywordId } })),
  ];
}

function changeStatus(
  cmd: Extract<NodeCommand, { type: "ChangeStatus" }>["data"],
  node: ExistingNode,
): ContentNodeEvent[] {
  // An action the status does not offer (it would set the status the node has) changes nothing.
  if (!offersAction(node.status, cmd.action)) return [];
  const to = STATUS_AFTER_ACTION[cmd.action];
  const at = cmd.now.toISOString();
  if (cmd.action === "publish")
    return [{ type: "ContentNodePublished", data: { id: node.id, publishedAt: at, by: cmd.by } }];
  if (cmd.action === "archive")
    return [{ type: "ContentNodeArchived", data: { id: node.id, archivedAt: at, by: cmd.by } }];
  return [
    { type: "ContentNodeStatusChanged", data: { id: node.id, from: node.status, to, changedAt: at, by: cmd.by } },
  ];
}
