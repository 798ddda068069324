// Writes a .br and a .gz beside each text file of a front end's build (node scripts/precompress.mjs web/dist),
// so the server sends them as they are instead of compressing every request (services/src/platform/http/static-files.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const SMALLEST = 1024; // the server leaves answers under 1 KB uncompressed too

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

export function precompress(dir) {
  let files = 0;
  let before = 0;
  let after = 0;
  for (const path of filesUnder(dir)) {
    const raw = readFileSync(path);
    if (raw.length < SMALLEST) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    // A twin no smaller than the file is not worth a lookup.
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    files += 1;
    before += raw.length;
    after += Math.min(br.length, raw.length);
  }
  return { files, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${dir} is not a directory`);
    const { files, before, after } = precompress(dir);
    console.log(
      `precompressed ${files} files in ${dir}: ${(before / 1024).toFixed(0)} KiB, ${(after / 1024).toFixed(0)} KiB as brotli`,
    );
  }
}
