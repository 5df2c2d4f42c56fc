# Single-box image: Node LTS slim, production dependencies only, assets built at image build time.
FROM node:20-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev
COPY . .
RUN npx tsx scripts/build.ts

FROM node:20-slim
ENV NODE_ENV=production PORT=3000 DATABASE_URL=file:/data/app.db OUTBOX_DIR=/data/outbox UPLOAD_DIR=/data/uploads
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The server migrates and seeds on start; the build step already ran above.
CMD ["node", "--import", "tsx", "server/index.ts"]
