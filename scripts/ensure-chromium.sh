#!/usr/bin/env bash
# Browser tests run in Debian's Chromium (Playwright cannot download its own browser here).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "Chromium not found at $browser; install Debian's 'chromium' package or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
[ -x "$browser" ] || { echo "Chromium install did not provide $browser" >&2; exit 1; }
