import { describe, expect, it } from "vitest";
import { mayShow, renderBody, type RenderContext } from "./render-body.ts";

const ctx = (audience = { signedIn: false, isStaff: false }): RenderContext => ({
  page: { id: 2, url: "/about/", title: "About" },
  audience,
  nodeLink: async (id) => (id === 3 ? { title: "Mission", url: "/about/mission/" } : null),
  related: async (_id, relation, count) => [{ title: `${relation} 1`, url: "/a/" }, { title: `${relation} 2`, url: "/b/" }].slice(0, count),
  mediaFile: async (id) => (id === 1 ? { url: "/media/talk.mp3", title: "Talk" } : null),
  translations: async () => [],
});

describe("template tags in a page body", () => {
  it("get_urls gives a node's url, a link with as=link, and # for an unknown node", async () => {
    expect(await renderBody('{% get_urls node=3 %}|{% get_urls node=3 as="link" %}|{% get_urls node=9 %}|{% get_urls %}', ctx())).toBe(
      '/about/mission/|<a href="/about/mission/">Mission</a>|#|/about/',
    );
  });
  it("embed_media plays audio and video files with HTML5 players, never Flash", async () => {
    expect(await renderBody('{% embed_media type="file" id=1 %}', ctx())).toBe('<audio class="embed-media" controls preload="metadata" src="/media/talk.mp3" title="Talk"></audio>');
    expect(await renderBody('{% embed_media type="file" url="/v.webm" width=640 %}', ctx())).toBe('<video class="embed-media" controls preload="metadata" src="/v.webm" title="" width="640"></video>');
    expect(await renderBody('{% embed_media type="item" id=7 %}', ctx())).toBe('<div class="embed-media" data-type="item" data-id="7"></div>');
    expect(await renderBody('{% embed_media type="file" url="javascript:alert(1)" %}', ctx())).toBe("");
  });
  it("footnotes are numbered and listed at footnote_index, or at the end when it is missing", async () => {
    const html = await renderBody('a{% footnote "one" %}b{% footnote "<two>" %}', ctx());
    expect(html).toBe(
      'a<sup class="footnote-ref" id="footnote-ref-1"><a href="#footnote-1">1</a></sup>b<sup class="footnote-ref" id="footnote-ref-2"><a href="#footnote-2">2</a></sup>' +
        '<ol class="footnotes"><li id="footnote-1">one <a href="#footnote-ref-1" class="footnote-back">&#8617;</a></li><li id="footnote-2">&lt;two&gt; <a href="#footnote-ref-2" class="footnote-back">&#8617;</a></li></ol>',
    );
  });
  it("scripture shows the reference with its translation; an unknown translation falls back to NKJV", async () => {
    expect(await renderBody('{% scripture "John 3:16" "esv" %}', ctx())).toBe('<cite class="scripture" data-reference="John 3:16" data-translation="ESV">John 3:16 (ESV)</cite>');
    expect(await renderBody('{% scripture "John 3:16" "XYZ" %}', ctx())).toContain("(NKJV)");
  });
  it("related nodes honour relation and count", async () => {
    expect(await renderBody('{% get_related_contentnodes relation="sibling" count=1 %}', ctx())).toBe('<ul class="related-contentnodes related-sibling"><li><a href="/a/">sibling 1</a></li></ul>');
  });
  it("restrict_content shows its part only to the chosen audience", () => {
    const visitor = { signedIn: false, isStaff: false };
    const member = { signedIn: true, isStaff: false };
    const staff = { signedIn: true, isStaff: true };
    expect([visitor, member, staff].map((a) => mayShow({ mode: "anonymous" }, a))).toEqual([true, false, false]);
    expect([visitor, member, staff].map((a) => mayShow({}, a))).toEqual([false, true, true]);
    expect([visitor, member, staff].map((a) => mayShow({ mode: "staff" }, a))).toEqual([false, false, true]);
    expect([visitor, member, staff].map((a) => mayShow({ mode: "choosegroup", group: "donors" }, a))).toEqual([false, false, true]);
  });
  it("script, event handlers and javascript: urls are removed from the body; unknown tags show nothing", async () => {
    expect(await renderBody('<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">l</a>{% unknown_tag %}</p>', ctx())).toBe('<p>Hi<a href="#">l</a></p>');
  });
});
