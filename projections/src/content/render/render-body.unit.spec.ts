import { describe, expect, it } from "vitest";
import { audienceGroups, mayShow, renderBody, type RenderContext } from "./render-body.ts";

const visitor = { signedIn: false, isStaff: false, groups: [] };
const member = { signedIn: true, isStaff: false, groups: ["members"] };
const staff = { signedIn: true, isStaff: true, groups: ["members", "staff"] };

const MEDIA: Record<number, { url: string; title: string; format: string | null }> = {
  1: { url: "/media/talk.mp3", title: "Talk", format: null },
  3: { url: "/media/ark-tour", title: "Ark Tour", format: "mp4" },
  4: { url: "/media/guide", title: "Guide", format: "pdf" },
};

const ctx = (audience: RenderContext["audience"] = visitor): RenderContext => ({
  page: { id: 2, url: "/about/", title: "About" },
  audience,
  nodeLink: async (id) => (id === 3 ? { title: "Mission", url: "/about/mission/" } : null),
  // The link's title shows the query the tag made, so a test sees every option arrive.
  related: async (id, q) =>
    [1, 2]
      .map((n) => ({ title: `${id} ${q.relation} ${q.relationFilter} ${q.collectionFilter} ${n}`, url: `/${n}/` }))
      .slice(0, q.count),
  mediaFile: async (id) => MEDIA[id] ?? null,
  collection: async (id) =>
    id === 10
      ? [
          {
            title: "Flood",
            url: "/videos/flood/",
            body: '<p>Watch:</p>{% restrict_content mode="anonymous" %}{% embed_media type="item" id=3 %}{% endrestrict_content %}',
          },
          { title: "Notes", url: "/videos/notes/", body: "<p>No media here.</p>" },
        ]
      : [],
  translations: async (id) =>
    id === 5
      ? [{ language: "de", title: "Über uns", url: "/us/?lang=de" }]
      : id === 2
        ? [{ language: "es", title: "Acerca", url: "/about/?lang=es" }]
        : [],
});

const VIDEO_ITEM =
  '<figure class="embed-media embed-media-item"><video controls preload="metadata"><source src="/media/ark-tour" type="video/mp4" /><a href="/media/ark-tour" download>Download Ark Tour</a></video><figcaption>Ark Tour</figcaption></figure>';

