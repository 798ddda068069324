import { describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES, type NewsletterSubscriberEvent } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideNewsletterList, newsletterListDecider, type NewsletterListCommand } from "./newsletter-list.ts";
import { decideSubscriber, subscriberDecider, type SubscriberCommand } from "./subscriber.ts";
import { csvCell, subscribersCsv } from "./subscribers-csv.ts";

const now = new Date("2026-11-23T12:00:00.000Z");
const at = now.toISOString();
const spec = deciderSpec(subscriberDecider, (command: SubscriberCommand, state) =>
  decideSubscriber(command, state, now),
);
const weekly = { id: 1, requiresPostalCode: false };
const events = { id: 3, requiresPostalCode: true };
const signup = (lists: Array<{ id: number; requiresPostalCode: boolean }>, postalCode = ""): SubscriberCommand => ({
  type: "RequestSignup",
  data: { email: "ann@example.org", lists, postalCode, confirmToken: "c1", unsubscribeToken: "u1" },
});
const requested: NewsletterSubscriberEvent = {
  type: "NewsletterSignupRequested",
  data: {
    email: "ann@example.org",
    listIds: [1],
    postalCode: "",
    confirmToken: "c1",
    unsubscribeToken: "u1",
    requestedAt: at,
  },
};
const confirmed: NewsletterSubscriberEvent = {
  type: "NewsletterSignupConfirmed",
  data: { email: "ann@example.org", listIds: [1], postalCode: "", confirmedAt: at },
};
const evolveAll = (history: NewsletterSubscriberEvent[]) =>
  history.reduce(subscriberDecider.evolve, subscriberDecider.initialState());
const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return null;
};

describe("newsletter subscriber decider (§5 Newsletter, double opt-in)", () => {
  it("'You must select at least one of our newsletters.' when no list is chosen", () => {
    spec.given([]).when(signup([])).thenThrows("NEWSLETTER_FORM_INVALID");
    expect(messageOf(() => decideSubscriber(signup([]), subscriberDecider.initialState(), now))).toBe(
      "You must select at least one of our newsletters.",
    );
  });

  it("'Postal code is required to receive event emails.' when the events list is chosen without one", () => {
    spec
      .given([])
      .when(signup([weekly, events], "  "))
      .thenThrows("NEWSLETTER_FORM_INVALID");
    expect(messageOf(() => decideSubscriber(signup([events]), subscriberDecider.initialState(), now))).toBe(
      "Postal code is required to receive event emails.",
    );
  });

  it("the events list with a postal code is requested, waiting for the confirmation link", () =>
    spec
      .given([])
      .when(signup([events, weekly], " 41005 "))
      .then([{ ...requested, data: { ...requested.data, listIds: [1, 3], postalCode: "41005" } }]));

  it("a sign-up to lists already confirmed appends nothing (the thanks panel)", () =>
    spec
      .given([requested, confirmed])
      .when(signup([weekly]))
      .then([]));

  it("security 8: a sign-up while the last link mailed is younger than the window appends nothing; later, a new one", () => {
    const command = signup([weekly]);
    const withWindow = { ...command, data: { ...command.data, mailEveryMs: 3_600_000 } } as SubscriberCommand;
    const at59 = new Date(now.getTime() + 59 * 60_000);
    const at60 = new Date(now.getTime() + 60 * 60_000);
    expect(decideSubscriber(withWindow, evolveAll([requested]), at59)).toEqual([]);
    expect(decideSubscriber(withWindow, evolveAll([requested]), at60)).toEqual([
      { ...requested, data: { ...requested.data, requestedAt: at60.toISOString() } },
    ]);
  });

  it("a second sign-up keeps the address's unsubscribe token, so older mails' links still work", () =>
    spec
      .given([requested, confirmed])
      .when({
        type: "RequestSignup",
        data: {
          email: "ann@example.org",
          lists: [events],
          postalCode: "1",
          confirmToken: "c2",
          unsubscribeToken: "u9",
        },
      })
      .then([
        {
          type: "NewsletterSignupRequested",
          data: { ...requested.data, listIds: [3], postalCode: "1", confirmToken: "c2", unsubscribeToken: "u1" },
        },
      ]));

  it("the confirmation link confirms the pending lists", () =>
    spec
      .given([requested])
      .when({ type: "ConfirmSignup", data: { token: "c1" } })
      .then([confirmed]));

  it("a confirmation link with another token, or used twice, is refused", () => {
    spec
      .given([requested])
      .when({ type: "ConfirmSignup", data: { token: "nope" } })
      .thenThrows("NEWSLETTER_LINK_INVALID");
    spec
      .given([requested, confirmed])
      .when({ type: "ConfirmSignup", data: { token: "c1" } })
      .thenThrows("NEWSLETTER_LINK_INVALID");
  });

  it("the unsubscribe link leaves every list; a second click appends nothing", () => {
    const unsubscribed: NewsletterSubscriberEvent = {
      type: "NewsletterUnsubscribed",
      data: { email: "ann@example.org", unsubscribedAt: at },
    };
    spec
      .given([requested, confirmed])
      .when({ type: "Unsubscribe", data: { token: "u1" } })
      .then([unsubscribed]);
    spec
      .given([requested, confirmed, unsubscribed])
      .when({ type: "Unsubscribe", data: { token: "u1" } })
      .then([]);
    spec
      .given([requested])
      .when({ type: "Unsubscribe", data: { token: "x" } })
      .thenThrows("NEWSLETTER_LINK_INVALID");
  });

  it("the UK signup adds the address once", () => {
    const uk: NewsletterSubscriberEvent = {
      type: "UkEmailSignedUp",
      data: { email: "bo@example.org", unsubscribeToken: "u2", signedUpAt: at },
    };
    spec
      .given([])
      .when({ type: "UkSignup", data: { email: "bo@example.org", unsubscribeToken: "u2" } })
      .then([uk]);
    spec
      .given([uk])
      .when({ type: "UkSignup", data: { email: "bo@example.org", unsubscribeToken: "u3" } })
      .then([]);
  });

  it("the UK failure text is the spec's", () =>
    expect(NEWSLETTER_MESSAGES.ukFailure).toBe(
      "The email address could not be added to the list. Please refresh your page and try again.",
    ));
});

