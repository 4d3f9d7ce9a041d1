# syntax=docker/dockerfile:1
# The production image: the built site and its runtime dependencies, run by
# an unprivileged user. compose.yaml runs several of them behind nginx
# (docs/decisions/018-production-recipe.md).
#
#   docker build -t kraf-website .
#   docker run --init -p 3000:3000 -v kraf-data:/data -e SITE_URL=https://www.example.com -e TRUST_PROXY=1 kraf-website
# (one process on the embedded database under /data; compose.yaml for several)

ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# The build needs the devDependencies (React Router's build, Vite, Tailwind). The
# lockfile holds every platform's optional packages, so npm ci installs exactly what was tested.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server needs only the dependencies: the server build imports them from node_modules.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# package.json says the build is ES modules ("type": "module").
COPY --from=runtime-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json ./
# The code is root's and read-only to the server; only DATA_DIR (mail files, or the
# embedded database when DATABASE_URL is unset) is writable, by the user "node" (uid 1000).
# No VOLUME: with DATABASE_URL, S3 and SMTP (compose.yaml) nothing is kept there, and Docker would
# give every replica an anonymous volume; mount one for the embedded database.
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
EXPOSE 3000
# Liveness only: /healthz never waits on the database (/readyz does). Node, as the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form, no shell in between); the server stops in order
# within SHUTDOWN_GRACE_MS plus about 5 s. Run with --init (compose: init: true) so a zombie
# child, should one ever appear, is reaped.
STOPSIGNAL SIGTERM
CMD ["node", "build/server/index.js"]
