import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "@shop/shared/media/errors";
import { MEDIA_MAX_BYTES, coverUrl, imageSources, mediaUrl, socialImageUrl } from "@shop/shared/media/images";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { apiSpec } from "../testing/api-spec.ts";
import type { TestClient } from "../testing/http-client.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { MEDIA_UPLOADED } from "./media-router.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const shopper = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const UPLOAD = "/admin/api/media/";
const FOREVER = "public, max-age=31536000, immutable";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#b23a48" } })
    .png()
    .toBuffer();
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const getBytes = async (client: TestClient, path: string) => {
  const res = await fetch(client.baseUrl + path);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

describe("spec 26.1: staff upload product images, kept by content hash and resized", () => {
  it("a 1200×900 PNG is stored as 160, 320, 640 and 960 px WebP, each served for a year (immutable), no event", async () => {
    const photo = await png(1200, 900);
    const hash = sha(photo);
    await spec
      .given(edna)
      .when((http) => http.as(edna).upload(UPLOAD, photo, "image/png"))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(201);
        expect(response.json).toEqual({
          metadata: { success: true, message: MEDIA_UPLOADED },
          url: mediaUrl(hash, 960),
          hash,
          width: 960,
          height: 720,
          widths: [160, 320, 640, 960],
        });
        expect(newEvents).toEqual([]);
        for (const width of [160, 320, 640, 960]) {
          const served = await getBytes(http.visitor(), mediaUrl(hash, width));
          expect(served.status).toBe(200);
          expect(served.headers.get("content-type")).toBe("image/webp");
          expect(served.headers.get("cache-control")).toBe(FOREVER);
          const meta = await sharp(served.body).metadata();
          expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
            format: "webp",
            width,
            height: (width * 3) / 4,
          });
        }
        expect(imageSources(response.json.url).srcSet).toBe(
          [160, 320, 640, 960].map((w) => `${mediaUrl(hash, w)} ${w}w`).join(", "),
        );
      });
  });

  it("the same bytes uploaded twice are stored once, under one URL", async () => {
    const photo = await png(400, 300);
    await spec
      .given(edna)
      .when(async (http) => {
        const first = await http.as(edna).upload(UPLOAD, photo, "image/png");
        expect(first.status).toBe(201);
        return http.as(edna).upload(UPLOAD, photo, "application/octet-stream");
      })
      .then(async ({ response, db }) => {
        expect(response.status).toBe(201);
        expect(response.json).toMatchObject({ url: mediaUrl(sha(photo), 400), width: 400, widths: [160, 320, 400] });
        const rows = await db.selectFrom("media").select("hash").where("hash", "=", sha(photo)).execute();
        expect(rows).toHaveLength(1);
      });
  });

  it("a file that is not an image (told by its content, not its type) is refused: 415 with a clear message", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).upload(UPLOAD, Buffer.from("<html>not a picture</html>"), "image/png"))
      .then({
        status: 415,
        body: {
          metadata: {
            success: false,
            code: "MEDIA_NOT_AN_IMAGE",
            message: MEDIA_MESSAGES.notAnImage,
            errors: [`__all__: ${MEDIA_MESSAGES.notAnImage}`],
          },
        },
      }));

  it("an upload over 8 MB is refused: 413 MEDIA_TOO_LARGE", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).upload(UPLOAD, Buffer.alloc(MEDIA_MAX_BYTES + 1, 1), "image/jpeg"))
      .then(({ response }) => {
        expect(response.status).toBe(413);
        expect(response.json.metadata).toMatchObject({ code: "MEDIA_TOO_LARGE", message: MEDIA_MESSAGES.tooLarge });
      }));

  it("an image over 40 megapixels is refused before it is decoded: 413 with the pixel limit", async () => {
    const huge = await png(8000, 6000);
    await spec
      .given(edna)
      .when((http) => http.as(edna).upload(UPLOAD, huge, "image/png"))
      .then(({ response }) => {
        expect(response.status).toBe(413);
        expect(response.json.metadata).toMatchObject({
          code: "MEDIA_TOO_LARGE",
          message: MEDIA_MESSAGES.tooManyPixels,
        });
      });
  });

  it("only staff upload: a visitor gets 401, a shopper 403, a request without the CSRF header 403", async () => {
    const photo = await png(200, 200);
    await spec
      .given(shopper, edna)
      .when(async (http) => {
        expect((await http.visitor().upload(UPLOAD, photo, "image/png")).status).toBe(401);
        expect((await http.as(shopper).upload(UPLOAD, photo, "image/png")).status).toBe(403);
        const noCsrf = http.as(edna);
        return noCsrf.request("POST", UPLOAD, photo, { "content-type": "image/png", "x-csrftoken": "forged" });
      })
      .then(({ response }) => {
        expect(response.status).toBe(403);
        expect(response.json.metadata.code).toBe("CSRF_FAILED");
      });
  });

  it("an image that is not stored answers 404", () =>
    spec
      .given()
      .when((http) => http.visitor().get(mediaUrl("a".repeat(64), 160)))
      .then(({ response }) => expect(response.status).toBe(404)));

  it("a content page under /media/ (/media/{slug}/) is left to the pages, not taken for an image", () =>
    spec
      .given()
      .when((http) => http.visitor().get("/media/vbs-reveal/"))
      .then(({ response }) => expect(response.text).not.toBe("No such image.")));
});

