import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { bundleSizes } from "../scripts/bundle-sizes.mjs";

const server = "http://localhost:3000";

export default defineConfig({
  base: "/admin/",
  plugins: [react(), bundleSizes({ initialBudgetKb: 250 })],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The bundle-sizes plugin prints the gzipped sizes (and checks the initial budget).
    reportCompressedSize: false,
    // Second entry: the in-page admin bar the storefront imports for staff, at a fixed URL (/admin/admin-bar.js).
    rollupOptions: {
      input: { main: "index.html", "admin-bar": "src/admin-bar/entry.ts" },
      preserveEntrySignatures: "exports-only",
      output: { entryFileNames: (chunk) => (chunk.name === "admin-bar" ? "admin-bar.js" : "assets/[name]-[hash].js") },
    },
  },
  server: {
    port: 5174,
    proxy: {
      "/api": server,
      "/admin/api": server,
      "/admin/base": server,
      "/socket.io": { target: server, ws: true },
    },
  },
  preview: { port: 4174 },
});
