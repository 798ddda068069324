import { describe, expect, it } from "vitest";
import {
  EmailTakenError,
  LoginDisabledError,
  LoginFailedError,
  NoSuchUserError,
  TooManyLoginsError,
  UserExistsError,
} from "../accounts/errors.ts";
import {
  InvalidParentError,
  NodeInvalidError,
  NodeNotFoundError,
  NodeWarningsError,
  PageNotFoundError,
  StaleNodeVersionError,
  UnknownKeywordError,
  UrlTakenError,
} from "../content/errors.ts";
import {
  ProductExistsError,
  ProductInvalidError,
  ProductNotFoundError,
  SkuExistsError,
  SkuInvalidError,
  SkuNotFoundError,
} from "../catalog/errors.ts";
import { RoleNotFoundError } from "../contributors/errors.ts";
import { KeywordExistsError, KeywordInvalidError } from "../keywords/errors.ts";
import { RecordLockedError } from "../locks/errors.ts";
import { ActionAlreadyRanError, ActionAlreadyScheduledError } from "../scheduled-actions/errors.ts";
import { ERROR_CODES, errorCodeOf } from "./codes.ts";
import { DomainError } from "./domain-error.ts";
import {
  InvalidRequestError,
  NotFoundError,
  NotVisibleYetError,
  StaleVersionError,
  UnknownRecordError,
} from "./request-errors.ts";

const otto = { id: "u2", name: "Otto Other" };

/** Every class with its code, message and fields: what a refusal says, before HTTP turns it into lines. */
const CASES: Array<[DomainError, string, string, Record<string, string[]>]> = [
  [
    new InvalidRequestError({ sort: ["Cannot sort by x."] }),
    "INVALID_REQUEST",
    "Invalid request syntax or bad data.",
    { sort: ["Cannot sort by x."] },
  ],
  [new NotFoundError(), "NOT_FOUND", "Not found.", {}],
  [
    new UnknownRecordError({ sku: ["Select a valid choice."] }),
    "UNKNOWN_RECORD",
    "Select a valid choice.",
    { sku: ["Select a valid choice."] },
  ],
  [
    new NotVisibleYetError(),
    "NOT_VISIBLE_YET",
    "The change was saved but is not visible yet. Please reload in a moment.",
    {},
  ],
  [new LoginFailedError(), "LOGIN_FAILED", "Please enter a correct email and password.", {}],
  [new LoginDisabledError(), "LOGIN_DISABLED", "This account is inactive.", {}],
  [
    new TooManyLoginsError(),
    "LOGIN_THROTTLED",
    "Too many failed login attempts. Please wait a few minutes and try again.",
    {},
  ],
  [new NoSuchUserError(), "NO_SUCH_USER", "There is no such user.", {}],
  [new UserExistsError(), "USER_EXISTS", "This user already exists.", {}],
  [
    new EmailTakenError(),
    "EMAIL_TAKEN",
    "A user with that email address already exists.",
    { email: ["A user with that email address already exists."] },
  ],
  [new NodeNotFoundError(), "NODE_NOT_FOUND", "This node does not exist.", {}],
  [
    new NodeInvalidError({ published: ["P"], last_published: ["L"] }),
    "NODE_INVALID",
    "P",
    { published: ["P"], last_published: ["L"] },
  ],
  [
    new UrlTakenError(),
    "URL_TAKEN",
    "Another node already uses this url.",
    { url: ["Another node already uses this url."] },
  ],
  [new InvalidParentError(), "INVALID_PARENT", "Select a valid parent.", { parent: ["Select a valid parent."] }],
  [
    new InvalidParentError(true),
    "INVALID_PARENT",
    "A node cannot be contained in itself or in one of its children.",
    { parent: ["A node cannot be contained in itself or in one of its children."] },
  ],
  [
    new UnknownKeywordError("keywords", [4, 9]),
    "UNKNOWN_KEYWORD",
    "Unknown keyword 4, 9.",
    { keywords: ["Unknown keyword 4, 9."] },
  ],
  [new PageNotFoundError(), "PAGE_NOT_FOUND", "Page not found.", {}],
  [new RoleNotFoundError(), "ROLE_NOT_FOUND", "This contributor role does not exist.", {}],
  [
    new KeywordInvalidError({ name: ["A keyword with this name already exists."] }),
    "KEYWORD_INVALID",
    "Creating the keyword failed. See errors below.",
    { name: ["A keyword with this name already exists."] },
  ],
  [new KeywordExistsError(), "KEYWORD_EXISTS", "This keyword already exists.", {}],
  [new ActionAlreadyScheduledError(), "ALREADY_SCHEDULED", "This action already exists.", {}],
  [new ProductNotFoundError(), "PRODUCT_NOT_FOUND", "This product does not exist.", {}],
  [new ProductExistsError(), "PRODUCT_EXISTS", "This product already exists.", {}],
  [
    new ProductInvalidError({ title: ["This field is required."] }),
    "PRODUCT_INVALID",
    "Invalid request syntax or bad data.",
    { title: ["This field is required."] },
  ],
  [new SkuNotFoundError(), "SKU_NOT_FOUND", "This SKU does not exist.", {}],
  [new SkuExistsError(), "SKU_EXISTS", "This SKU already exists.", {}],
  [
    new SkuInvalidError({ sku: ["Enter a code."] }),
    "SKU_INVALID",
    "Invalid request syntax or bad data.",
    { sku: ["Enter a code."] },
  ],
  [new ActionAlreadyRanError(), "ALREADY_RAN", "This action has already run; it can no longer be changed.", {}],
];