describe("spec 26.1: every product without an upload has a generated cover", () => {
  const book = [
    productGiven(7, { title: "The New Answers Book 1" }),
    ...skuGiven(700, "10-1-700", { productId: 7, format: "Paperback", priceCents: 1499, stock: 5 }),
  ];
  const cover = coverUrl({ id: 7, title: "The New Answers Book 1", category: "books", format: "Paperback" });

  it("the list card names the cover; the cover is an SVG with the title and format, cached for a year", () =>
    spec
      .given(...book)
      .when((http) => http.visitor().get("/api/store/products/"))
      .then(async ({ response, http }) => {
        expect(response.json.items.map((i: { image: string }) => i.image)).toEqual([cover]);
        const svg = await http.visitor().get(cover);
        expect(svg.status).toBe(200);
        expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
        expect(svg.headers.get("cache-control")).toBe(FOREVER);
        expect(svg.text).toContain("The New Answers");
        expect(svg.text).toContain("Paperback");
        expect(svg.text).toContain("BOOKS");
        const stale = await http.visitor().get("/media/covers/7-old.svg");
        expect(stale.headers.get("cache-control")).toBe("public, max-age=300");
        expect((await http.visitor().get("/media/covers/999-abc.svg")).status).toBe(404);
      }));

  it("link previews get the cover as a 600×800 PNG, drawn once and kept, cached for a year", () =>
    spec
      .given(...book)
      .when((http) => http.visitor().get("/api/store/products/"))
      .then(async ({ http }) => {
        expect(socialImageUrl(cover)).toBe(cover.replace(/\.svg$/, ".png"));
        const response = await getBytes(http.visitor(), socialImageUrl(cover));
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/png");
        expect(response.headers.get("cache-control")).toBe(FOREVER);
        const meta = await sharp(response.body).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: "png",
          width: 600,
          height: 800,
        });
        const again = await getBytes(http.visitor(), socialImageUrl(cover));
        expect(again.body.equals(response.body)).toBe(true);
        expect((await http.visitor().get("/media/covers/999-abc.png")).status).toBe(404);
      }));

  it("the quick view and the product page show the cover", () =>
    spec
      .given(...book)
      .when((http) => http.visitor().get("/api/store/product/quick-view/?id=7"))
      .then(async ({ response, http }) => {
        expect(response.json.image).toBe(cover);
        const page = await http
          .visitor()
          .request("GET", "/store/products/7/", undefined, { accept: "application/json" });
        expect(page.json.product?.images ?? page.json.images).toEqual([{ url: cover, alt: "The New Answers Book 1" }]);
      }));

  it("an uploaded image replaces the cover on the list card", () =>
    spec
      .given(
        productGiven(8, { title: "Dinosaurs", images: [{ url: mediaUrl("b".repeat(64), 640), alt: "" }] }),
        ...skuGiven(800, "10-1-800", { productId: 8, format: "Hardcover", priceCents: 999, stock: 1 }),
      )
      .when((http) => http.visitor().get("/api/store/products/"))
      .then(({ response }) => {
        expect(response.json.items.map((i: { image: string }) => i.image)).toEqual([mediaUrl("b".repeat(64), 640)]);
      }));
});
