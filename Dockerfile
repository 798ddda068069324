# The production image: `docker build -t ministry-shop .` (docker-compose.yml builds it too).
# Stage 1 installs everything and builds the two front ends and the server bundle (services/dist/);
# stage 2 holds only that output and the server's production dependencies, and runs as `node`.
# scripts/check-runtime-image.mjs rehearses stage 2 without Docker (same copies, same npm ci, /readyz).

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first: the npm ci layer is reused until a package.json or the lock file changes.
# --ignore-scripts, as npm 11 does on the dev machines: nothing we use needs an install script
# (esbuild's and argon2's binaries come as optional packages), and the slim image has no compiler
# for the optional native extras of test tools (cpu-features, ssh2) that npm 10 would try to build.
COPY package.json package-lock.json tsconfig.json tsconfig.base.json tsconfig.tools.json ./
COPY shared/package.json shared/
COPY projections/package.json projections/
COPY services/package.json services/
COPY web/package.json web/
COPY admin/package.json admin/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY shared shared
COPY projections projections
COPY services services
COPY web web
COPY admin admin
COPY scripts scripts
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# MALLOC_MMAP_THRESHOLD_: glibc hands large freed blocks (PGlite's WASM compiler scratch) back to the
# system, about 25 MiB less idle RSS on the embedded default (bench/README.md, memory).
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=65536 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# The bundle inlines our @shop/* code; what it leaves to node_modules are dependencies of services
# (or of shared/projections, which npm installs with it). Every workspace's manifest must be present
# for npm ci to accept the lock file, but only the services workspace is installed: no React, Vite,
# TypeScript or test tools in this image.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY projections/package.json projections/
COPY services/package.json services/
COPY web/package.json web/
COPY admin/package.json admin/
RUN npm ci --omit=dev --workspace services --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/services/dist services/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/admin/dist admin/dist
# The code stays root's and read-only to the server; only the PGlite folder (used when DATABASE_URL
# is unset) belongs to the unprivileged `node` user the server runs as.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# /readyz is 200 once the read models have caught up, 503 while starting or stopping. Node's own
# fetch, so the slim image needs no curl. Reaches the server through 127.0.0.1: HOST must be
# 0.0.0.0 (the default here) or 127.0.0.1.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself; the server handles it (finishes what is in
# flight, releases the projection lock, exits 0 within 10 s). `docker run --init` (compose's
# `init: true`) adds a tiny init in front of it, which is optional.
# No --enable-source-maps: about 3 MB of heap for stack traces in TypeScript lines (scripts/serve.mjs);
# add it to NODE_OPTIONS when you want them.
CMD ["node", "services/dist/main.js"]
