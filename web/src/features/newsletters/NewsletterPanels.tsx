import { NEWSLETTER_MESSAGES } from "@shop/shared/newsletters/messages";

export type NewsletterPanel = "thanks" | "needs-finished" | "error";

/**
 * The three panels of the old form (§4 Newsletter signup): thanks, needs-finished (the old
 * finishSubscription marker: the confirmation mail is on its way) and error. A live region, so a
 * screen reader hears which one appeared.
 */
export function NewsletterPanels({ panel }: { panel: NewsletterPanel | null }) {
  return (
    <div aria-live="polite">
      {panel === "thanks" && (
        <div className="newsletter-panel newsletter-thanks alert positive" role="status">
          <h2>Thank you</h2>
          <p>{NEWSLETTER_MESSAGES.thanks}</p>
        </div>
      )}
      {panel === "needs-finished" && (
        <div className="newsletter-panel newsletter-needs-finished alert neutral" role="status">
          <h2>Check your email</h2>
          <p>{NEWSLETTER_MESSAGES.needsFinished}</p>
        </div>
      )}
      {panel === "error" && (
        <div className="newsletter-panel newsletter-error alert negative" role="alert">
          <h2>Something went wrong</h2>
          <p>{NEWSLETTER_MESSAGES.error}</p>
        </div>
      )}
    </div>
  );
}
