#!/usr/bin/env bash
# Reruns the README's worked example ("Experiments: many seeds, conditions, a report") and rewrites the
# README's figures from its summary.csv and series/*.csv (examples/rumour/readme.ts).
#   examples/rumour/run.sh                     20 seeds x 300 ticks x 2 conditions into runs/rumour, and docs/diffusion.png
#   examples/rumour/run.sh --reduced           2 seeds x 40 ticks into runs/rumour-reduced (the README's reduced block)
#   examples/rumour/run.sh [--reduced] --check compare the README's block with the figures instead of rewriting it
# RUMOUR_OUT=DIR puts the experiment elsewhere. A finished experiment is reused, an unfinished one resumed:
# rerun after a kill. Other arguments go to `astinus experiment` (e.g. --allow-mixed).
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
mode=full
check=()
args=()
for a in "$@"; do
  case "$a" in
    --reduced) mode=reduced ;;
    --check) check=(--check) ;;
    *) args+=("$a") ;;
  esac
done
if [[ "$mode" == full ]]; then
  out="${RUMOUR_OUT:-runs/rumour}"
  node bin/astinus.mjs experiment scenarios/shenzhen --seeds 1..20 --ticks 300 \
    --conditions examples/rumour/conditions.json --out "$out" --jobs 2 --figure docs/diffusion.png "${args[@]}"
else
  out="${RUMOUR_OUT:-runs/rumour-reduced}"
  node bin/astinus.mjs experiment scenarios/shenzhen --seeds 1..2 --ticks 40 \
    --conditions examples/rumour/conditions.json --out "$out" --jobs 2 "${args[@]}"
fi
node --import tsx examples/rumour/readme.ts --"$mode" --out "$out" --readme README.md "${check[@]}"
echo "examples/rumour/run.sh ($mode): $(($(date +%s) - start)) s"
