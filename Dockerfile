# syntax=docker/dockerfile:1
# Soldier-King: the Discord bot (and, with `npm run worker`, a queue worker) in one image.

# --- build: compile native addons (canvas, better-sqlite3) against Debian's libraries ----------
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential python3 pkg-config \
      libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# --- runtime: only the shared libraries canvas links against ------------------------------------
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libjpeg62-turbo libgif7 librsvg2-2 fonts-dejavu-core tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    DATABASE_PATH=/data/soldier-king.sqlite
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY assets ./assets
COPY scenarios ./scenarios
COPY migrations ./migrations
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=10s --start-period=20s --retries=3 CMD ["node", "bin/ftg.mjs", "health"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "bin/ftg.mjs", "start"]
