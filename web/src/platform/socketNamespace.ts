import { io, type Socket } from "socket.io-client";

/**
 * Opens a socket.io connection to a namespace on this origin. Each RTK Query cache
 * entry owns its own connection (forceNew), so removing one entry never closes another's.
 */
export function openSocketNamespace(namespace: string): Socket {
  return io(namespace, { withCredentials: true, forceNew: true });
}
