import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

type Node = DefaultTreeAdapterMap["node"];

// Each probe is stored as a staff member would (through the admin API) in a page published to everyone.
const PROBES: Array<[string, string]> = [
  ["a <script> split by a template tag", "<scr{% x %}ipt>window.xss=1</scr{% x %}ipt>"],
  [
    "a <script> split by a restricted block",
    '<scr{% restrict_content mode="anonymous" %}{% endrestrict_content %}ipt>window.xss=1</script>',
  ],
  ["onerror after a slash", '<img src="x"/onerror=window.xss=1>'],
  ["onerror split by a template tag", "<img src=x o{% footnote_index %}nerror=window.xss=1>"],
  ["a javascript: href hidden by a character reference", '<a href="jav&#x61;script:window.xss=1">a</a>'],
  ["a javascript: media url hidden by a tab", '{% embed_media url="java\tscript:window.xss=1" %}'],
  [
    "a javascript: item url hidden by a newline",
    '{% embed_media type="item" url="java\nscript:window.xss=1" title="t" %}',
  ],
  ["<svg onload>", '<svg onload=window.xss=1><a xlink:href="javascript:window.xss=1"><text>x</text></a></svg>'],
  ["<iframe srcdoc>", '<iframe srcdoc="<script>window.xss=1</script>"></iframe>'],
  [
    "a <math> mutation",
    "<math><mtext><table><mglyph><style><img src=x onerror=window.xss=1></style></mglyph></table></mtext></math>",
  ],
  ["a <noscript> mutation", '<noscript><p title="</noscript><img src=x onerror=window.xss=1>"></p></noscript>'],
  [
    "<a href=javascript:>",
    '<a href="javascript:window.xss=1">j</a><a href="  JaVaScRiPt:window.xss=1">k</a><a href="vbscript:msgbox(1)">v</a>',
  ],
  [
    "data: urls",
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a><img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"><object data="data:text/html,x"></object><embed src="data:text/html,x">',
  ],
  [
    "<style> expressions",
    '<style>@import "javascript:alert(1)";p{width:expression(alert(1))}</style><p style="width:expression(alert(1));background:url(javascript:alert(1))">s</p>',
  ],
  ["<base href>", '<base href="javascript:window.xss=1//"><a href="page">relative</a>'],
  [
    "<form action=javascript:>",
    '<form action="javascript:window.xss=1"><input type="submit" formaction="javascript:window.xss=1"><button formaction="javascript:window.xss=1">go</button></form>',
  ],
  [
    "event handlers on allowed tags",
    "<details open ontoggle=window.xss=1><summary onclick=window.xss=1>s</summary></details><video controls><source src=x onerror=window.xss=1></video>",
  ],
  ["a template tag inside an attribute", '<a title="{% footnote "x" %}" href="/ok/" onmouseover=window.xss=1>t</a>'],
  [
    "meta refresh and link",
    '<meta http-equiv="refresh" content="0;url=javascript:window.xss=1"><link rel="stylesheet" href="javascript:window.xss=1">',
  ],
];

const SCRIPT_URL = /^(javascript|vbscript|data):/i;
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "cite",
  "data",
  "background",
  "srcset",
  "ping",
  "content",
]);
const BANNED_ELEMENTS = new Set([
  "script",
  "iframe",
  "frame",
  "object",
  "embed",
  "base",
  "form",
  "style",
  "svg",
  "math",
  "meta",
  "link",
  "noscript",
  "template",
]);

