import { parse } from "cookie";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import type { Socket } from "socket.io";
import { userCartId } from "@shop/shared";
import { findSessionUser } from "@shop/projections";
import { hashSessionId, SESSION_COOKIE } from "../accounts/session-id.ts";
import { cartRoom } from "../cart/cart-live-messages.ts";
import { visitorCartIdOf } from "../cart/cart-id.ts";

/**
 * A `/public` socket joins the room of the cart its cookies name: the visitor cookie's cart, and
 * the signed-in shopper's account cart. Only a browser holding the cookie can join, so no other
 * visitor learns when a cart changes. A tab that signs in reconnects to join the account's room.
 */
export async function joinCartRooms(
  socket: Socket,
  deps: { db: Kysely<Database>; clock: () => Date; sessionSecret?: string },
): Promise<void> {
  const header = socket.handshake.headers.cookie;
  const visitorCart = visitorCartIdOf(header);
  if (visitorCart) socket.join(cartRoom(visitorCart));
  const sessionId = header ? parse(header)[SESSION_COOKIE] : undefined;
  if (!sessionId) return;
  const user = await findSessionUser(deps.db, hashSessionId(sessionId, deps.sessionSecret), deps.clock()).catch(
    () => null,
  );
  if (user) socket.join(cartRoom(userCartId(user.id)));
}
