import { Router, type NextFunction, type Request, type Response } from "express";
import { ADDRESS_MESSAGES, AddressFields, AddressNotFoundError, LOGIN_REQUIRED, pathIdOf } from "@shop/shared";
import { listAddresses, sealPersonal } from "@shop/projections";
import { errorAnswer } from "../platform/http/error-answers.ts";
import { parseRequest } from "../platform/http/validate.ts";
import type { AddressCommand } from "./address-book.ts";
import { addAddress, runAddressCommand, type AddressBookDeps } from "./add-address.ts";

export type AddressesRouterDeps = AddressBookDeps;

const API = "/api/account/addresses/";

/** The address book is for a signed-in shopper only (storefront §6): 401 for a visitor. */
function requireUser(req: Request, res: Response, next: NextFunction) {
  if (req.user) return next();
  const refusal = errorAnswer("LOGIN_REQUIRED", LOGIN_REQUIRED);
  res.status(refusal.status).json(refusal.body);
}

/**
 * The signed-in shopper's address book: list, add, edit (REST), and the entries' form actions
 * remove and make-default. Each address is sealed with the shopper's key before it enters the log.
 */
export function makeAddressesRouter(deps: AddressesRouterDeps): Router {
  const router = Router();
  router.use([API, "/account/address/"], requireUser);

  const run = (req: Request, command: AddressCommand) => runAddressCommand(deps, req, command);

  /** The path's id, or not found: an id that cannot exist is no one's address. */
  const addressIdOf = (req: Request) => {
    const id = pathIdOf(req.params.id);
    if (id === null) throw new AddressNotFoundError();
    return id;
  };

  router.get(API, async (req, res) => {
    res.json({ metadata: { success: true }, items: await listAddresses(deps.db, req.user!.id) });
  });

  router.post(API, async (req, res) => {
    const fields = parseRequest(AddressFields, req.body);
    const addressId = await addAddress(deps, req, fields);
    res.json({ id: addressId, metadata: { success: true } });
  });

  router.put(`${API}:id/`, async (req, res) => {
    const addressId = addressIdOf(req);
    const fields = parseRequest(AddressFields, req.body);
    const address = await sealPersonal(deps.db, req.user!.id, fields);
    await run(req, { type: "EditAddress", data: { addressId, address } });
    res.json({ metadata: { success: true } });
  });

  router.post("/account/address/:id/remove/", async (req, res) => {
    await run(req, { type: "RemoveAddress", data: { addressId: addressIdOf(req) } });
    res.json({ metadata: { success: true, message: ADDRESS_MESSAGES.removed } });
  });

  router.post("/account/address/:id/make-default/", async (req, res) => {
    await run(req, { type: "MakeDefault", data: { addressId: addressIdOf(req) } });
    res.json({ metadata: { success: true, message: ADDRESS_MESSAGES.madeDefault } });
  });

  return router;
}
