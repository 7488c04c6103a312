# Astinus: one image for the coordinator (`run`) and the workers (`worker`).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# the CLI compiled from the sources once, here, not at each container's first command (bin/compiled.mjs)
RUN node bin/astinus.mjs --help >/dev/null
ENTRYPOINT ["node", "bin/astinus.mjs"]
CMD ["--help"]
