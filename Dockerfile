# One image for the gateway and every service; APP picks which one runs (APP=platform: all of
# them in one process, on the embedded database unless DATABASE_URL is set).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY apps ./apps
COPY libs ./libs
RUN npx tsc -b apps/gateway apps/runtime apps/admin apps/chat apps/bots apps/platform \
  && npx vite build --config apps/webchat-widget/vite.config.mjs \
  && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.base.json ./
COPY tools/register-paths.js tools/healthcheck.js ./tools/
USER node
ENV APP=gateway
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s CMD ["node", "tools/healthcheck.js"]
CMD ["sh", "-c", "exec node -r ./tools/register-paths.js dist/apps/${APP}/src/main.js"]
