import { describe, expect, it } from "vitest";
import { isPickerSearchBody, toIdList, toNameList } from "./api.ts";

describe("picker ids and names", () => {
  it("ids come as a JSON array, a comma list or an array; non-numeric ids are ignored", () => {
    expect(toIdList("[1,2]")).toEqual([1, 2]);
    expect(toIdList('[3,"4","x",null,1.5,-2,0]')).toEqual([3, 4]);
    expect(toIdList("5, 6,abc")).toEqual([5, 6]);
    expect(toIdList([7, "8", "[9,10]", {}])).toEqual([7, 8, 9, 10]);
    expect(toIdList("not json")).toEqual([]);
    expect(toIdList(undefined)).toEqual([]);
  });

  it("repeated ids count once", () => {
    expect(toIdList("[1,1,'1']")).toEqual([1]);
  });

  it("__include names come as a JSON array or a comma list", () => {
    expect(toNameList('["parent","format"]')).toEqual(["parent", "format"]);
    expect(toNameList("[parent, format]")).toEqual(["parent", "format"]);
    expect(toNameList("")).toEqual([]);
  });

  it("a POST body is a picker search when it has query, OR, count or exclude", () => {
    expect(isPickerSearchBody({ query: "ark" })).toBe(true);
    expect(isPickerSearchBody({ count: 10 })).toBe(true);
    expect(isPickerSearchBody({ name: "New page", slug: "new-page" })).toBe(false);
    expect(isPickerSearchBody(null)).toBe(false);
  });
});
