import { describe, it } from "vitest";
import type { AdEvent } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { adDecider, decideAd, type AdCommand } from "./ad.ts";

const now = new Date("2026-11-23T12:00:00.000Z");
const by = { id: "u1", name: "Edna" };
const spec = deciderSpec(adDecider, (command: AdCommand, state) => decideAd(command, state, { now, by }));
const fields = {
  title: "Visit the Ark",
  linkUrl: "/visit/",
  imageUrl: "/ads/ad-1.svg",
  altText: "Visit the Ark Encounter",
  active: true,
  kind: "own" as const,
};
const added: AdEvent = { type: "AdAdded", data: { id: 7, ...fields, addedAt: now.toISOString(), by } };

describe("ad decider", () => {
  it("a new ad is added with every field", () =>
    spec
      .given([])
      .when({ type: "AddAd", data: { id: 7, ...fields } })
      .then([added]));

  it("an ad is added once: adding the same id again is refused", () =>
    spec
      .given([added])
      .when({ type: "AddAd", data: { id: 7, ...fields } })
      .thenThrows("AD_EXISTS"));

  it("a change says every field the ad now has", () =>
    spec
      .given([added])
      .when({ type: "ChangeAd", data: { ...fields, linkUrl: "https://answersingenesis.org/", active: false } })
      .then([
        {
          type: "AdChanged",
          data: {
            id: 7,
            ...fields,
            linkUrl: "https://answersingenesis.org/",
            active: false,
            changedAt: now.toISOString(),
            by,
          },
        },
      ]));

  it("a change that changes nothing appends nothing", () =>
    spec.given([added]).when({ type: "ChangeAd", data: fields }).then([]));

  it("an unknown ad cannot be changed", () =>
    spec.given([]).when({ type: "ChangeAd", data: fields }).thenThrows("AD_NOT_FOUND"));
});
