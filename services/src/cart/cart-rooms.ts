import { parse } from "cookie";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import type { Socket } from "socket.io";
import { userCartId } from "@shop/shared";
import { findSessionUser } from "@shop/projections";
import type { RoomJoining } from "../platform/feature.ts";
import { hashSessionId, SESSION_COOKIE } from "../platform/http/session-id.ts";
import { siteSecret } from "../platform/site-secrets.ts";
import { cartRoom } from "./cart-live-messages.ts";
import { CART_COOKIE, CART_COOKIE_SECRET, verifiedCartId } from "./cart-id.ts";

/**
 * A `/public` socket joins the room of the cart its cookies name: the visitor cookie's cart (only
 * when the cookie carries the server's signature, so no value a client makes up names a cart), and
 * the signed-in shopper's account cart, found through the session. So no other visitor learns when
 * a cart changes. A tab that signs in reconnects to join the account's room. At most two rooms,
 * chosen by the server: a client cannot ask for a cart room.
 */
export async function joinCartRooms(
  socket: Socket,
  deps: { db: Kysely<Database>; clock: () => Date; sessionSecret?: string; cartKey: () => Promise<Buffer> },
): Promise<void> {
  const header = socket.handshake.headers.cookie;
  const cookies = header ? parse(header) : {};
  const signed = cookies[CART_COOKIE];
  const visitorCart = signed ? verifiedCartId(signed, await deps.cartKey()) : null;
  if (visitorCart) socket.join(cartRoom(visitorCart));
  const sessionId = cookies[SESSION_COOKIE];
  if (!sessionId) return;
  const user = await findSessionUser(deps.db, hashSessionId(sessionId, deps.sessionSecret), deps.clock()).catch(
    () => null,
  );
  if (user) socket.join(cartRoom(userCartId(user.id)));
}

/** The live gateway's `/public` room joining for carts (through the feature list): the key is read once per gateway. */
export const cartRooms: RoomJoining = (deps) => {
  const cartKey = siteSecret(deps, CART_COOKIE_SECRET);
  return (socket) =>
    joinCartRooms(socket, { ...deps, cartKey }).catch((err) => deps.log.warn({ err }, "cart room not joined"));
};
