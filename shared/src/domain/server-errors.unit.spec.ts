import { describe, expect, it } from "vitest";
import { attachServerErrors, candidateFieldIds, formatFieldErrors, parseServerErrors } from "./server-errors.ts";

describe("server field errors arrive as 'field: message' lines", () => {
  it.each([
    ["a field line attaches to that field", ["email: Enter a valid email."], { email: ["Enter a valid email."] }, []],
    ["'__all__' lines are form-wide", ["__all__: Card declined."], {}, ["Card declined."]],
    ["a line without a field is form-wide", ["Something went wrong"], {}, ["Something went wrong"]],
    ["only the first separator splits", ["time: Use hh: mm"], { time: ["Use hh: mm"] }, []],
    [
      "several messages for a field are kept in order, without duplicates",
      ["state: Required.", "state: Too long.", "state: Required."],
      { state: ["Required.", "Too long."] },
      [],
    ],
    ["blank lines are ignored", ["", "name: "], {}, []],
  ])("%s", (_rule, lines, fieldErrors, formErrors) => {
    expect(parseServerErrors(lines)).toEqual({ fieldErrors, formErrors });
  });
});

describe("the server writes field errors as 'field: message' lines for metadata.errors", () => {
  it("each message becomes one line, and parsing the lines gives the errors back", () => {
    const errors = { email: ["Required.", "Too long."], __all__: ["Try again."] };
    const lines = formatFieldErrors(errors);
    expect(lines).toEqual(["email: Required.", "email: Too long.", "__all__: Try again."]);
    expect(parseServerErrors(lines)).toEqual({
      fieldErrors: { email: ["Required.", "Too long."] },
      formErrors: ["Try again."],
    });
  });
});

describe("a field error is attached to id_{field}, then the state dropdown, then the '_2' clones", () => {
  it.each([
    ["state", ["id_state", "id_state_select", "id_state_2", "id_state_select_2"]],
    ["ship_city", ["id_ship_city", "id_ship_city_select", "id_ship_city_2", "id_ship_city_select_2"]],
  ])("%s", (field, ids) => {
    expect(candidateFieldIds(field)).toEqual(ids);
  });
});

describe("attaching server errors to a form's elements", () => {
  it("back office 7: each field error goes to id_{field}, else the state dropdown, else a '_2' clone; the rest are form-wide", () => {
    const shipping = new Set(["id_name", "id_state_select", "id_zip_2"]);
    const lines = [
      "name: Required.",
      "state: Pick a state.",
      "zip: Bad zip.",
      "colour: Unknown.",
      "__all__: Try again.",
      "name: Required.",
    ];
    expect(attachServerErrors(lines, (id) => shipping.has(id))).toEqual({
      byElementId: { id_name: ["Required."], id_state_select: ["Pick a state."], id_zip_2: ["Bad zip."] },
      formErrors: ["Try again.", "colour: Unknown."],
    });
  });
});
