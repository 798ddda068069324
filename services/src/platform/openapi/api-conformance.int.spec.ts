import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server.ts";
import { DEMO_LOGIN } from "../../demo/demo-data.ts";
import { TestClient } from "../../testing/http-client.ts";
import { type GeneratedRequest, operationsOf, requestGenerator } from "../../testing/openapi-requests.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../../testing/test-server.ts";
import { answerChecker } from "./answer-check.ts";

/**
 * Operations the generated requests leave alone: the answer is not JSON (pages, the docs' files), the
 * call needs a gateway's signature, or it would end the caller's session or account mid-run.
 */
const NOT_GENERATED = new Set([
  "POST /api/account/logout/",
  "POST /api/payments/stripe/webhook/",
  "POST /api/account/delete/",
  "POST /api/account/personal-data/erase/",
]);

interface Finding {
  caller: string;
  request: GeneratedRequest;
  status: number;
  problem: string;
}

// The published API checked from outside, as an outside checker would: every operation of the live
// document, called anonymously, as a shopper and as staff, with requests generated from the document.
describe("code health 6: the API answers as /api/openapi.json says (generated requests)", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let document: any;
  const findings: Finding[] = [];
  let sent = 0;

  beforeAll(async () => {
    place = newTestPlace();
    // The check is this test's own: the server answers as it would in production.
    server = await startTestServer(place, { demoData: true, answerCheck: "off" });
    document = await (await fetch(`${server.url}/api/openapi.json`)).json();
    const checker = answerChecker(document);
    const generator = requestGenerator(document);

    const visitor = new TestClient(server.url);
    const shopper = new TestClient(server.url);
    const email = `conformance-${Date.now()}@example.org`;
    await shopper.post("/api/account/signup/", {
      email,
      password: "a-long-password",
      name: "Con Formance",
    });
    await shopper.post("/api/account/login/", { email, password: "a-long-password" });
    const staff = new TestClient(server.url);
    await staff.post("/api/account/login/", { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password });
    for (const [name, client] of [
      ["visitor", visitor],
      ["shopper", shopper],
      ["staff", staff],
    ] as const) {
      for (const op of operationsOf(document)) {
        const key = `${op.method} ${op.template}`;
        if (NOT_GENERATED.has(key)) continue;
        const responses = document.paths[op.template][op.method.toLowerCase()].responses;
        const success = Object.entries<any>(responses).find(([status]) => status.startsWith("2"))?.[1];
        if (!success?.content?.["application/json"]) continue;
        for (const request of generator.requestsFor(op)) {
          const res = await client.request(request.method, request.url, request.body);
          sent += 1;
          const note = (problem: string) => findings.push({ caller: name, request, status: res.status, problem });
          if (res.status >= 500) note(`answered ${res.status}: ${res.text.slice(0, 200)}`);
          const json = res.json ?? res.text;
          for (const problem of checker.check(request.method, request.url.split("?")[0], res.status, json))
            note(problem.includes("is not documented") ? `undocumented: ${problem}` : `body: ${problem}`);
          const code = res.json?.metadata?.code;
          if (request.valid && code === "INVALID_REQUEST")
            note(`valid refused: ${JSON.stringify(res.json.metadata.errors)}`);
          if (!request.valid && res.status < 400) note(`invalid accepted (${request.why})`);
        }
      }
    }
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const kind = (prefix: string) => findings.filter((f) => f.problem.startsWith(prefix));
  const shown = (list: Finding[]) =>
    list.map((f) => `${f.caller} ${f.request.method} ${f.request.url} [${f.request.why}] → ${f.status}: ${f.problem}`);

  it("code health 6: the generated requests reach every JSON operation, as three callers", () => {
    console.log(
      `api conformance: ${sent} requests, ${findings.length} findings ` +
        `(5xx ${kind("answered 5").length}, undocumented ${kind("undocumented").length}, ` +
        `body ${kind("body").length}, valid refused ${kind("valid refused").length}, ` +
        `invalid accepted ${kind("invalid accepted").length})`,
    );
    expect(sent).toBeGreaterThan(1000);
  });
  it("code health 6: no answer is a 5xx", () => expect(shown(kind("answered 5"))).toEqual([]));
  it("code health 6: every status and error code answered is documented for its operation", () =>
    expect(shown(kind("undocumented"))).toEqual([]));
  it("code health 6: every answer fits its documented body", () => expect(shown(kind("body"))).toEqual([]));
  it("code health 6: no request the document calls valid is refused as bad input", () =>
    expect(shown(kind("valid refused"))).toEqual([]));
  it("code health 6: every request the document calls invalid is refused", () =>
    expect(shown(kind("invalid accepted"))).toEqual([]));
});