describe("newsletter list decider", () => {
  const by = { id: "u1", name: "Edna" };
  const listSpec = deciderSpec(newsletterListDecider, (command: NewsletterListCommand, state) =>
    decideNewsletterList(command, state, { now, by }),
  );
  const fields = { slug: "events", name: "Events", description: "", requiresPostalCode: true, active: true };

  it("a list is added once; a change that changes nothing appends nothing", () => {
    const added = { type: "NewsletterListAdded" as const, data: { id: 3, ...fields, addedAt: at, by } };
    listSpec
      .given([])
      .when({ type: "AddNewsletterList", data: { id: 3, ...fields } })
      .then([added]);
    listSpec
      .given([added])
      .when({ type: "AddNewsletterList", data: { id: 3, ...fields } })
      .thenThrows("NEWSLETTER_LIST_EXISTS");
    listSpec.given([added]).when({ type: "ChangeNewsletterList", data: fields }).then([]);
  });

  it("an unknown list cannot be changed", () =>
    listSpec.given([]).when({ type: "ChangeNewsletterList", data: fields }).thenThrows("NEWSLETTER_LIST_NOT_FOUND"));
});

describe("subscribers CSV", () => {
  it("quotes commas and quotes, and defuses a cell a spreadsheet would run as a formula", () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(
      subscribersCsv([
        {
          email: "ann@example.org",
          status: "confirmed",
          lists: "Events, Weekly",
          postal_code: "41005",
          requested_at: at,
          confirmed_at: null,
        },
      ]),
    ).toBe(
      `email,status,lists,postal_code,requested_at,confirmed_at\r\nann@example.org,confirmed,"Events, Weekly",41005,${at},\r\n`,
    );
  });
});