describe("each feature's errors", () => {
  it.each(CASES)("%s has its code, message and fields", (error, code, message, fields) => {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect({ code: error.code, message: error.message, fields: error.fields }).toEqual({ code, message, fields });
    expect(ERROR_CODES).toContain(code);
  });
  it("a refused lock names the holder and says 'Object is already locked!'", () => {
    const lock = { user: otto, reason: 2, comment: "Rewriting", autoCreated: false };
    const error = new RecordLockedError(lock);
    expect([error.code, error.message, error.lock, error.name]).toEqual([
      "ALREADY_LOCKED",
      "Object is already locked!",
      lock,
      "RecordLockedError",
    ]);
  });
  it("a save with warnings carries them; a stale save names who saved, when, and the version now", () => {
    expect(new NodeWarningsError(["W"])).toMatchObject({ code: "NODE_HAS_WARNINGS", warnings: ["W"] });
    expect(new StaleNodeVersionError(otto, "2026-11-02T00:00:00.000Z", 3)).toMatchObject({
      code: "STALE_VERSION",
      message:
        "Otto Other saved this node at 2026-11-02T00:00:00.000Z (version 3) after you opened it. Reload it to see their changes, then save again.",
      savedBy: otto,
      version: 3,
    });
    expect(new StaleNodeVersionError(null, "t", 1).message).toMatch(/^Someone saved this node/);
    expect(new StaleNodeVersionError(null, "t", 1)).toBeInstanceOf(StaleVersionError);
    expect(new StaleVersionError("product", otto, "t", 2).message).toMatch(
      /^Otto Other saved this product at t \(version 2\)/,
    );
  });
});

describe("errorCodeOf: the front ends switch on metadata.code", () => {
  it("reads the code of an RTK Query error or of a parsed answer", () => {
    const body = { metadata: { success: false, code: "ALREADY_LOCKED", message: "Object is already locked!" } };
    expect(errorCodeOf({ status: 409, data: body })).toBe("ALREADY_LOCKED");
    expect(errorCodeOf(body)).toBe("ALREADY_LOCKED");
  });
  it("gives null for no answer, an answer without a code, or a code it does not know", () => {
    expect(errorCodeOf({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toBeNull();
    expect(errorCodeOf({ status: 409, data: { metadata: { success: false } } })).toBeNull();
    expect(errorCodeOf({ status: 409, data: { metadata: { code: "SOMETHING_NEW" } } })).toBeNull();
    expect(errorCodeOf(undefined)).toBeNull();
    expect(errorCodeOf("text")).toBeNull();
  });
});
