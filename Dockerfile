# The service in production on one machine: `npm start` (scripts/start.ts), the API on 7000 and the
# built web app on 8000. Build and run it with the compose file's `app` profile, or alone:
#   docker build -t recipe-service .
#   docker run -p 7000:7000 -p 8000:8000 -e JWT_SECRET=… -e DATABASE_URL=… -e STORAGE_URL=… recipe-service
# test/scripts/container.test.ts checks that its command, ports and environment agree with
# package.json, the README and docker-compose.yml.

# Build: every dependency (the root's and web/'s, through postinstall), then `npm run build` (web/dist).
FROM node:22.23-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY web/package.json web/package-lock.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: production dependencies only (tsx among them: it runs the TypeScript sources, see the README),
# the sources npm start loads, and the build. --ignore-scripts: postinstall would install web/'s
# build tools, which the built app does not need.
FROM node:22.23-bookworm-slim
# npm's update notice is no business of a server's log.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=7000 WEB_PORT=8000 NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY core core
COPY functions functions
COPY migrations migrations
COPY scripts scripts
COPY web/security-headers.ts web/
# USDA's table of foods (SR28, core/nutrition): downloaded and checked against its pinned SHA-256
# while the image builds, imported by the service into the empty foods table at its first start
# (there is no database here). The official zip's SHA-256 is not pinned yet (see
# core/nutrition/official.ts): check the file once and pass its hash with
# --build-arg NUTRITION_TABLE_SHA256=…, or the file is refused and the build goes on without it.
# An empty NUTRITION_TABLE_URL builds without the table. Without the file the service runs as
# before, with no nutrition, and says why once in its log (or set NUTRITION_TABLE when running it).
ARG NUTRITION_TABLE_URL=https://www.ars.usda.gov/ARSUserFiles/80400535/DATA/SR/sr28/dnload/sr28abxl.zip
ARG NUTRITION_TABLE_SHA256=
RUN mkdir -p data && if [ -n "$NUTRITION_TABLE_URL" ]; then \
      node --import tsx scripts/nutrition-import.ts --save-to data/sr28.zip "$NUTRITION_TABLE_URL" \
        ${NUTRITION_TABLE_SHA256:+--sha256 "$NUTRITION_TABLE_SHA256"} \
      || echo "The image has no foods table: the service runs without nutrition until one is imported."; \
    fi
ENV NUTRITION_TABLE=/app/data/sr28.zip
COPY --from=build /app/web/dist web/dist
# The official image's unprivileged user; the files stay root's, so the process cannot change them.
USER node
EXPOSE 7000 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The start script execs node, so the SIGTERM of `docker stop` reaches the server through npm.
CMD ["npm", "start"]
