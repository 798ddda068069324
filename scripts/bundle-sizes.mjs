// A Vite plugin for admin/ and web/: after `vite build` it prints every JavaScript bundle with its gzipped
// size, marks what a page loads before any interaction (an HTML entry and its static imports) and fails the
// build when that initial JavaScript exceeds the budget. Sizes in kB (1000 bytes), as Vite prints them.
import { gzipSync } from "node:zlib";

const kB = (bytes) => `${(bytes / 1000).toFixed(2).padStart(9)} kB`;

/** What each HTML entry loads at once: its chunk and, transitively, the chunks it imports statically. */
function initialChunks(bundle) {
  const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const result = new Map();
  for (const entry of chunks.filter((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(".html"))) {
    const seen = new Set();
    const visit = (fileName) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
    };
    visit(entry.fileName);
    result.set(entry.facadeModuleId.split("/").pop(), [...seen]);
  }
  return result;
}

/**
 * @param {{ initialBudgetKb?: number, pageNames?: Record<string, string> }} options the most gzipped JavaScript an
 * HTML page may load at once; what to call an HTML entry in the report (e.g. which pages it serves)
 */
export function bundleSizes({ initialBudgetKb, pageNames = {} } = {}) {
  let serverBuild = false;
  return {
    name: "bundle-sizes",
    apply: "build",
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr); // the server renderer's bundle is never sent to a browser
    },
    // writeBundle sees each chunk's final code (Vite rewrites its preload calls in generateBundle).
    writeBundle(_options, bundle) {
      if (serverBuild) return;
      const gzip = new Map();
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk")
          gzip.set(file.fileName, {
            raw: Buffer.byteLength(file.code),
            gzip: gzipSync(file.code, { level: 9 }).length,
          });
      }
      const initial = initialChunks(bundle);
      const initialFiles = new Set([...initial.values()].flat());
      const report = ["", "JavaScript bundles (gzip):"];
      for (const [fileName, size] of [...gzip].sort((a, b) => b[1].gzip - a[1].gzip)) {
        report.push(
          `  ${fileName.padEnd(48)} ${kB(size.raw)} │ gzip ${kB(size.gzip)}  ${initialFiles.has(fileName) ? "initial" : bundle[fileName].isEntry ? "entry" : "on demand"}`,
        );
      }
      const overBudget = [];
      for (const [page, files] of initial) {
        const total = files.reduce((sum, fileName) => sum + gzip.get(fileName).gzip, 0);
        const budget = initialBudgetKb ? ` (budget ${initialBudgetKb} kB)` : "";
        report.push(
          `Initial JavaScript of ${pageNames[page] ?? page}: ${(total / 1000).toFixed(2)} kB gzip in ${files.length} files${budget}`,
        );
        if (initialBudgetKb && total > initialBudgetKb * 1000) overBudget.push(page);
      }
      console.log(report.join("\n"));
      if (overBudget.length) {
        this.error(
          `The initial JavaScript of ${overBudget.join(", ")} is over the ${initialBudgetKb} kB gzip budget: load the heavy parts with import() or React.lazy.`,
        );
      }
    },
  };
}
