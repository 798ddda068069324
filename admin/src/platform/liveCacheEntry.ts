import { openSocketNamespace, type SocketHandle } from "./socketNamespace";

/** The parts of RTK Query's `onCacheEntryAdded` lifecycle a live entry needs. */
type Lifecycle<T> = { cacheDataLoaded: Promise<{ data: T }>; cacheEntryRemoved: Promise<unknown> };

type Options<T> = {
  /** Adds the entry's push listeners (`socket.on(...)`), given the first data loaded. */
  listen?(socket: SocketHandle, data: T): void;
  /**
   * Pushes sent while the socket was away are lost (DESIGN §7): this runs after a reconnect, and
   * after a socket the server had closed is opened again. Usually a refetch of the entry.
   */
  onReconnect?(): void;
  /** A record whose room the entry joins on every (re)connect (rooms go with the connection) and leaves at its end. */
  room?: { app: string; model: string; id: number };
  /** Whether the first data is worth keeping live (e.g. only a staff user's session). */
  when?(data: T): boolean;
};

/**
 * Keeps an RTK Query cache entry live over the /admin socket ("Streaming Updates"): once the entry
 * has loaded, its listeners go on the tab's shared socket; when the entry is removed they come off
 * (and the last handle disconnects). An entry removed before it ever loaded listens to nothing.
 * Use it as `onCacheEntryAdded: (arg, api) => liveCacheEntry(api, {...})`.
 */
export async function liveCacheEntry<T>(
  { cacheDataLoaded, cacheEntryRemoved }: Lifecycle<T>,
  options: Options<T>,
): Promise<void> {
  let data: T;
  try {
    ({ data } = await cacheDataLoaded);
  } catch {
    return;
  }
  if (options.when && !options.when(data)) return;
  const { listen, onReconnect, room } = options;
  const socket = openSocketNamespace("/admin");
  if (room) {
    // The room is joined on 'connect', so a reconnect (or a reopened socket) is seen there too.
    let connectedBefore = false;
    socket.on("connect", () => {
      socket.emit("record:watch", room);
      if (connectedBefore) onReconnect?.();
      connectedBefore = true;
    });
  } else if (onReconnect) {
    socket.io.on("reconnect", onReconnect);
  }
  listen?.(socket, data);
  await cacheEntryRemoved;
  if (room && socket.connected) socket.emit("record:unwatch", room);
  socket.close();
}
