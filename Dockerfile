# Loot's container image (README: Container). Two stages on the same Debian release (bookworm), so the native
# modules the first builds (better-sqlite3; sharp's libvips comes prebuilt for it) run as they are in the second.
# tests/api/production-start.test.ts runs this file's commands outside a container (CI has no container engine):
# keep the two in step.
# The base image, pinned by digest so a rebuild of this release gets the same Node and Debian packages (a tag such
# as node:22-bookworm-slim moves every week). The digest is the multi-platform index of node:22.23.3-bookworm-slim.
# To update it (README: Container): `docker buildx imagetools inspect node:22-bookworm-slim` prints the newest
# index digest and `docker run --rm node:22-bookworm-slim node --version` its Node; put both here, rebuild, test.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c
# What the image's OCI labels say (README: Releases): `npm run release` sets VERSION's default to the release;
# pass the commit and the build time, e.g.
#   docker build --build-arg REVISION=$(git rev-parse HEAD) --build-arg CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ) .
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source where no prebuilt binary matches this Node.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# npm 11, as CI: it reads package.json's allowScripts, and strict mode fails on an install script it does not name.
RUN npm install -g npm@11 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --strict-allow-scripts --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ARG NODE_IMAGE
ARG VERSION
ARG REVISION
ARG CREATED
ARG SOURCE
LABEL org.opencontainers.image.title="Loot" \
      org.opencontainers.image.description="A self-hostable visual reference board for mobile-game designers" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.base.name="${NODE_IMAGE}"
# DejaVu for the PDF export's text beyond Latin-1 (LOOT_PDF_FONT_DIR's default folder).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
ENV NODE_ENV=production LOOT_DATA_DIR=/data PORT=3000
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains on SIGTERM for up to LOOT_SHUTDOWN_TIMEOUT_MS (25 s), and up to LOOT_SHUTDOWN_EXPORT_CAP_MS
# (120 s) while an export runs: stop it with a longer grace period (compose.yaml's stop_grace_period,
# `docker stop -t 130`).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server.js"]
