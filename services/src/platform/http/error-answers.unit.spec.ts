import { describe, expect, it } from "vitest";
import {
  ActionAlreadyRanError,
  DomainError,
  ERROR_CODES,
  fieldMessage,
  InvalidRequestError,
  NodeInvalidError,
  NodeNotFoundError,
  NodeWarningsError,
  NotFoundError,
  NotVisibleYetError,
  RecordLockedError,
  StaleNodeVersionError,
  TooManyLoginsError,
  UnknownRecordError,
  UrlTakenError,
} from "@shop/shared";
import { FEATURES } from "../../features.ts";
import { errorStatusOf } from "../feature.ts";
import { declareErrorStatuses, domainErrorAnswer, ERROR_STATUS } from "./error-answers.ts";

// What app.ts does: the features' statuses beside the request codes'.
declareErrorStatuses(errorStatusOf(FEATURES));

const otto = { id: "u2", name: "Otto Other" };
const ottosLock = { user: otto, reason: 2, comment: "Rewriting", autoCreated: false };

describe("the code → status table", () => {
  it("gives every error code a status, and nothing else", () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
  it.each([
    ["INVALID_REQUEST", 400],
    ["NOT_FOUND", 404],
    ["NODE_NOT_FOUND", 404],
    ["PAGE_NOT_FOUND", 404],
    ["ROLE_NOT_FOUND", 404],
    ["LOGIN_REQUIRED", 401],
    ["STAFF_REQUIRED", 403],
    ["CSRF_FAILED", 403],
    ["ALREADY_LOCKED", 409],
    ["STALE_VERSION", 409],
    ["ALREADY_RAN", 409],
    ["CONCURRENT_CHANGE", 409],
    ["LOGIN_THROTTLED", 429],
    ["NOT_VISIBLE_YET", 503],
    ["SERVER_ERROR", 500],
  ] as const)("%s answers %i", (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
  });
});

describe("a domain error's answer", () => {
  it("carries the code, the message and '__all__: {message}' when the error names no field", () => {
    expect(domainErrorAnswer(new NodeNotFoundError())).toEqual({
      status: 404,
      body: {
        metadata: {
          success: false,
          code: "NODE_NOT_FOUND",
          message: "This node does not exist.",
          errors: ["__all__: This node does not exist."],
        },
      },
    });
  });
  it("lists a field's messages as 'field: message' lines", () => {
    expect(domainErrorAnswer(new UrlTakenError())?.body.metadata).toEqual({
      success: false,
      code: "URL_TAKEN",
      message: "Another node already uses this url.",
      errors: ["url: Another node already uses this url."],
    });
    const invalid = new NodeInvalidError({ published: ["A"], last_published: ["B"] });
    expect(domainErrorAnswer(invalid)?.body.metadata).toMatchObject({
      message: "A",
      errors: ["published: A", "last_published: B"],
    });
    const unknown = new UnknownRecordError({ sku: ["Select a valid choice."], menu_nodes: ["Pick one."] });
    expect(domainErrorAnswer(unknown)).toMatchObject({
      status: 400,
      body: { metadata: { code: "UNKNOWN_RECORD", errors: ["sku: Select a valid choice.", "menu_nodes: Pick one."] } },
    });
    expect(
      domainErrorAnswer(new InvalidRequestError(fieldMessage("sort", "Cannot sort by x.")))?.body.metadata,
    ).toEqual({
      success: false,
      code: "INVALID_REQUEST",
      message: "Invalid request syntax or bad data.",
      errors: ["sort: Cannot sort by x."],
    });
  });
  it("a lock refusal says 'Object is already locked!' itself in metadata.errors, with the holder", () => {
    expect(domainErrorAnswer(new RecordLockedError(ottosLock))).toEqual({
      status: 409,
      body: {
        metadata: {
          success: false,
          code: "ALREADY_LOCKED",
          message: "Object is already locked!",
          errors: ["Object is already locked!"],
        },
        lock: ottosLock,
      },
    });
  });
  it("a save with warnings lists them in metadata.warnings and no errors", () => {
    expect(domainErrorAnswer(new NodeWarningsError(["W1", "W2"]))?.body).toEqual({
      metadata: {
        success: false,
        code: "NODE_HAS_WARNINGS",
        message: "Please review the warnings. Save again with ignore_warnings to continue.",
        errors: [],
        warnings: ["W1", "W2"],
      },
    });
  });
  it("a stale save names who saved, when, and the version now", () => {
    const answer = domainErrorAnswer(new StaleNodeVersionError(otto, "2026-11-02T00:00:00.000Z", 3));
    expect(answer?.status).toBe(409);
    expect(answer?.body).toMatchObject({
      metadata: { code: "STALE_VERSION" },
      saved_by: otto,
      saved_at: "2026-11-02T00:00:00.000Z",
      version: 3,
    });
  });
  it.each([
    [new NotFoundError(), 404, "NOT_FOUND"],
    [new NotVisibleYetError(), 503, "NOT_VISIBLE_YET"],
    [new TooManyLoginsError(), 429, "LOGIN_THROTTLED"],
    [new ActionAlreadyRanError(), 409, "ALREADY_RAN"],
  ])("%s answers its code's status", (error, status, code) => {
    expect(domainErrorAnswer(error)).toMatchObject({ status, body: { metadata: { code } } });
  });
  it("an error whose code no table knows gets no answer (the middleware makes it a logged 500)", () => {
    expect(domainErrorAnswer(new DomainError("NOT_A_CODE", "?"))).toBeNull();
  });
});
