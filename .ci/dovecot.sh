#!/usr/bin/env bash
# Installs Debian's Dovecot IMAP server for the end-to-end suite in
# pbm/e2e, if it is missing. Nothing is started here: each test writes
# its own configuration and runs "dovecot -F" on loopback ports, and the
# Debian post-install script does not start the system service inside
# CI containers (policy-rc.d denies it).
set -euo pipefail

if command -v dovecot >/dev/null 2>&1; then
  echo "== dovecot already installed: $(dovecot --version)"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "dovecot.sh: need root to install dovecot-imapd" >&2
  exit 1
fi
echo "== installing dovecot-imapd"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get -o DPkg::Lock::Timeout=120 install -y -qq --no-install-recommends dovecot-imapd
# The package may have started the system instance where policy-rc.d
# allows it; the tests need none, and it would hold ports 143 and 993.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet dovecot 2>/dev/null; then
  systemctl stop dovecot || true
fi
echo "== dovecot $(dovecot --version)"
