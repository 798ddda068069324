import { describe, expect, it } from "vitest";
import { EMBED_MEDIA_TYPES } from "../domain/constants.ts";
import { EMBED_MEDIA_TARGETS, embedMediaId, embedMediaTag } from "./embed-media.ts";
import { parseTemplate } from "./template-tags.ts";

describe("what an embed_media id names", () => {
  it("back office 1: item and file name a media file, itemlistall a collection page; no type names a product", () => {
    expect(Object.keys(EMBED_MEDIA_TARGETS).sort()).toEqual([...EMBED_MEDIA_TYPES].sort());
    expect(EMBED_MEDIA_TARGETS.file).toMatchObject({ names: "mediafile", lookup: "/admin/api/content/mediafile/" });
    expect(EMBED_MEDIA_TARGETS.item).toMatchObject({ names: "mediafile", lookup: "/admin/api/content/mediafile/" });
    expect(EMBED_MEDIA_TARGETS.itemlistall).toMatchObject({
      names: "contentnode",
      lookup: "/admin/api/content/contentnode/",
    });
    for (const target of Object.values(EMBED_MEDIA_TARGETS)) expect(target.lookup).not.toContain("/product/");
  });

  it("back office 1: the tag the toolbox writes reads back as the record it picked", () => {
    const read = (tag: string) => {
      const [node] = parseTemplate(tag);
      return node.kind === "tag" ? embedMediaId(node.options) : null;
    };
    expect(embedMediaTag("item", 7)).toBe("{% embed_media type=item id=7 %}");
    expect(read(embedMediaTag("item", 7))).toEqual({ names: "mediafile", id: 7 });
    expect(read(embedMediaTag("itemlistall", 9))).toEqual({ names: "contentnode", id: 9 });
    expect(read(embedMediaTag("file", 5))).toEqual({ names: "mediafile", id: 5 });
    // No type is a file, as the renderer has always read it; a missing or odd id names nothing.
    expect(read("{% embed_media id=3 %}")).toEqual({ names: "mediafile", id: 3 });
    expect(read('{% embed_media type=item id="x" %}')).toBeNull();
  });
});
