// Product images: where they are served and which widths exist. No zod here: the storefront's
// first bundle imports this file (keep it small).

/** The widths an upload is resized to (WebP); an image narrower than one of them stops at its own width. */
export const MEDIA_WIDTHS = [160, 320, 640, 960] as const;
/** The largest upload staff may send. */
export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
/** POST an image's bytes here (staff only); the answer names its URL. */
export const MEDIA_UPLOAD_PATH = "/admin/api/media/";
/** A product's generated cover is drawn at this size (3:4, like a book); every frame shows images at 3:4. */
export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 800;

const UPLOADED = /^\/media\/([0-9a-f]{64})-(\d+)\.webp$/;

/** The URL of one width of an uploaded image. */
export const mediaUrl = (hash: string, width: number) => `/media/${hash}-${width}.webp`;

/** The widths stored for an image `largest` pixels wide: the standard ones below it, and itself. */
export function mediaWidths(largest: number): number[] {
  return [...MEDIA_WIDTHS.filter((w) => w < largest), largest];
}

/**
 * What an <img> needs for an image URL: an uploaded image's srcset (every stored width, from its
 * largest width in the URL); a cover or any other URL as it is (an SVG cover scales by itself).
 */
export function imageSources(url: string): { src: string; srcSet?: string } {
  const match = UPLOADED.exec(url);
  if (!match) return { src: url };
  const [, hash, largest] = match;
  const widths = mediaWidths(Number(largest));
  return { src: url, srcSet: widths.map((w) => `${mediaUrl(hash, w)} ${w}w`).join(", ") };
}

/** FNV-1a, base 36: a short stamp that changes when the text does (not a security hash). */
function stamp(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

export interface CoverSource {
  id: number;
  title: string;
  category: string;
  format: string;
}

/** The stamp of what a cover draws: its URL changes with it, so the file can be cached for a year. */
export const coverStamp = (p: Omit<CoverSource, "id">) => stamp(`${p.title}\u0000${p.category}\u0000${p.format}`);

/** A product's generated cover, drawn on request from its title, category and format. */
export const coverUrl = (p: CoverSource) => `/media/covers/${p.id}-${coverStamp(p)}.svg`;

/**
 * The image link previews (Open Graph) name: a cover as its PNG drawing, since Facebook, X and chat
 * apps do not show SVG; any other image as it is.
 */
export const socialImageUrl = (url: string) => url.replace(/^(\/media\/covers\/\d+-[0-9a-z]+)\.svg$/, "$1.png");

/** A product's first image, or its cover when staff have given it none. */
export function productImageUrl(images: readonly { url: string }[] | null | undefined, p: CoverSource): string {
  return images?.[0]?.url ?? coverUrl(p);
}

/** A product row's cover source: its first category and format (the same choice everywhere, so one URL). */
export function coverOfProduct(p: {
  id: number;
  title: string;
  categories: readonly string[] | null;
  formats: readonly string[] | null;
}): CoverSource {
  return { id: p.id, title: p.title, category: p.categories?.[0] ?? "", format: p.formats?.[0] ?? "" };
}
