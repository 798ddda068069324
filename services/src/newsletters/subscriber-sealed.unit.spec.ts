import { describe, it } from "vitest";
import type { NewsletterSubscriberEvent, Sealed } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideSubscriber, subscriberDecider, type SubscriberCommand } from "./subscriber.ts";

const now = new Date("2026-11-28T12:00:00.000Z");
const at = now.toISOString();
const spec = deciderSpec(subscriberDecider, (command: SubscriberCommand, state) =>
  decideSubscriber(command, state, now),
);
const events = { id: 3, requiresPostalCode: true };
const annBox: Sealed = { person: "guest-ann", box: "v1.ann" };
const signup = (sealed: Sealed, confirmToken = "c1", unsubscribeToken = "u1"): SubscriberCommand => ({
  type: "RequestSignup",
  data: { email: "ann@example.org", lists: [events], postalCode: " 41005 ", confirmToken, unsubscribeToken, sealed },
});
const requested: NewsletterSubscriberEvent = {
  type: "NewsletterSignupRequested",
  data: {
    email: "",
    listIds: [3],
    postalCode: "",
    confirmToken: "c1",
    unsubscribeToken: "u1",
    requestedAt: at,
    sealed: annBox,
  },
};
const confirmed: NewsletterSubscriberEvent = {
  type: "NewsletterSignupConfirmed",
  data: { email: "", listIds: [3], postalCode: "", confirmedAt: at, sealed: annBox },
};

describe("newsletter subscriber decider, with the address sealed (security 15)", () => {
  it("security 15: a sealed sign-up writes no address or postal code, only the box (the postal code still checked)", () => {
    spec.given([]).when(signup(annBox)).then([requested]);
    spec
      .given([])
      .when({ ...signup(annBox), data: { ...signup(annBox).data, postalCode: " " } } as SubscriberCommand)
      .thenThrows("NEWSLETTER_FORM_INVALID");
  });

  it("security 15: the confirmation and the unsubscribe carry the sign-up's box, never the address", () => {
    spec
      .given([requested])
      .when({ type: "ConfirmSignup", data: { token: "c1" } })
      .then([confirmed]);
    spec
      .given([requested, confirmed])
      .when({ type: "Unsubscribe", data: { token: "u1" } })
      .then([{ type: "NewsletterUnsubscribed", data: { email: "", unsubscribedAt: at, sealed: annBox } }]);
  });

  it("security 15: a subscription sealed with an erased person's key counts for nothing: the address starts anew", () => {
    const anew: Sealed = { person: "guest-ann-again", box: "v1.again" };
    spec
      .given([requested, confirmed])
      .when(signup(anew, "c2", "u2"))
      .then([
        {
          type: "NewsletterSignupRequested",
          data: { ...requested.data, confirmToken: "c2", unsubscribeToken: "u2", sealed: anew },
        },
      ]);
    spec
      .given([requested, confirmed])
      .when({ type: "UkSignup", data: { email: "ann@example.org", unsubscribeToken: "u2", sealed: anew } })
      .then([{ type: "UkEmailSignedUp", data: { email: "", unsubscribeToken: "u2", signedUpAt: at, sealed: anew } }]);
  });
});
