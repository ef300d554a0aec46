# CivicPulse: one image, one process per container (API, live connection and the built web app on
# one port). Build: docker build -t civicpulse .   Run many behind a proxy: deploy/compose.yaml.

# --- base: Node 20 with the tools to compile better-sqlite3 if no prebuilt binary fits ----------
FROM node:20-bookworm-slim AS base
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# npm ci needs every workspace's package.json to match the lockfile.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# --- build: all dependencies (Vite, Tailwind...) to build the web app into apps/web/dist -------
FROM base AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build

# --- prod-deps: only what the server runs with (tsx runs the TypeScript; it is a dependency of
# apps/server, not a dev one) ----------------------------------------------------------------
FROM base AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --include-workspace-root=false

# --- runtime -----------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
# MALLOC_ARENA_MAX: glibc's, not the app's. Photo processing (sharp/libvips) on many threads leaves
# glibc's per-thread arenas holding freed memory; two arenas let RSS fall back after a burst
# (bench:soak at 137 req/s, one run each: RSS slope +4.0 MB/min without it, -9.0 with it).
ENV MALLOC_ARENA_MAX=2 \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
# node_modules (with the @civicpulse/shared workspace link) and the package.json files.
COPY --from=prod-deps /app ./
COPY tsconfig.base.json tsconfig.json ./
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
# SQLite (when DATABASE_URL is unset), local uploads and the generated JWT secret live here; the
# server makes it 0700. The image's own files stay root-owned and read-only to the server.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness: the process answers and its database answers (GET /api/ready also checks Redis and storage).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself (not npm) as the process, so SIGTERM reaches main.ts's graceful shutdown.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
