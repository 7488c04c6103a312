# Astinus: one image for the coordinator (`run`) and the workers (`worker`).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
# the empty stand-in for an optional native module (vendor/README.md) is part of the install
COPY vendor ./vendor
RUN npm ci
COPY . .
ENTRYPOINT ["node", "bin/astinus.mjs"]
CMD ["--help"]
