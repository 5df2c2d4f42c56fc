# Single-box image: Node 24 LTS slim, production dependencies only, assets and the compiled server
# built at image build time. The server runs as `node dist/server.js`, the container's main process,
# so the platform's SIGTERM reaches its clean stop directly (no npm or tsx in between).
FROM node:24-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev
# Litestream (continuous replication off the box, README "Operations"): the binary ships in a
# registry package; it only runs when LITESTREAM_REPLICA_URL is set
RUN npm install --no-save --no-audit --no-fund --prefix /opt/litestream @flydotio/litestream-linux-x64@1.0.1 \
 && install -m 0755 /opt/litestream/node_modules/@flydotio/litestream-linux-x64/litestream /usr/local/bin/litestream
COPY . .
RUN npm run build

FROM node:24-slim
ENV NODE_ENV=production PORT=3000 DATABASE_URL=file:/data/app.db OUTBOX_DIR=/data/outbox UPLOAD_DIR=/data/uploads LITESTREAM_DB_PATH=/data/app.db
WORKDIR /app
COPY --from=build --chown=node:node /app /app
COPY --from=build /usr/local/bin/litestream /usr/local/bin/litestream
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The server migrates and seeds on start. With LITESTREAM_REPLICA_URL, Litestream runs the same
# command as its child (it passes the signal on and syncs the last changes after the stop).
CMD ["sh", "-c", "if [ -n \"$LITESTREAM_REPLICA_URL\" ]; then exec litestream replicate -config /app/litestream.yml -exec 'node dist/server.js'; else exec node dist/server.js; fi"]
