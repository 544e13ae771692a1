#!/usr/bin/env bash
# One-time setup on a fresh Debian machine: the system libraries node-canvas builds against,
# then the npm packages. Re-running it is cheap: it installs only what is missing.
#   bash scripts/setup.sh            system packages + npm ci
#   bash scripts/setup.sh --system   system packages only
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

CANVAS_PKGS=(build-essential pkg-config libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev)
missing=()
for p in "${CANVAS_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing Debian packages for node-canvas: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ "${1:-}" = "--system" ]; then exit 0; fi

# npm ci when node_modules is missing or older than the lockfile.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund
fi
