// The messages users read, verbatim from the specs, so the server and both front ends share one copy.
// Messages with a {placeholder} are functions; the rest are plain strings.

/** Generic form validation messages (back-office §5 and storefront §5). */
export const FORM_MESSAGES = {
  required: "This field is required.",
  mustMatch: "Must match what you entered above.",
  atLeastOne: "At least one field must be filled out.",
  invalidEmail: (email: string) => `Please enter a valid email address (${email}).`,
  invalidDateTime: "Please enter a valid date-time (yyyy-mm-dd hh:mm).",
  correctTheFollowing: "Please correct the following errors:",
} as const;

/** The back office's error catalogue (back-office §8) and its other alerts (§5). */
export const BACK_OFFICE_MESSAGES = {
  lockKickOff: (lock: { model: string; name: string; reason: string; comment: string }) =>
    `${lock.model} has been locked by ${lock.name}. Reason: ${lock.reason} Comment: ${lock.comment} ` +
    "Do you want to kick them off? One of you may lose your work as a result.",
  alreadyLocked: "Object is already locked!",
  lockedByMe: "Locked by Me",
  lockedBy: (name: string) => `Locked by ${name}`,
  pickerSearchFailed: (name: string) =>
    `Your search failed. Please refresh the page and try again. If the problem persists, tell ${name} his API is broken.`,
  noResults: "No results found!",
  pickerSearchTooShort: "Please enter at least three characters into the search box.",
  keywordCreationFailed: "Creating the keyword failed. See errors below.",
  noErrorMessagesGiven: "No error messages given.",
  keywordNotFound: "This keyword does not exist yet. Do you want to add it instead of using an existing keyword?",
  adminApiBroken: "Uh-oh. The API is broken. Tell the web team to look into it.",
  statusChangeFailed: (status: string) => `The status could not be changed to ${status}.`,
  scheduledActionUnlockFailed: "The action could not be unlocked.",
  unsavedChanges: "If you leave this page your changes will be lost.",
  genericServerError: "Our server seems to be acting up. Please come back and try again later.",
  genericSuccess: "Your changes have been saved.",
  defaultProgress: "Updating",
  toolboxNoCursor: "Please select a location for the code to be placed.",
} as const;

/** Shown by both sites when a media file needs the Flash player. */
export const FLASH_REQUIRED_MESSAGE = "To play this media file, please download Flash Player.";

/** The answers to a coupon code that are shown as negative alerts; any other answer is neutral. */
export const NEGATIVE_COUPON_ANSWERS = [
  "Discount not found!",
  "You do not have the appropriate discount code",
  "Subtotal does not meet requirements",
  "You do not meet the user requirements",
  "You do not meet the group requirements",
  "You do not have all the required items!",
  "You do not have enough of the required items",
] as const;

/** The storefront's error catalogue (storefront §8) and its validation messages (§5). */
export const STOREFRONT_MESSAGES = {
  cartAutoUpdateFailed: 'Auto-update failed, please use the "Update Cart" button to update your cart manually.',
  itemRemoved: "Item removed successfully.",
  donationAdded: "Donation added to cart.",
  donationAdjusted: "Donation adjusted.",
  donationRemoved: "Donation removed from cart.",
  addedToCart: "Added to Cart",
  quickViewFailed: "The product information you requested could not be retrieved at this time.",
  checkoutBadData: "Invalid request syntax or bad data.",
  checkoutFixErrors: "Please fix the errors and try again.",
  checkoutInvalidStep: "Invalid step",
  listLoadFailed: "Failed to load results. Please refresh and try again.",
  addressEditFailed: "The address could not be edited. Please refresh this page and try again.",
  addressRemoved: "The address has been permanently removed.",
  addressDeleteConfirm: "Are you sure you want to delete this address from your account?",
  addressCreateFailed: "The address could not be created. Please refresh this page and try again.",
  ukSignupFailed: "The email address could not be added to the list. Please refresh your page and try again.",
  noRadioStations: "There are not yet any stations in this location carrying the program.",
  postalCodeForEvents: "Postal code is required to receive event emails.",
  selectNewsletter: "You must select at least one of our newsletters.",
  passholderNamesRequired: "All passholder name fields are required.",
  quickCheckoutErrors: "Please correct the errors in this form before proceeding to checkout.",
  selectOption: "Please select an option.",
} as const;

/** Whether a coupon answer is one of the negative ones (shown as a negative alert). */
export function isNegativeCouponAnswer(answer: string): boolean {
  return (NEGATIVE_COUPON_ANSWERS as readonly string[]).includes(answer);
}

/** The checkout shows its own wording in place of the server's bad-data message. */
export function checkoutMessageForDisplay(message: string): string {
  return message === STOREFRONT_MESSAGES.checkoutBadData ? STOREFRONT_MESSAGES.checkoutFixErrors : message;
}