/** What a browser would find in body_html, read with a spec-compliant HTML parser (parse5), as the storefront's innerHTML does. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if ("tagName" in node) {
      if (BANNED_ELEMENTS.has(node.tagName)) found.push(`<${node.tagName}> element`);
      for (const attr of node.attrs) {
        const name = attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
        if (/^on/i.test(name)) found.push(`${name} on <${node.tagName}>`);
        if (name === "style" || name === "srcdoc") found.push(`${name} attribute on <${node.tagName}>`);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these around a url, so the check does too
        if (URL_ATTRIBUTES.has(name) && SCRIPT_URL.test(attr.value.replace(/[\u0000-\u0020]+/g, "")))
          found.push(`${name}="${attr.value}" on <${node.tagName}>`);
      }
    }
    if ("childNodes" in node) node.childNodes.forEach(walk);
    if ("content" in node) walk(node.content as Node);
  };
  walk(parse(`<!doctype html><html><body><div class="content-body">${html}</div></body></html>`));
  return found;
}

describe.each(testBackends())("stored script on public pages on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let visitor: TestClient;
  let staff: TestClient;
  const frontEnds = mkdtempSync(join(tmpdir(), "shop-front-ends-"));

  beforeAll(async () => {
    // Stand-ins for the built front ends: the server's own HTML answers are what is under test here.
    for (const app of ["web", "admin"]) {
      mkdirSync(join(frontEnds, app, "dist"), { recursive: true });
      writeFileSync(
        join(frontEnds, app, "dist", "index.html"),
        `<!doctype html><title>${app}</title><script type="module" src="/x.js"></script>`,
      );
    }
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { frontEndRoot: frontEnds });
    visitor = new TestClient(server.url);
    ({ client: staff } = await signedInClient(server, "edna@example.org", "Edna Editor"));
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
    rmSync(frontEnds, { recursive: true, force: true });
  });

  it.each(PROBES.map(([name, body], i) => ({ name, body, url: `/probe-${i}/` })))(
    "core hardening 9: $name, stored by staff, reaches a visitor without script",
    async ({ name, body, url }) => {
      const created = await staff.post("/admin/api/content/contentnode/", {
        name,
        url,
        body: `<p>Before</p>${body}<p>After</p>`,
        ignore_warnings: true,
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect(
        (await staff.post("/admin/content/contentnode/action/", { action: "publish", pk: created.json.id })).status,
      ).toBe(200);

      const page = await visitor.get(`/api/content/page/?url=${url}`);
      expect(page.status).toBe(200);
      const html: string = page.json.page.body_html;
      expect(dangers(html), html).toEqual([]);
      expect(html).toMatch(/^<p>Before<\/p>[\s\S]*<p>After<\/p>/); // the page around the probe is kept
    },
  );

  it("core hardening 9: the toolbox's markup and plain document HTML survive the sanitiser", async () => {
    const body =
      '<h2 id="intro" class="lead">Intro</h2><p><a href="https://example.org/a?b=1" target="_blank" rel="noopener">ext</a> <a href="mailto:a@example.org">mail</a> <a href="tel:+15551234">tel</a> <a href="{% get_urls %}">self</a></p>' +
      '<img src="/media/ark.png" alt="The Ark" width="300"><table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>' +
      '<details><summary>More</summary><p>Hidden</p></details>{% scripture "John 3:16" %}{% footnote "Note" %}{% embed_media type="file" url="/media/talk.mp3" title="Talk" %}';
    const created = await staff.post("/admin/api/content/contentnode/", {
      name: "Kept",
      url: "/kept/",
      body,
      ignore_warnings: true,
    });
    await staff.post("/admin/content/contentnode/action/", { action: "publish", pk: created.json.id });
    const html: string = (await visitor.get("/api/content/page/?url=/kept/")).json.page.body_html;
    for (const kept of [
      '<h2 id="intro" class="lead">Intro</h2>',
      '<a href="https://example.org/a?b=1" target="_blank" rel="noopener external noreferrer">ext</a>',
      '<a href="mailto:a@example.org">mail</a>',
      '<a href="tel:+15551234">tel</a>',
      '<a href="/kept/">self</a>',
      '<img src="/media/ark.png" alt="The Ark" width="300" />',
      '<th scope="col">A</th>',
      '<td colspan="2">1</td>',
      "<details><summary>More</summary><p>Hidden</p></details>",
      '<cite class="scripture" data-reference="John 3:16" data-translation="NKJV">John 3:16 (NKJV)</cite>',
      '<sup class="footnote-ref" id="footnote-ref-1"><a href="#footnote-1">1</a></sup>',
      '<audio class="embed-media" controls preload="metadata" src="/media/talk.mp3" title="Talk"></audio>',
      '<ol class="footnotes"><li id="footnote-1">Note <a href="#footnote-ref-1" class="footnote-back">↩</a></li></ol>',
    ])
      expect(html).toContain(kept);
  });

  it("core hardening 9: every HTML answer carries a CSP without 'unsafe-inline' for scripts", async () => {
    const html = { accept: "text/html,application/xhtml+xml" };
    const answers = [
      await visitor.request("GET", "/", undefined, html),
      await visitor.request("GET", "/about/", undefined, html),
      await visitor.request("GET", "/admin/", undefined, html),
      await visitor.request("GET", "/admin/content/contentnode/", undefined, html),
      await staff.request("GET", "/admin/base/cmsactionevent/", undefined, html),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      const csp = Object.fromEntries(
        (answer.headers.get("content-security-policy") ?? "")
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      const scripts: string[] = csp["script-src"] ?? csp["default-src"] ?? ["*"];
      expect(scripts).toEqual(["'self'"]);
      expect(csp["script-src-attr"]).toEqual(["'none'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["base-uri"]).toEqual(["'self'"]);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // The API's answers (JSON, errors too) carry it as well.
    for (const answer of [await visitor.get("/api/content/page/?url=/nowhere/"), await visitor.get("/healthz")])
      expect(answer.headers.get("content-security-policy")).toContain("script-src 'self'");
  });
});
