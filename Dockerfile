# Astinus: one image for the coordinator (`run`) and the workers (`worker`).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
ENTRYPOINT ["node", "bin/astinus.mjs"]
CMD ["--help"]
