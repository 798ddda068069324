import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES, addressBookStream, LOGIN_REQUIRED } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const ann = signedInUser("ann@example.org", "Ann", { isStaff: false });
const bob = signedInUser("bob@example.org", "Bob", { isStaff: false });
const API = "/api/account/addresses/";
const home = {
  first_name: " Ann ",
  last_name: "Shopper ",
  street1: " 1 Main St ",
  street2: "",
  city: "Springfield",
  state: "IL",
  postal_code: " 62701 ",
  country: "United States",
  phone: "555-0100",
};
const work = { ...home, street1: "2 Office Park", postal_code: "62702" };
const listed = (extra: object) => ({
  first_name: "Ann",
  last_name: "Shopper",
  street1: "1 Main St",
  street2: "",
  city: "Springfield",
  state: "IL",
  postal_code: "62701",
  country: "United States",
  phone: "555-0100",
  ...extra,
});

describe("address book REST", () => {
  it("the address book requires a logged-in user (401 for a visitor)", () =>
    spec
      .given()
      .when((http) => http.visitor().get(API))
      .then(({ response }) => {
        expect(response.status).toBe(401);
        expect(response.json.metadata.errors).toEqual([`__all__: ${LOGIN_REQUIRED}`]);
      }));

  it("adding an address answers its id; fields are trimmed and the first address is the default", () =>
    spec
      .given(ann)
      .when(async (http) => {
        const added = await http.as(ann).post(API, home);
        expect(added.json).toEqual({ id: expect.any(Number), metadata: { success: true } });
        return http.as(ann).get(API);
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          items: [listed({ id: expect.any(Number), is_default: true })],
        });
        expect(newEvents.map((e) => e.type)).toEqual(["AddressAdded", "DefaultAddressChosen"]);
        expect(newEvents[0].streamId).toBe(addressBookStream(ann.id));
      }));

  it("the address is sealed in the log: no street, name or phone in clear", () =>
    spec
      .given(ann)
      .when((http) => http.as(ann).post(API, home))
      .then(({ newEvents }) => {
        expect(JSON.stringify(newEvents[0].data)).not.toMatch(/Main|Shopper|Springfield|555/);
        expect(newEvents[0].data).toMatchObject({ address: { person: ann.id, box: expect.stringMatching(/^v1\./) } });
      }));

  it("a new address needs first and last name, street1, city and postal code: 'This field is required.'", () =>
    spec
      .given(ann)
      .when((http) => http.as(ann).post(API, { country: "Canada", first_name: "  " }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          "first_name: This field is required.",
          "last_name: This field is required.",
          "street1: This field is required.",
          "city: This field is required.",
          "postal_code: This field is required.",
        ]);
        expect(newEvents).toEqual([]);
      }));

  it("a US address needs the state: 'This field is required.'; outside the US it may be blank", () =>
    spec
      .given(ann)
      .when(async (http) => {
        const abroad = await http.as(ann).post(API, { ...home, state: "", country: "Canada" });
        expect(abroad.json.metadata.success).toBe(true);
        return http.as(ann).post(API, { ...home, state: " ", country: "US" });
      })
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["state: This field is required."]);
      }));

  it("spec 7: a US address's state is a code of the dropdown: a name such as 'Kentucky' is refused, nothing written", () =>
    spec
      .given(ann)
      .when((http) => http.as(ann).post(API, { ...home, state: "Kentucky", country: "United States" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          "state: Select a valid choice. Kentucky is not one of the available choices.",
        ]);
        expect(newEvents).toEqual([]);
      }));

  it.each(["USA", "U.S.", "u.s.a.", "United States"])(
    "spec 7: '%s' is taken as the US: the state is required",
    (country) =>
      spec
        .given(ann)
        .when((http) => http.as(ann).post(API, { ...home, state: "", country }))
        .then(({ response }) => {
          expect(response.status).toBe(400);
          expect(response.json.metadata.errors).toEqual(["state: This field is required."]);
        }),
  );

  it("spec 7: a state code in any case is taken", () =>
    spec
      .given(ann)
      .when((http) => http.as(ann).post(API, { ...home, state: "ky", country: "USA" }))
      .then(({ response }) => expect(response.json.metadata.success).toBe(true)));

  it("editing an address answers metadata.success and the list shows the change", () =>
    spec
      .given(ann)
      .when(async (http) => {
        const { json } = await http.as(ann).post(API, home);
        const edited = await http.as(ann).request("PUT", `${API}${json.id}/`, { ...home, city: " Chicago " });
        expect(edited.json).toEqual({ metadata: { success: true } });
        return http.as(ann).get(API);
      })
      .then(({ response }) => expect(response.json.items[0].city).toBe("Chicago")));

  it("an edit that breaks a rule answers metadata.errors", () =>
    spec
      .given(ann)
      .when(async (http) => {
        const { json } = await http.as(ann).post(API, home);
        return http.as(ann).request("PUT", `${API}${json.id}/`, { ...home, city: "" });
      })
      .then(({ response }) => {
        expect(response.json.metadata).toMatchObject({ success: false, errors: ["city: This field is required."] });
      }));

  it("another shopper's address cannot be edited, removed or made default", () =>
    spec
      .given(ann, bob)
      .when(async (http) => {
        const { json } = await http.as(ann).post(API, home);
        const edit = await http.as(bob).request("PUT", `${API}${json.id}/`, home);
        const remove = await http.as(bob).post(`/account/address/${json.id}/remove/`);
        const makeDefault = await http.as(bob).post(`/account/address/${json.id}/make-default/`);
        expect([edit.status, remove.status, makeDefault.status]).toEqual([404, 404, 404]);
        expect(edit.json.metadata.success).toBe(false);
        return http.as(ann).get(API);
      })
      .then(({ response }) => expect(response.json.items).toHaveLength(1)));

  it(`removing an address answers '${ADDRESS_MESSAGES.removed}' and deleting the default promotes one`, () =>
    spec
      .given(ann)
      .when(async (http) => {
        const first = await http.as(ann).post(API, home);
        const second = await http.as(ann).post(API, work);
        const removed = await http.as(ann).post(`/account/address/${first.json.id}/remove/`);
        expect(removed.json).toEqual({ metadata: { success: true, message: ADDRESS_MESSAGES.removed } });
        const list = await http.as(ann).get(API);
        expect(list.json.items).toEqual([expect.objectContaining({ id: second.json.id, is_default: true })]);
        return list;
      })
      .then(({ newEvents }) =>
        expect(newEvents.map((e) => e.type).slice(-2)).toEqual(["AddressRemoved", "DefaultAddressChosen"]),
      ));

  it("make default moves the default to the chosen address", () =>
    spec
      .given(ann)
      .when(async (http) => {
        await http.as(ann).post(API, home);
        const second = await http.as(ann).post(API, work);
        const chosen = await http.as(ann).post(`/account/address/${second.json.id}/make-default/`);
        expect(chosen.json.metadata.success).toBe(true);
        return http.as(ann).get(API);
      })
      .then(({ response }) =>
        expect(response.json.items.map((a: { is_default: boolean }) => a.is_default)).toEqual([false, true]),
      ));
});
