/** The form's wording (§5 Newsletter, §8 Forms) and the three panels' (§2, §4 Newsletter signup). */
export const NEWSLETTER_MESSAGES = {
  postalCodeRequired: "Postal code is required to receive event emails.",
  noList: "You must select at least one of our newsletters.",
  ukFailure: "The email address could not be added to the list. Please refresh your page and try again.",
  ukSuccess: "Thank you! Your email address has been added to the list.",
  thanks: "Thanks for signing up! You will receive our newsletters at this address.",
  needsFinished: "Almost done: we have sent you an email. Please follow the link in it to finish your subscription.",
  error: "Sorry, we could not sign you up just now. Please try again later.",
  linkInvalid: "This link is not valid any more. Please sign up again.",
  unsubscribed: "You have been unsubscribed. You will not receive our newsletters any more.",
} as const;
