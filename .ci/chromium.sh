#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests of the web site
# (cmd/pbmd TestBrowser*), if it is missing. The tests start it
# themselves, headless, with a fresh profile, and stop it.
set -euo pipefail

# axe-core (npm), the accessibility rules the browser tests run in each
# page (cmd/pbmd TestBrowserAudit): installed where the tests look for
# it, $PBM_AXE_DIR or /usr/local/lib/pbm-axe.
axe_dir="${PBM_AXE_DIR:-/usr/local/lib/pbm-axe}"
if [ ! -f "$axe_dir/node_modules/axe-core/axe.min.js" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "== installing npm"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get -o DPkg::Lock::Timeout=120 install -y -qq --no-install-recommends nodejs npm
  fi
  echo "== installing axe-core into $axe_dir"
  mkdir -p "$axe_dir"
  npm install --prefix "$axe_dir" --no-audit --no-fund --silent axe-core@4
fi
echo "== axe-core $(node -p "require('$axe_dir/node_modules/axe-core/package.json').version" 2>/dev/null || echo '?')"

for b in chromium chromium-browser; do
  if command -v "$b" >/dev/null 2>&1; then
    echo "== chromium already installed: $("$b" --version 2>/dev/null || true)"
    exit 0
  fi
done
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium.sh: need root to install chromium" >&2
  exit 1
fi
echo "== installing chromium"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get -o DPkg::Lock::Timeout=120 install -y -qq --no-install-recommends chromium fonts-dejavu-core
echo "== $(chromium --version 2>/dev/null || true)"
