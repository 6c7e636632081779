#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests of the web site
# (cmd/pbmd TestBrowser*), if it is missing. The tests start it
# themselves, headless, with a fresh profile, and stop it.
set -euo pipefail

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
