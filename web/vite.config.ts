import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { bundleSizes } from "../scripts/bundle-sizes.mjs";

const server = "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
    // Every storefront page, a product page included, loads the same entry; DESIGN §11 caps it at 150 kB gzip.
    bundleSizes({ initialBudgetKb: 150, pageNames: { "index.html": "a product page (and every storefront page)" } }),
  ],
  // `vite build --ssr src/entry-server.tsx` (npm run build) writes the server renderer to dist-server/,
  // outside dist/ so it is never served as a static file.
  build: { outDir: "dist", emptyOutDir: true, reportCompressedSize: false },
  // zod is configured (jitless, no eval) before any schema is built: see src/platform/zodJitless.ts.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/platform/zodJitless.ts", import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: {
      "/api": server,
      "/admin/api": server,
      "/admin/base": server,
      "/socket.io": { target: server, ws: true },
    },
  },
  preview: { port: 4173 },
});