describe("template tags in a page body", () => {
  it("get_translations lists this page's translations, or with node=N the translation set of page N", async () => {
    expect(
      await renderBody("{% get_translations %}|{% get_translations node=5 %}|{% get_translations node=9 %}", ctx()),
    ).toBe(
      '<ul class="translations"><li><a href="/about/?lang=es" hreflang="es">Acerca</a></li></ul>|<ul class="translations"><li><a href="/us/?lang=de" hreflang="de">Über uns</a></li></ul>|',
    );
  });
  it("get_urls gives a node's url, a link with as=link, and # for an unknown node", async () => {
    expect(
      await renderBody(
        '{% get_urls node=3 %}|{% get_urls node=3 as="link" %}|{% get_urls node=9 %}|{% get_urls %}',
        ctx(),
      ),
    ).toBe('/about/mission/|<a href="/about/mission/">Mission</a>|#|/about/');
  });
  it("embed_media plays audio and video files with HTML5 players, never Flash", async () => {
    expect(await renderBody('{% embed_media type="file" id=1 %}', ctx())).toBe(
      '<audio class="embed-media" controls preload="metadata" src="/media/talk.mp3" title="Talk"></audio>',
    );
    expect(await renderBody('{% embed_media type="file" url="/v.webm" width=640 %}', ctx())).toBe(
      '<video class="embed-media" controls preload="metadata" src="/v.webm" width="640"></video>',
    );
    expect(await renderBody('{% embed_media type="file" id=3 %}', ctx())).toBe(
      '<video class="embed-media" controls preload="metadata" src="/media/ark-tour" title="Ark Tour"></video>',
    );
    expect(await renderBody('{% embed_media type="file" url="javascript:alert(1)" %}', ctx())).toBe("");
  });
  it("embed_media item shows a media item as an HTML5 player with its type, a download fallback and a caption", async () => {
    expect(await renderBody('{% embed_media type="item" id=3 %}', ctx())).toBe(VIDEO_ITEM);
    expect(await renderBody('{% embed_media type="item" id=1 title="Talk one" %}', ctx())).toBe(
      '<figure class="embed-media embed-media-item"><audio controls preload="metadata"><source src="/media/talk.mp3" type="audio/mpeg" /><a href="/media/talk.mp3" download>Download Talk one</a></audio><figcaption>Talk one</figcaption></figure>',
    );
    expect(await renderBody('{% embed_media type="item" id=4 %}', ctx())).toBe(
      '<a class="embed-media embed-media-item" href="/media/guide" download>Guide</a>',
    );
    expect(await renderBody('{% embed_media type="item" id=7 %}', ctx())).toBe("");
  });
  it("embed_media itemlistall lists the collection's items, each with the media its page embeds", async () => {
    expect(await renderBody('{% embed_media type="itemlistall" id=10 %}', ctx())).toBe(
      `<ul class="embed-media-list"><li><a href="/videos/flood/">Flood</a>${VIDEO_ITEM}</li><li><a href="/videos/notes/">Notes</a></li></ul>`,
    );
    expect(await renderBody('{% embed_media type="itemlistall" id=11 %}', ctx())).toBe("");
    // Flood's video is for visitors only (restrict_content anonymous): signed in, the list shows no player.
    expect(await renderBody('{% embed_media type="itemlistall" id=10 %}', ctx(member))).toBe(
      '<ul class="embed-media-list"><li><a href="/videos/flood/">Flood</a></li><li><a href="/videos/notes/">Notes</a></li></ul>',
    );
  });
  it("footnotes are numbered and listed at footnote_index, or at the end when it is missing", async () => {
    const html = await renderBody('a{% footnote "one" %}b{% footnote "<two>" %}', ctx());
    expect(html).toBe(
      'a<sup class="footnote-ref" id="footnote-ref-1"><a href="#footnote-1">1</a></sup>b<sup class="footnote-ref" id="footnote-ref-2"><a href="#footnote-2">2</a></sup>' +
        '<ol class="footnotes"><li id="footnote-1">one <a href="#footnote-ref-1" class="footnote-back">↩</a></li><li id="footnote-2">&lt;two&gt; <a href="#footnote-ref-2" class="footnote-back">↩</a></li></ol>',
    );
  });
  it("scripture shows the reference with its translation; an unknown translation falls back to NKJV", async () => {
    expect(await renderBody('{% scripture "John 3:16" "esv" %}', ctx())).toBe(
      '<cite class="scripture" data-reference="John 3:16" data-translation="ESV">John 3:16 (ESV)</cite>',
    );
    expect(await renderBody('{% scripture "John 3:16" "XYZ" %}', ctx())).toContain("(NKJV)");
  });
  it("related nodes honour relation, relation_filter, collection_filter and count", async () => {
    expect(await renderBody('{% get_related_contentnodes relation="sibling" count=1 %}', ctx())).toBe(
      '<ul class="related-contentnodes related-sibling"><li><a href="/1/">2 sibling real both 1</a></li></ul>',
    );
    expect(
      await renderBody(
        '{% get_related_contentnodes node=5 relation="parents" relation_filter="adoptive" collection_filter="collection" count=1 %}',
        ctx(),
      ),
    ).toBe(
      '<ul class="related-contentnodes related-parents"><li><a href="/1/">5 parents adoptive collection 1</a></li></ul>',
    );
    expect(
      await renderBody('{% get_related_contentnodes relation_filter="both" collection_filter="item" count=1 %}', ctx()),
    ).toContain("2 child both item 1");
    expect(
      await renderBody(
        '{% get_related_contentnodes relation="cousin" relation_filter="fake" collection_filter="x" count=1 %}',
        ctx(),
      ),
    ).toContain("2 child real both 1");
  });
  it("restrict_content shows its part only to the chosen audience", () => {
    expect([visitor, member, staff].map((a) => mayShow({ mode: "anonymous" }, a))).toEqual([true, false, false]);
    expect([visitor, member, staff].map((a) => mayShow({}, a))).toEqual([false, true, true]);
    expect([visitor, member, staff].map((a) => mayShow({ mode: "staff" }, a))).toEqual([false, false, true]);
  });
  it("restrict_content choosegroup shows its part to the chosen group's members, and to staff", () => {
    expect([visitor, member, staff].map((a) => mayShow({ mode: "choosegroup", group: "members" }, a))).toEqual([
      false,
      true,
      true,
    ]);
    expect([visitor, member, staff].map((a) => mayShow({ mode: "choosegroup", group: "staff" }, a))).toEqual([
      false,
      false,
      true,
    ]);
    expect([visitor, member, staff].map((a) => mayShow({ mode: "choosegroup", group: "donors" }, a))).toEqual([
      false,
      false,
      true,
    ]);
    expect([visitor, member, staff].map((a) => mayShow({ mode: "choosegroup" }, a))).toEqual([false, false, true]);
    expect(audienceGroups(null)).toEqual([]);
    expect(audienceGroups({ is_staff: false })).toEqual(["members"]);
    expect(audienceGroups({ is_staff: true })).toEqual(["members", "staff"]);
  });
  it("script, event handlers and javascript: urls are removed from the body; unknown tags show nothing", async () => {
    expect(
      await renderBody(
        '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">l</a>{% unknown_tag %}</p>',
        ctx(),
      ),
    ).toBe("<p>Hi<a>l</a></p>");
  });
  it("widget markup keeps data-widget and each widget's listed data-* settings, and nothing else", async () => {
    expect(
      await renderBody(
        '<a href="/a.jpg" data-widget="overlay" data-overlay="image" data-rel="set" data-x="1">A</a>' +
          '<div data-widget="countdown" data-redirect="/done/" data-onload="x" data-percent="5">C</div>' +
          '<div data-widget="countdown" data-redirect="javascript:alert(1)">D</div>' +
          '<video src="/v.mp4" data-start="3" data-end="9" data-redirect="/x/"></video>',
        ctx(),
      ),
    ).toBe(
      '<a href="/a.jpg" data-widget="overlay" data-overlay="image" data-rel="set">A</a>' +
        '<div data-widget="countdown" data-redirect="/done/" data-percent="5">C</div>' +
        '<div data-widget="countdown">D</div>' +
        '<video src="/v.mp4" data-start="3" data-end="9"></video>',
    );
  });
  it("spec 2: a player keeps its fallback and settings (data-youtube, data-vimeo, data-autostart, data-skin, data-analytic)", async () => {
    const player =
      '<video src="/v.mp4" data-youtube="dQw4w9WgXcQ" data-vimeo="76979871" data-autostart="" data-skin="dark" data-analytic=""></video>';
    expect(await renderBody(`${player}<audio src="/a.mp3" data-onplay="x" data-skin="dark"></audio>`, ctx())).toBe(
      '<video src="/v.mp4" data-youtube="dQw4w9WgXcQ" data-vimeo="76979871" data-autostart data-skin="dark" data-analytic></video>' +
        '<audio src="/a.mp3" data-skin="dark"></audio>',
    );
  });
  it("spec 12: a link off the organisation's sites opens in a new tab with rel noopener; its own sites and private IP:port stay as written", async () => {
    expect(
      await renderBody(
        '<a href="https://example.com/x" rel="nofollow">out</a>' +
          '<a href="https://www.arkencounter.com/tickets/">ark</a>' +
          '<a href="http://192.168.1.20:8000/">staging</a>' +
          '<a href="/about/">here</a>' +
          '<a href="mailto:info@example.org">mail</a>',
        ctx(),
      ),
    ).toBe(
      '<a href="https://example.com/x" rel="nofollow external noopener noreferrer" target="_blank">out</a>' +
        '<a href="https://www.arkencounter.com/tickets/">ark</a>' +
        '<a href="http://192.168.1.20:8000/">staging</a>' +
        '<a href="/about/">here</a>' +
        '<a href="mailto:info@example.org">mail</a>',
    );
  });
});
