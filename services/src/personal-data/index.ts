/**
 * Personal data in events: `sealPersonal(db, person, value)` before appending, `openPersonal(db,
 * sealed, schema)` when reading (null once erased). Checkout and orders seal names, addresses,
 * emails and phone numbers with the customer's user id as `person`.
 */
export { sealPersonal, openPersonal, deletePersonKey } from "@shop/projections";
export { Sealed, ERASED } from "@shop/shared";
