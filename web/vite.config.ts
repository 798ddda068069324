import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { bundleSizes } from "../scripts/bundle-sizes.mjs";

const server = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), bundleSizes()],
  build: { outDir: "dist", emptyOutDir: true, reportCompressedSize: false },
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
