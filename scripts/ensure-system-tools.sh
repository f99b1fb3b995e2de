#!/usr/bin/env bash
# Debian tools the tests drive for real: Chromium for the browser journeys (Playwright cannot
# download its own browser here), pdftoppm and zbarimg to read the ticket PDFs' QR codes back,
# ffmpeg to turn a ticket's QR into the fake camera video the scanner journeys play, caddy for the
# production rehearsal (scripts/rehearse-production.sh).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$browser" ] || missing+=(chromium fonts-liberation)
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
command -v caddy >/dev/null || missing+=(caddy)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "Missing system packages: ${missing[*]}. Install them with apt-get (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing from Debian's packages: ${missing[*]}..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
[ -x "$browser" ] || { echo "Chromium install did not provide $browser" >&2; exit 1; }
