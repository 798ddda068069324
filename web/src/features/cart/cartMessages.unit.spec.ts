import { describe, expect, it } from "vitest";
import {
  cartPushHandler,
  couponCodes,
  DONATION_ADDED,
  DONATION_ADJUSTED,
  DONATION_REMOVED,
  donationMessage,
  latestOnly,
} from "./cartMessages";
import { itemCountText } from "./MiniCart";
import { toQuantity } from "./money";

describe("cart rules of the screens", () => {
  it("coupon codes are upper-cased and trimmed; an empty code is ignored", () => {
    expect(couponCodes("  save10 ")).toEqual(["SAVE10"]);
    expect(couponCodes("   ")).toEqual([]);
  });

  it("quantity is converted to an integer; non-numbers count as 0", () => {
    expect(toQuantity("3")).toBe(3);
    expect(toQuantity("2.7")).toBe(2);
    expect(toQuantity("abc")).toBe(0);
  });

  it("stale cart responses are ignored unless they answer the latest request", () => {
    const requests = latestOnly();
    const first = requests.ticket();
    const second = requests.ticket();
    expect(requests.isLatest(first)).toBe(false);
    expect(requests.isLatest(second)).toBe(true);
  });

  it("a donation says added, adjusted or removed", () => {
    expect(donationMessage(0, 25)).toBe(DONATION_ADDED);
    expect(donationMessage(25, 50)).toBe(DONATION_ADJUSTED);
    expect(donationMessage(25, 0)).toBe(DONATION_REMOVED);
    expect(donationMessage(25, 25)).toBeNull();
  });

  it("spec 26.5: the mini cart counts goods only, '(1 item)' or '(N items)'; gifts are named apart", () => {
    const item = (quantity: number, user_defined_price = false) => ({
      sku_code: "X",
      title: "X",
      quantity,
      user_defined_price,
      url: null,
      image: null,
    });
    expect(itemCountText([item(1)])).toBe("(1 item)");
    expect(itemCountText([item(2), item(50, true)])).toBe("(2 items, 1 gift)");
    expect(itemCountText([item(1), item(25, true), item(50, true)])).toBe("(1 item, 2 gifts)");
    expect(itemCountText([item(25, true), item(50, true)])).toBe("(2 gifts)");
  });
});

describe("the cart's pushes", () => {
  const tab = (held: { order?: { version?: number } } | undefined) => {
    let refetches = 0;
    const onPush = cartPushHandler(
      () => held,
      () => refetches++,
    );
    return { onPush, refetches: () => refetches };
  };

  it("a pushed cart whose version is not newer than the one held is skipped", () => {
    const { onPush, refetches } = tab({ order: { version: 5 } });
    onPush({ version: 5 });
    onPush({ version: 3 });
    expect(refetches()).toBe(0);
  });

  it("a pushed cart with a newer version is fetched", () => {
    const { onPush, refetches } = tab({ order: { version: 5 } });
    onPush({ version: 6 });
    expect(refetches()).toBe(1);
  });

  it("with no cart held yet, or a push without a version, the tab fetches", () => {
    const empty = tab(undefined);
    empty.onPush({ version: 0 });
    expect(empty.refetches()).toBe(1);
    const held = tab({ order: { version: 2 } });
    held.onPush(undefined);
    expect(held.refetches()).toBe(1);
  });
});
