import type { Socket } from "socket.io-client";
import { liveSocketOptions } from "@shop/shared/live/socket-options";

/**
 * Opens a socket.io connection to a namespace on this origin, or null on the server (a page rendered
 * there keeps nothing live). Each RTK Query cache entry owns its own connection (forceNew), so removing
 * one entry never closes another's. socket.io-client is loaded on first use: live updates start after the
 * page is shown, and its 13 kB gzip stay out of the page's initial JavaScript.
 */
export async function openSocketNamespace(namespace: string): Promise<Socket | null> {
  if (typeof window === "undefined") return null;
  const { io } = await import("socket.io-client");
  return io(namespace, { ...liveSocketOptions(), withCredentials: true, forceNew: true });
}
