import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_MAX_BYTES, CLIENT_ERROR_RATE } from "@shop/shared/client-errors/api";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { REPORT_TOO_LARGE, TOO_MANY_REPORTS } from "./client-errors-router.ts";

const spec = apiSpec(createApp);
const report = {
  kind: "script",
  message: "TypeError: x is undefined",
  page: "/donate/",
  source: "/assets/app.js",
  line: 3,
  column: 7,
};

describe("POST /api/client-errors/", () => {
  it("a browser script error is accepted (201) and appends no event", () =>
    spec
      .given()
      .when((http) => http.visitor().post("/api/client-errors/", report))
      .then({ status: 201, body: { metadata: { success: true } } }, []));

  it("a report without a message answers 400 'message: This field is required.'", () =>
    spec
      .given()
      .when((http) => http.visitor().post("/api/client-errors/", { ...report, message: "" }))
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json).toMatchObject({ metadata: { errors: ["message: This field is required."] } });
      }));

  it(`a report over ${CLIENT_ERROR_MAX_BYTES} bytes answers 413: '${REPORT_TOO_LARGE}'`, () =>
    spec
      .given()
      .when((http) =>
        http.visitor().post("/api/client-errors/", { ...report, stack: "x".repeat(CLIENT_ERROR_MAX_BYTES) }),
      )
      .then({
        status: 413,
        body: {
          metadata: {
            success: false,
            code: "REQUEST_TOO_LARGE",
            message: REPORT_TOO_LARGE,
            errors: [`__all__: ${REPORT_TOO_LARGE}`],
          },
        },
      }));

  it(`more than ${CLIENT_ERROR_RATE.points} reports a minute from one address answer 429: '${TOO_MANY_REPORTS}'`, () =>
    spec
      .given()
      .when(async (http) => {
        const visitor = http.visitor();
        for (let i = 0; i < CLIENT_ERROR_RATE.points; i++) {
          const ok = await visitor.post("/api/client-errors/", { ...report, message: `error ${i}` });
          expect(ok.status).toBe(201);
        }
        return visitor.post("/api/client-errors/", report);
      })
      .then(({ response }) => {
        expect(response.status).toBe(429);
        expect(response.json).toEqual({
          metadata: {
            success: false,
            code: "TOO_MANY_REQUESTS",
            message: TOO_MANY_REPORTS,
            errors: [`__all__: ${TOO_MANY_REPORTS}`],
          },
        });
      }));
});
