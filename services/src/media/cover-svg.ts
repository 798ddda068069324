import { COVER_HEIGHT, COVER_WIDTH } from "@shop/shared/media/images";

// A product's generated cover: its title large and readable, a colour and a pattern per category,
// the format as a badge. Drawn per request from the product row (a few microseconds), so the
// 100,000-product generator writes no files and a renamed product gets a new cover at once.

type Pattern = "dots" | "stripes" | "waves" | "grid" | "rings" | "diamonds";
interface Look {
  label: string;
  from: string;
  to: string;
  pattern: Pattern;
}

const LOOKS: Record<string, Look> = {
  "magazine-sub": { label: "Magazine", from: "#7a1f2b", to: "#b23a48", pattern: "stripes" },
  "magazine-issue": { label: "Magazine", from: "#8c2f39", to: "#c44b4f", pattern: "stripes" },
  witnessing: { label: "Witnessing", from: "#1d4e89", to: "#3a7bd5", pattern: "rings" },
  vbs: { label: "VBS", from: "#c0561b", to: "#f29e4c", pattern: "dots" },
  abc: { label: "Kids", from: "#2b7a78", to: "#3aafa9", pattern: "dots" },
  books: { label: "Books", from: "#1f3a5f", to: "#35608f", pattern: "grid" },
  "audio/software": { label: "Audio", from: "#4a235a", to: "#7d3c98", pattern: "waves" },
  videos: { label: "Video", from: "#212f3d", to: "#2e4a62", pattern: "diamonds" },
  translations: { label: "Translations", from: "#1e5631", to: "#4c9a2a", pattern: "grid" },
  bibles: { label: "Bibles", from: "#3b2314", to: "#6e4529", pattern: "rings" },
  apparel: { label: "Apparel", from: "#22577a", to: "#38a3a5", pattern: "diamonds" },
  bju: { label: "Curriculum", from: "#5b3e96", to: "#8e6cc9", pattern: "grid" },
  "limited-edition": { label: "Limited Edition", from: "#5c4813", to: "#a67c00", pattern: "rings" },
  tickets: { label: "Tickets", from: "#9b2226", to: "#ca6702", pattern: "stripes" },
  "video-downloads": { label: "Video Download", from: "#14213d", to: "#2d4a7a", pattern: "diamonds" },
  ebooks: { label: "eBook", from: "#234e52", to: "#2c7a7b", pattern: "grid" },
  pdf: { label: "PDF", from: "#44337a", to: "#6b46c1", pattern: "stripes" },
  mp3: { label: "Audio Download", from: "#553c9a", to: "#805ad5", pattern: "waves" },
  packs: { label: "Pack", from: "#744210", to: "#b7791f", pattern: "dots" },
  donation: { label: "Donation", from: "#22543d", to: "#38a169", pattern: "waves" },
};
const OTHER: Look = { label: "Answers Store", from: "#2d3748", to: "#4a5568", pattern: "grid" };

const PATTERNS: Record<Pattern, string> = {
  dots: '<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="5" fill="#fff" fill-opacity=".12"/></pattern>',
  stripes:
    '<pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="14" height="36" fill="#fff" fill-opacity=".09"/></pattern>',
  waves:
    '<pattern id="p" width="120" height="40" patternUnits="userSpaceOnUse"><path d="M0 20q30-20 60 0t60 0" fill="none" stroke="#fff" stroke-opacity=".14" stroke-width="4"/></pattern>',
  grid: '<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0v48" fill="none" stroke="#fff" stroke-opacity=".1" stroke-width="2"/></pattern>',
  rings:
    '<pattern id="p" width="90" height="90" patternUnits="userSpaceOnUse"><circle cx="45" cy="45" r="30" fill="none" stroke="#fff" stroke-opacity=".1" stroke-width="6"/></pattern>',
  diamonds:
    '<pattern id="p" width="50" height="50" patternUnits="userSpaceOnUse"><path d="M25 5l20 20-20 20L5 25z" fill="#fff" fill-opacity=".08"/></pattern>',
};

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The title in lines of at most `width` characters (a long word is cut), at most `max` lines with an ellipsis. */
export function titleLines(title: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.trim().split(/\s+/).filter(Boolean)) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (line && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = piece;
    } else line = line ? `${line} ${piece}` : piece;
  }
  if (line) lines.push(line);
  // No lone short word on the last line ("Book / 2"): the word before it moves down too.
  const last = lines.length - 1;
  if (last > 0 && lines[last].length <= 3 && lines[last - 1].includes(" ")) {
    const cut = lines[last - 1].lastIndexOf(" ");
    lines[last] = `${lines[last - 1].slice(cut + 1)} ${lines[last]}`;
    lines[last - 1] = lines[last - 1].slice(0, cut);
  }
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1].slice(0, width - 1)}…`;
  return kept;
}

/** The SVG document of a cover. */
export function coverSvg(p: { title: string; category: string; format: string }): string {
  const look = LOOKS[p.category] ?? OTHER;
  // Shorter titles get larger type; about 0.55 em per character of a serif face.
  const size = p.title.length <= 24 ? 64 : p.title.length <= 48 ? 54 : 44;
  const perLine = Math.floor((COVER_WIDTH - 120) / (size * 0.55));
  const lines = titleLines(p.title || "Untitled", perLine, 6);
  const lineHeight = Math.round(size * 1.18);
  const top = 340 - ((lines.length - 1) * lineHeight) / 2 + size / 3;
  const title = lines
    .map((l, i) => `<tspan x="60" y="${Math.round(top + i * lineHeight)}">${escapeXml(l)}</tspan>`)
    .join("");
  const format = p.format.slice(0, 28);
  const badgeWidth = Math.round(format.length * 15 + 48);
  const badge = format
    ? `<g><rect x="60" y="${COVER_HEIGHT - 130}" width="${badgeWidth}" height="56" rx="28" fill="#fff"/>` +
      `<text x="${60 + badgeWidth / 2}" y="${COVER_HEIGHT - 93}" text-anchor="middle" font-size="26" font-weight="700" fill="${look.from}">${escapeXml(format)}</text></g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img" aria-label="${escapeXml(p.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.from}"/><stop offset="1" stop-color="${look.to}"/></linearGradient>${PATTERNS[look.pattern]}</defs>
<rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#p)"/>
<circle cx="${COVER_WIDTH - 60}" cy="${COVER_HEIGHT - 170}" r="190" fill="#fff" fill-opacity=".07"/>
<circle cx="${COVER_WIDTH - 60}" cy="${COVER_HEIGHT - 170}" r="120" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="10"/>
<rect x="24" y="24" width="${COVER_WIDTH - 48}" height="${COVER_HEIGHT - 48}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="3"/>
<text x="60" y="104" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" letter-spacing="4" fill="#fff" fill-opacity=".85">${escapeXml(look.label.toUpperCase())}</text>
<rect x="60" y="124" width="80" height="5" fill="#fff" fill-opacity=".85"/>
<text font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="700" fill="#fff">${title}</text>
<g font-family="Helvetica, Arial, sans-serif">${badge}</g>
</svg>`;
}
