/** addresses: each account's address book, opened from the sealed events (ERASED once the person is). */
export interface AddressesTable {
  id: number;
  user_id: string;
  first_name: string;
  last_name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
  is_default: boolean;
}

export interface AddressesTables {
  addresses: AddressesTable;
}
