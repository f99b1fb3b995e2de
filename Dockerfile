# syntax=docker/dockerfile:1
# DrinkFlow production image (issue 21, docs/decisions/039-container-and-proxy.md).
#   docker build -t drinkflow .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… drinkflow
# Node 22: a supported LTS (Node 20 reached end of life in April 2026).

# ---- build: every dependency, then the web app and the server bundle ----------------------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV CI=true
# The manifests first, so that `npm ci` is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund
COPY . .
# packages/web/dist (vite + prerendered pages + precompressed files), packages/server/dist/server.js
# and the admin commands packages/server/dist/cli/*.js (docs/decisions/057).
RUN npm run build \
 && test -f packages/server/dist/server.js \
 && test -f packages/server/dist/cli/create-user.js \
 && test -f packages/web/dist/index.html

# ---- runtime: the server's production dependencies, the built web app, the bundles, the migrations
# The bundles import only @drinkflow/server's dependencies (the domain is bundled, the web app is
# static files): `--workspace @drinkflow/server` installs those alone, not React and the rest of
# the web app's (121 MB of node_modules instead of 297 MB, docs/decisions/057). The three
# manifests are still copied: they are the workspace the lockfile describes.
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --omit=dev --workspace @drinkflow/server --no-audit --no-fund \
 && npm cache clean --force
# The server finds its folder by packages/server/package.json (src/paths.ts), the migrations in
# packages/server/drizzle and the web app in packages/web/dist beside it.
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/server/drizzle packages/server/drizzle
COPY --from=build /app/packages/web/dist packages/web/dist
# Non-root. DATA_DIR is only used without DATABASE_URL (embedded PGlite, one replica).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# /api/health: 200 when the database answers within 2 s, else 503 (docs/rules/operations.md). No curl in slim.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: stop accepting, finish requests in flight (up to 10 s), end live streams, exit 0.
STOPSIGNAL SIGTERM
# The admin commands run in the same image with plain node (README):
#   docker compose run --rm app1 node packages/server/dist/cli/create-user.js --email … --rol admin
CMD ["node", "packages/server/dist/server.js"]
