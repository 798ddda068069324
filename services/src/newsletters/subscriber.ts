import {
  NewsletterFormInvalidError,
  NewsletterLinkInvalidError,
  newsletterSubscriberEvents,
  type NewsletterSubscriberEvent,
} from "@shop/shared";

/** One address's subscription: what it confirmed, what waits for the link in the mail. */
export interface Subscriber {
  email: string | null;
  confirmedListIds: number[];
  /** The lists waiting for the mailed link, and when that mail was asked for. */
  pending: { token: string; listIds: number[]; postalCode: string; requestedAt: string } | null;
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
        /** A link mailed less than this ago is not mailed again (nor replaced): one mail per address per window. */
        mailEveryMs?: number;
      };
    }
  | { type: "ConfirmSignup"; data: { token: string } }
  | { type: "Unsubscribe"; data: { token: string } }
  | { type: "UkSignup"; data: { email: string; unsubscribeToken: string } };

export const subscriberDecider = {
  initialState: (): Subscriber => ({
    email: null,
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
          pending: {
            token: event.data.confirmToken,
            listIds: event.data.listIds,
            postalCode: event.data.postalCode,
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
        return { ...state, email: event.data.email, uk: true, unsubscribeToken: event.data.unsubscribeToken };
    }
  },
};

/**
 * Pure. §5 Newsletter: at least one list; a postal code when a list that needs one (the events list)
 * is chosen. Double opt-in: a sign-up asking only for lists already confirmed appends nothing, nor
 * does one made while the last link mailed is younger than `mailEveryMs` (that link keeps working);
 * otherwise it waits for the link in the mail. The form answers needs-finished either way. The
 * unsubscribe token stays the same for the address, so every mail's link keeps working.
 */
export function decideSubscriber(
  command: SubscriberCommand,
  state: Subscriber,
  now: Date,
): NewsletterSubscriberEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case "RequestSignup": {
      const { email, lists, postalCode } = command.data;
      if (lists.length === 0) throw NewsletterFormInvalidError.noList();
      if (lists.some((l) => l.requiresPostalCode) && postalCode.trim() === "")
        throw NewsletterFormInvalidError.postalCodeRequired();
      const listIds = [...new Set(lists.map((l) => l.id))].sort((a, b) => a - b);
      if (listIds.every((id) => state.confirmedListIds.includes(id))) return [];
      const { mailEveryMs = 0 } = command.data;
      if (state.pending && now.getTime() - Date.parse(state.pending.requestedAt) < mailEveryMs) return [];
      return [
        {
          type: "NewsletterSignupRequested",
          data: {
            email,
            listIds,
            postalCode: postalCode.trim(),
            confirmToken: command.data.confirmToken,
            unsubscribeToken: state.unsubscribeToken ?? command.data.unsubscribeToken,
            requestedAt: at,
          },
        },
      ];
    }
    case "ConfirmSignup": {
      const pending = state.pending;
      if (!pending || pending.token !== command.data.token || !state.email) throw new NewsletterLinkInvalidError();
      return [
        {
          type: "NewsletterSignupConfirmed",
          data: { email: state.email, listIds: pending.listIds, postalCode: pending.postalCode, confirmedAt: at },
        },
      ];
    }
    case "Unsubscribe": {
      if (!state.email || state.unsubscribeToken !== command.data.token) throw new NewsletterLinkInvalidError();
      if (state.confirmedListIds.length === 0 && !state.pending && !state.uk) return [];
      return [{ type: "NewsletterUnsubscribed", data: { email: state.email, unsubscribedAt: at } }];
    }
    case "UkSignup": {
      if (state.uk) return [];
      return [
        {
          type: "UkEmailSignedUp",
          data: {
            email: command.data.email,
            unsubscribeToken: state.unsubscribeToken ?? command.data.unsubscribeToken,
            signedUpAt: at,
          },
        },
      ];
    }
  }
}
