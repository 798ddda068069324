/** The one postal address the order specs place orders with (billing and shipping alike). */
export const ORDER_ADDRESS = {
  first_name: "Ann",
  last_name: "Buyer",
  street1: "1 Main St",
  street2: "",
  city: "Hebron",
  state: "KY",
  postal_code: "41048",
  country: "US",
};
