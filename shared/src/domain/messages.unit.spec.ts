import { describe, expect, it } from "vitest";
import {
  BACK_OFFICE_MESSAGES as B,
  FLASH_REQUIRED_MESSAGE,
  FORM_MESSAGES as F,
  NEGATIVE_COUPON_ANSWERS,
  STOREFRONT_MESSAGES as S,
  checkoutMessageForDisplay,
  isNegativeCouponAnswer,
} from "./messages.ts";

describe("form messages are the specs' wording", () => {
  it.each([
    [F.required, "This field is required."],
    [F.mustMatch, "Must match what you entered above."],
    [F.atLeastOne, "At least one field must be filled out."],
    [F.invalidEmail("bob@x"), "Please enter a valid email address (bob@x)."],
    [F.invalidDateTime, "Please enter a valid date-time (yyyy-mm-dd hh:mm)."],
    [F.correctTheFollowing, "Please correct the following errors:"],
  ])("%j", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("the back-office error catalogue is the spec's wording", () => {
  it.each([
    [
      B.lockKickOff({ model: "contentnode", name: "Ann", reason: "Editing", comment: "Back at 3" }),
      "contentnode has been locked by Ann. Reason: Editing Comment: Back at 3 Do you want to kick them off? One of you may lose your work as a result.",
    ],
    [B.alreadyLocked, "Object is already locked!"],
    [B.lockedByMe, "Locked by Me"],
    [B.lockedBy("Ann"), "Locked by Ann"],
    [
      B.pickerSearchFailed("Bob"),
      "Your search failed. Please refresh the page and try again. If the problem persists, tell Bob his API is broken.",
    ],
    [B.noResults, "No results found!"],
    [B.pickerSearchTooShort, "Please enter at least three characters into the search box."],
    [B.keywordCreationFailed, "Creating the keyword failed. See errors below."],
    [B.noErrorMessagesGiven, "No error messages given."],
    [B.keywordNotFound, "This keyword does not exist yet. Do you want to add it instead of using an existing keyword?"],
    [B.adminApiBroken, "Uh-oh. The API is broken. Tell the web team to look into it."],
    [B.statusChangeFailed("Live"), "The status could not be changed to Live."],
    [B.scheduledActionUnlockFailed, "The action could not be unlocked."],
    [B.unsavedChanges, "If you leave this page your changes will be lost."],
    [FLASH_REQUIRED_MESSAGE, "To play this media file, please download Flash Player."],
    [B.genericServerError, "Our server seems to be acting up. Please come back and try again later."],
    [B.genericSuccess, "Your changes have been saved."],
    [B.defaultProgress, "Updating"],
    [B.toolboxNoCursor, "Please select a location for the code to be placed."],
  ])("%j", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("the storefront error catalogue is the spec's wording", () => {
  it.each([
    [S.cartAutoUpdateFailed, 'Auto-update failed, please use the "Update Cart" button to update your cart manually.'],
    [S.itemRemoved, "Item removed successfully."],
    [S.donationAdded, "Donation added to cart."],
    [S.donationAdjusted, "Donation adjusted."],
    [S.donationRemoved, "Donation removed from cart."],
    [S.addedToCart, "Added to Cart"],
    [S.quickViewFailed, "The product information you requested could not be retrieved at this time."],
    [S.checkoutBadData, "Invalid request syntax or bad data."],
    [S.checkoutFixErrors, "Please fix the errors and try again."],
    [S.checkoutInvalidStep, "Invalid step"],
    [S.listLoadFailed, "Failed to load results. Please refresh and try again."],
    [S.addressEditFailed, "The address could not be edited. Please refresh this page and try again."],
    [S.addressRemoved, "The address has been permanently removed."],
    [S.addressDeleteConfirm, "Are you sure you want to delete this address from your account?"],
    [S.addressCreateFailed, "The address could not be created. Please refresh this page and try again."],
    [S.ukSignupFailed, "The email address could not be added to the list. Please refresh your page and try again."],
    [S.noRadioStations, "There are not yet any stations in this location carrying the program."],
    [S.postalCodeForEvents, "Postal code is required to receive event emails."],
    [S.selectNewsletter, "You must select at least one of our newsletters."],
    [S.passholderNamesRequired, "All passholder name fields are required."],
    [S.quickCheckoutErrors, "Please correct the errors in this form before proceeding to checkout."],
    [S.selectOption, "Please select an option."],
  ])("%j", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("negative coupon answers show as negative alerts; any other answer is neutral", () => {
  it.each([
    ["Discount not found!", true],
    ["You do not have the appropriate discount code", true],
    ["Subtotal does not meet requirements", true],
    ["You do not meet the user requirements", true],
    ["You do not meet the group requirements", true],
    ["You do not have all the required items!", true],
    ["You do not have enough of the required items", true],
    ["Discount applied.", false],
  ])("%j is negative: %s", (answer, negative) => {
    expect(isNegativeCouponAnswer(answer)).toBe(negative);
  });

  it("lists exactly the seven negative answers", () => {
    expect(NEGATIVE_COUPON_ANSWERS).toHaveLength(7);
  });
});

describe("checkout shows 'Please fix the errors and try again.' in place of the server's bad-data message", () => {
  it.each([
    ["Invalid request syntax or bad data.", "Please fix the errors and try again."],
    ["Card declined.", "Card declined."],
  ])("%j is shown as %j", (message, shown) => {
    expect(checkoutMessageForDisplay(message)).toBe(shown);
  });
});
