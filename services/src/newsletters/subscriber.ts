import {
  NewsletterFormInvalidError,
  NewsletterLinkInvalidError,
  newsletterSubscriberEvents,
  type NewsletterSubscriberEvent,
  type Sealed,
} from "@shop/shared";

/** One address's subscription: what it confirmed, what waits for the link in the mail. */
export interface Subscriber {
  /** Null before the first sign-up; "" when the events seal it (then `sealed` holds it). */
  email: string | null;
  /** The latest `{ email, postalCode }` box, and whose key sealed it (events since the keyed hash). */
  sealed: Sealed | null;
  confirmedListIds: number[];
  /** The lists waiting for the mailed link, and when that mail was asked for. */
  pending: { token: string; listIds: number[]; postalCode: string; sealed: Sealed | null; requestedAt: string } | null;
  unsubscribeToken: string | null;
  uk: boolean;
}

/** A list as the decider needs it: the one the shopper ticked, as it stands now. */
export interface ChosenList {
  id: number;
  requiresPostalCode: boolean;
}

export type SubscriberCommand =
  | {
      type: "RequestSignup";
      data: {
        email: string;
        lists: ChosenList[];
        postalCode: string;
        confirmToken: string;
        unsubscribeToken: string;
        /** `{ email, postalCode }` sealed with the address's person key: the events carry it instead. */
        sealed?: Sealed;
        /** A link mailed less than this ago is not mailed again (nor replaced): one mail per address per window. */
        mailEveryMs?: number;
      };
    }
  | { type: "ConfirmSignup"; data: { token: string } }
  | { type: "Unsubscribe"; data: { token: string } }
  | { type: "UkSignup"; data: { email: string; unsubscribeToken: string; sealed?: Sealed } };

export const subscriberDecider = {
  initialState: (): Subscriber => ({
    email: null,
    sealed: null,
    confirmedListIds: [],
    pending: null,
    unsubscribeToken: null,
    uk: false,
  }),
  events: newsletterSubscriberEvents,
  evolve(state: Subscriber, event: NewsletterSubscriberEvent): Subscriber {
    switch (event.type) {
      case "NewsletterSignupRequested":
        return {
          ...state,
          email: event.data.email,
          sealed: event.data.sealed ?? null,
          pending: {
            token: event.data.confirmToken,
            listIds: event.data.listIds,
            postalCode: event.data.postalCode,
            sealed: event.data.sealed ?? null,
            requestedAt: event.data.requestedAt,
          },
          unsubscribeToken: event.data.unsubscribeToken,
        };
      case "NewsletterSignupConfirmed":
        return {
          ...state,
          confirmedListIds: [...new Set([...state.confirmedListIds, ...event.data.listIds])].sort((a, b) => a - b),
          pending: null,
        };
      case "NewsletterUnsubscribed":
        return { ...state, confirmedListIds: [], pending: null, uk: false };
      case "UkEmailSignedUp":
        return {
          ...state,
          email: event.data.email,
          sealed: event.data.sealed ?? state.sealed,
          uk: true,
          unsubscribeToken: event.data.unsubscribeToken,
        };
    }
  },
};

/** §5 Newsletter's form rules, also checked before anything is sealed for the address (nothing written on a refusal). */
export function checkSignupForm(lists: readonly ChosenList[], postalCode: string): void {
  if (lists.length === 0) throw NewsletterFormInvalidError.noList();
  if (lists.some((l) => l.requiresPostalCode) && postalCode.trim() === "")
    throw NewsletterFormInvalidError.postalCodeRequired();
}

/**
 * Pure. §5 Newsletter: at least one list; a postal code when a list that needs one (the events list)
 * is chosen. Double opt-in: a sign-up asking only for lists already confirmed appends nothing, nor
 * does one made while the last link mailed is younger than `mailEveryMs` (that link keeps working);
 * otherwise it waits for the link in the mail. The form answers needs-finished either way. The
 * unsubscribe token stays the same for the address, so every mail's link keeps working. The address
 * and postal code go into the events sealed when the command brings a box; a subscription sealed with
 * another person's key (an erased one: the address has a new person since) counts for nothing.
 */
export function decideSubscriber(
  command: SubscriberCommand,
  current: Subscriber,
  now: Date,
): NewsletterSubscriberEvent[] {
  const at = now.toISOString();
  const box = "sealed" in command.data ? command.data.sealed : undefined;
  const state =
    box && current.sealed && current.sealed.person !== box.person ? subscriberDecider.initialState() : current;
  const personal = (email: string, postalCode: string) =>
    box ? { email: "", postalCode: "", sealed: box } : { email, postalCode };
  switch (command.type) {
    case "RequestSignup": {
      const { email, lists, postalCode } = command.data;
      checkSignupForm(lists, postalCode);
      const listIds = [...new Set(lists.map((l) => l.id))].sort((a, b) => a - b);
      if (listIds.every((id) => state.confirmedListIds.includes(id))) return [];
      const { mailEveryMs = 0 } = command.data;
      if (state.pending && now.getTime() - Date.parse(state.pending.requestedAt) < mailEveryMs) return [];
      return [
        {
          type: "NewsletterSignupRequested",
          data: {
            ...personal(email, postalCode.trim()),
            listIds,
            confirmToken: command.data.confirmToken,
            unsubscribeToken: state.unsubscribeToken ?? command.data.unsubscribeToken,
            requestedAt: at,
          },
        },
      ];
    }
    case "ConfirmSignup": {
      const pending = state.pending;
      if (!pending || pending.token !== command.data.token || state.email === null)
        throw new NewsletterLinkInvalidError();
      const { listIds, postalCode, sealed } = pending;
      return [
        {
          type: "NewsletterSignupConfirmed",
          data: { email: state.email, listIds, postalCode, confirmedAt: at, ...(sealed ? { sealed } : {}) },
        },
      ];
    }
    case "Unsubscribe": {
      if (state.email === null || state.unsubscribeToken !== command.data.token) throw new NewsletterLinkInvalidError();
      if (state.confirmedListIds.length === 0 && !state.pending && !state.uk) return [];
      const sealed = state.sealed ? { sealed: state.sealed } : {};
      return [{ type: "NewsletterUnsubscribed", data: { email: state.email, unsubscribedAt: at, ...sealed } }];
    }
    case "UkSignup": {
      if (state.uk) return [];
      return [
        {
          type: "UkEmailSignedUp",
          data: {
            ...(box ? { email: "", sealed: box } : { email: command.data.email }),
            unsubscribeToken: state.unsubscribeToken ?? command.data.unsubscribeToken,
            signedUpAt: at,
          },
        },
      ];
    }
  }
}
