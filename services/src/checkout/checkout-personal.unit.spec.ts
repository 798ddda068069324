import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openWithKey, type Database } from "@shop/projections";
import { sealDelivery } from "./checkout-personal.ts";

// Issue 28, point 3: the delivery step reads the payer's key once, to open the billing, and seals the
// delivery with that key rather than asking the database for it again.

/** A database any statement on fails: what is sealed here must need none. */
const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error("the database was asked");
    },
  },
) as Kysely<Database>;

describe("sealing the checkout's delivery", () => {
  it("spec 28.3 with the key the billing was opened with: no statement, and the key opens it", async () => {
    const key = randomBytes(32);
    const delivery = { shipping: null, digitalEmail: "noah@example.org" };
    const sealed = await sealDelivery(noDatabase, "person-1", delivery, key);
    expect(sealed).toMatchObject({ person: "person-1" });
    expect(openWithKey(key, (sealed as { box: string }).box)).toEqual(delivery);
  });
});
