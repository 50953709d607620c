# One image for the API and the workers (scale-out). The web app is built into web/dist and served by the API.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY api/package.json api/
COPY application/package.json application/
COPY workers/package.json workers/
COPY composition/package.json composition/
COPY web/package.json web/
COPY testing/package.json testing/
# The embedded ClickHouse engine (chDB, ~540 MB) is only needed without CLICKHOUSE_URL: leave it out.
RUN npm ci --no-audit --no-fund --omit=optional
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["npm", "run", "start:api"]
