#!/usr/bin/env bash
# CI without a Docker engine: checks what can be checked of the container build.
#  1. Runs the Dockerfile's build-stage RUN steps, in order, in a clean copy of the tree (the files git
#     tracks or would track, as the build context's COPY gives them), and so proves that `npm ci`, the web
#     build, the prune and the start-up import work as the image runs them.
#  2. Lints the Dockerfile (dockerfilelint) and docker-compose.yml (dclint), fetched by npx at pinned versions.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/stride-docker-build-XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "clean copy of the tree in $work"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && cp --parents -p "$file" "$work/"
done
# What .dockerignore leaves out of the build context must not be in the copy either.
rm -rf "$work/node_modules" "$work/.data" "$work/web/dist" "$work/dist" "$work/artifacts"

# The build stage's RUN steps: from `FROM ... AS build` to the next FROM, continuation lines joined.
mapfile -t steps < <(awk '
  /^FROM .* AS build/ { inbuild = 1; next }
  /^FROM / { inbuild = 0 }
  inbuild {
    line = $0
    if (cont) { cmd = cmd " " line } else if (line ~ /^RUN /) { cmd = substr(line, 5) } else { next }
    if (cmd ~ /\\$/) { sub(/\\$/, "", cmd); cont = 1 } else { cont = 0; print cmd; cmd = "" }
  }' Dockerfile)
[ "${#steps[@]}" -gt 0 ] || { echo "no RUN steps found in the build stage" >&2; exit 1; }
for step in "${steps[@]}"; do
  printf '\n== Dockerfile build step: %s\n' "$step"
  (cd "$work" && bash -euo pipefail -c "$step")
done
test -f "$work/web/dist/index.html" || { echo "the web build left no web/dist/index.html" >&2; exit 1; }
test ! -e "$work/node_modules/vitest" || { echo "the prune left devDependencies (vitest) in node_modules" >&2; exit 1; }
echo "runtime node_modules: $(du -sh "$work/node_modules" | cut -f1)"

printf '\n== Lint: Dockerfile (dockerfilelint)\n'
npx --yes dockerfilelint@1.8.0 "$root/Dockerfile"
printf '\n== Lint: docker-compose.yml (dclint)\n'
npx --yes dclint@3.1.0 "$root/docker-compose.yml"
echo "docker build steps and lint: ok"
