#!/usr/bin/env bash
# Installs Debian's Postfix for the end-to-end tests of the LMTP intake
# in pbm/e2e, if it is missing. Nothing is configured or started here:
# each test writes its own configuration directory (main.cf, master.cf)
# under a temporary directory and runs its own instance on loopback
# ports; the system instance in /etc/postfix is left unconfigured
# ("No configuration") and is not used.
set -euo pipefail

if command -v postfix >/dev/null 2>&1 || [ -x /usr/sbin/postfix ]; then
  echo "== postfix already installed: $(/usr/sbin/postconf -d -h mail_version 2>/dev/null || echo '?')"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "postfix.sh: need root to install postfix" >&2
  exit 1
fi
echo "== installing postfix"
export DEBIAN_FRONTEND=noninteractive
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
echo "postfix postfix/mailname string localhost" | debconf-set-selections
apt-get update -qq
apt-get -o DPkg::Lock::Timeout=120 install -y -qq --no-install-recommends postfix
# The package may have started the system instance where policy-rc.d
# allows it; the tests need none, and it would hold port 25.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet postfix 2>/dev/null; then
  systemctl stop postfix || true
fi
echo "== postfix $(/usr/sbin/postconf -d -h mail_version)"
