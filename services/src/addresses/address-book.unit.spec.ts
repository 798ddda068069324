import { describe, it } from "vitest";
import type { AddressEvent, Sealed } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { addressBookDecider, decideAddressBook, type AddressCommand } from "./address-book.ts";

const spec = deciderSpec(addressBookDecider, (command: AddressCommand, state) =>
  decideAddressBook(command, state, "u1"),
);
const box = (n: number): Sealed => ({ person: "u1", box: `v1.box${n}` });
const added = (addressId: number): AddressEvent => ({
  type: "AddressAdded",
  data: { userId: "u1", addressId, address: box(addressId) },
});
const chosen = (addressId: number): AddressEvent => ({
  type: "DefaultAddressChosen",
  data: { userId: "u1", addressId },
});
const removed = (addressId: number): AddressEvent => ({ type: "AddressRemoved", data: { userId: "u1", addressId } });

describe("address book rules", () => {
  it("the first address is the default", () =>
    spec
      .given([])
      .when({ type: "AddAddress", data: { userId: "u1", addressId: 7, address: box(7) } })
      .then([added(7), chosen(7)]));

  it("a second address is added without changing the default", () =>
    spec
      .given([added(7), chosen(7)])
      .when({ type: "AddAddress", data: { userId: "u1", addressId: 8, address: box(8) } })
      .then([added(8)]));

  it("deleting the default promotes the oldest address that remains", () =>
    spec
      .given([added(7), chosen(7), added(8), added(9)])
      .when({ type: "RemoveAddress", data: { addressId: 7 } })
      .then([removed(7), chosen(8)]));

  it("deleting an address that is not the default keeps the default", () =>
    spec
      .given([added(7), chosen(7), added(8)])
      .when({ type: "RemoveAddress", data: { addressId: 8 } })
      .then([removed(8)]));

  it("deleting the last address leaves no default", () =>
    spec
      .given([added(7), chosen(7)])
      .when({ type: "RemoveAddress", data: { addressId: 7 } })
      .then([removed(7)]));

  it("after the last address is deleted, the next one added is the default", () =>
    spec
      .given([added(7), chosen(7), removed(7)])
      .when({ type: "AddAddress", data: { userId: "u1", addressId: 8, address: box(8) } })
      .then([added(8), chosen(8)]));

  it("make default chooses the address", () =>
    spec
      .given([added(7), chosen(7), added(8)])
      .when({ type: "MakeDefault", data: { addressId: 8 } })
      .then([chosen(8)]));

  it("make default on the default changes nothing", () =>
    spec
      .given([added(7), chosen(7)])
      .when({ type: "MakeDefault", data: { addressId: 7 } })
      .then([]));

  it("an edit records the new sealed fields", () =>
    spec
      .given([added(7), chosen(7)])
      .when({ type: "EditAddress", data: { addressId: 7, address: box(70) } })
      .then([{ type: "AddressEdited", data: { userId: "u1", addressId: 7, address: box(70) } }]));

  for (const command of [
    { type: "EditAddress", data: { addressId: 9, address: box(9) } },
    { type: "RemoveAddress", data: { addressId: 9 } },
    { type: "MakeDefault", data: { addressId: 9 } },
  ] as const)
    it(`${command.type} of an address not in the book is refused (ADDRESS_NOT_FOUND)`, () =>
      spec
        .given([added(7), chosen(7)])
        .when(command)
        .thenThrows("ADDRESS_NOT_FOUND"));

  it("a removed address cannot be removed again", () =>
    spec
      .given([added(7), chosen(7), added(8), removed(8)])
      .when({ type: "RemoveAddress", data: { addressId: 8 } })
      .thenThrows("ADDRESS_NOT_FOUND"));
});
