import { openSocketNamespace } from './socketNamespace';

/** What the pushes of a node's room (`node:keywords`, `node:contributors`) have in common. */
type NodeRoomPush = { id: number; model: string };

type Options<P extends NodeRoomPush> = {
  nodeId: number;
  /** The push that says this part of the node changed. */
  push: 'node:keywords' | 'node:contributors';
  /** Fetches the cache entry again. */
  refetch(): void;
  /** Applied before the refetch, so the change shows at once (e.g. a removed row goes). */
  patch?(push: P): void;
  /** The cache entry's end (`cacheEntryRemoved`): the room is left then. */
  until: Promise<unknown>;
};

/**
 * Keeps a cache entry of one part of a content node (its keywords, its contributors) in the node's
 * record room for as long as the entry lives, and refetches on the room's push for that part.
 * Rooms are lost with the connection, so the watch is sent again on every (re)connect; pushes sent
 * while away are gone too, so a reconnect refetches.
 */
export async function watchNodeRoom<P extends NodeRoomPush>({ nodeId, push, refetch, patch, until }: Options<P>): Promise<void> {
  const socket = openSocketNamespace('/admin');
  const record = { app: 'content', model: 'contentnode', id: nodeId };
  let connectedBefore = false;
  socket.on('connect', () => {
    socket.emit('record:watch', record);
    if (connectedBefore) refetch();
    connectedBefore = true;
  });
  socket.on(push, (message: P) => {
    if (message.model !== 'contentnode' || message.id !== nodeId) return;
    patch?.(message);
    refetch();
  });
  await until;
  if (socket.connected) socket.emit('record:unwatch', record);
  socket.close();
}
