# syntax=docker/dockerfile:1.7
# Studio's image: the web launcher (`scripts/start.ts`), the worker (`src/worker/main.ts`), the simulator
# and the migration step all run from it; compose.yaml picks the command. docs/operations.md explains it.

ARG NODE_IMAGE=node:20.20-bookworm-slim

# 1. Every dependency, for the build.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci first; a lock file made on another platform can lack this one's optional packages.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

# 2. The Next.js build, then only the production dependencies.
FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# 3. What runs: no compilers, no dev dependencies, not root.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    STUDIO_DATA_DIR=/data \
    STUDIO_BUILD=never
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/next.config.mjs /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/public ./public
COPY --from=build /app/messages ./messages
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/src ./src
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Readiness: the database answers, migrations are current, and the process is not draining.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (docs/operations.md); give the container at least STUDIO_DRAIN_MS + 5 s to stop.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "scripts/start.ts"]
