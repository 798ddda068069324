import { AddressNotFoundError, addressEvents, type AddressEvent, type Sealed } from "@shop/shared";

/** One account's address book as its stream folds it: which addresses exist (oldest first) and the default. */
export interface AddressBook {
  userId: string | null;
  ids: number[];
  defaultId: number | null;
}

export type AddressCommand =
  | { type: "AddAddress"; data: { userId: string; addressId: number; address: Sealed } }
  | { type: "EditAddress"; data: { addressId: number; address: Sealed } }
  | { type: "RemoveAddress"; data: { addressId: number } }
  | { type: "MakeDefault"; data: { addressId: number } };

export const initialAddressBook = (): AddressBook => ({ userId: null, ids: [], defaultId: null });

export function evolveAddressBook(state: AddressBook, event: AddressEvent): AddressBook {
  switch (event.type) {
    case "AddressAdded":
      return { ...state, userId: event.data.userId, ids: [...state.ids, event.data.addressId] };
    case "AddressEdited":
      return state;
    case "AddressRemoved": {
      const ids = state.ids.filter((id) => id !== event.data.addressId);
      return { ...state, ids, defaultId: state.defaultId === event.data.addressId ? null : state.defaultId };
    }
    case "DefaultAddressChosen":
      return { ...state, defaultId: event.data.addressId };
    default:
      event satisfies never;
      return state;
  }
}

/**
 * Pure. The first address is the default; removing the default promotes the oldest that remains;
 * an address not in this book (another account's, removed) is not found.
 */
export function decideAddressBook(command: AddressCommand, state: AddressBook, userId: string): AddressEvent[] {
  switch (command.type) {
    case "AddAddress": {
      const { addressId, address } = command.data;
      const added: AddressEvent = { type: "AddressAdded", data: { userId, addressId, address } };
      return state.defaultId === null
        ? [added, { type: "DefaultAddressChosen", data: { userId, addressId } }]
        : [added];
    }
    case "EditAddress": {
      const { addressId, address } = command.data;
      if (!state.ids.includes(addressId)) throw new AddressNotFoundError();
      return [{ type: "AddressEdited", data: { userId, addressId, address } }];
    }
    case "RemoveAddress": {
      const { addressId } = command.data;
      if (!state.ids.includes(addressId)) throw new AddressNotFoundError();
      const removed: AddressEvent = { type: "AddressRemoved", data: { userId, addressId } };
      const next = state.ids.find((id) => id !== addressId);
      return state.defaultId === addressId && next !== undefined
        ? [removed, { type: "DefaultAddressChosen", data: { userId, addressId: next } }]
        : [removed];
    }
    case "MakeDefault": {
      const { addressId } = command.data;
      if (!state.ids.includes(addressId)) throw new AddressNotFoundError();
      return state.defaultId === addressId ? [] : [{ type: "DefaultAddressChosen", data: { userId, addressId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const addressBookDecider = {
  initialState: initialAddressBook,
  events: addressEvents,
  evolve: evolveAddressBook,
};
