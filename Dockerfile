# One image for every role: the API (dist/api.mjs, default), the workers (dist/workers.mjs) and the all-in-one
# process (dist/main.mjs). `npm run build` builds the web app into web/dist (served by the API) and the server's
# bundles into dist/ (scripts/build-server.mjs); they run under a plain `node` (no npm in the process tree),
# with tini as PID 1, as the unprivileged `node` user. scripts/check-docker-build.sh runs this file's build-stage RUN steps in a clean copy of the tree (CI).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY application/package.json application/
COPY api/package.json api/
COPY workers/package.json workers/
COPY composition/package.json composition/
COPY web/package.json web/
COPY testing/package.json testing/
# Optional dependencies stay: the web build needs rolldown's and lightningcss's native bindings (optional
# packages per platform); --omit=optional breaks `npm run build`.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# Prune to the runtime: production dependencies, plus tsx and esbuild (root devDependencies, set aside across
# the prune), which run the operator commands from the sources (migrate, projections:rebuild, audit:verify).
# The embedded ClickHouse engine (@chdb/lib-*, about 540 MB) is dropped: containers reach analytics through
# CLICKHOUSE_URL (a ClickHouse server). Then every package the bundles import must still resolve, and the
# sources must still load under tsx.
RUN mkdir -p /tmp/keep && cp -a node_modules/tsx node_modules/esbuild node_modules/@esbuild /tmp/keep/ \
  && npm prune --omit=dev --no-audit --no-fund \
  && cp -a /tmp/keep/. node_modules/ \
  && rm -rf /tmp/keep node_modules/@chdb node_modules/.cache \
  && node scripts/build-server.mjs --check-imports \
  && node --import tsx --input-type=module -e "await import('./composition/src/compose-services.ts')"

FROM node:22-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini=0.19.* \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WORKERS_HEALTH_PORT=3001
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000 3001
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/api.mjs"]
