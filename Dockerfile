# Gavel in production: build with the dev dependencies, run with production dependencies only,
# as a non-root user. Migrations run before the server starts; /health is the health check.
FROM node:20-bookworm-slim AS base
# The lockfile is written by npm 11 (its allowScripts approvals included).
RUN npm install -g npm@11 --no-audit --no-fund
WORKDIR /app

FROM base AS build
COPY package.json package-lock.json ./
# The patches npm ci applies to dependencies (patch-package, docs/decisions/030-patched-postgres-driver.md).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM base AS production-deps
COPY package.json package-lock.json ./
# The patches npm ci applies to dependencies (patch-package, docs/decisions/030-patched-postgres-driver.md).
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle/migrations ./drizzle/migrations
COPY package.json server.js ./
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["sh", "-c", "node build/cli/db.js migrate && exec node server.js"]
