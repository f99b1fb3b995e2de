#!/usr/bin/env bash
# A festival night rehearsed (docs/decisions/071-festival-rehearsal.md): a private PostgreSQL
# cluster, the built server twice behind Caddy, 10,000 guests from a shop's export, 40 paired bar
# devices (two of them the real scanner page in Chromium) scanning for 3 compressed days while bars
# lose their network, a server is SIGKILLed, the database's connections are terminated and it is
# restarted, a device is revoked and a QR is shared offline; then an independent judge. Exits 0 only
# when every check of the judge holds.
#
#   bash scripts/rehearse-festival.sh [--no-build] [--short] [--seed N] [--record]   (npm run rehearse:festival)
#
# --short: 1 minute, 1,000 guests, 8 devices (the test command runs this). --record appends the
# report to bench/RESULTS.md and keeps the chart in bench/festival/. FESTIVAL_KEEP=1 keeps the work
# folder (device logs, timeline, judge.json, server and database logs); a failed run always keeps it.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
args=()
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    *) args+=("$arg") ;;
  esac
done
[ "${REHEARSE_NO_BUILD:-}" = 1 ] && build=0

for tool in caddy node; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (bash scripts/ensure-system-tools.sh installs it)" >&2; exit 1; }
done

if [ "$build" = 1 ]; then
  npm run build --silent
elif [ ! -f packages/server/dist/server.js ]; then
  echo "packages/server/dist/server.js is missing: run npm run build, or drop --no-build" >&2
  exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/drinkflow-festival.XXXXXX")"
# PostgreSQL runs as the postgres account when this runs as root: it must reach its data folder.
chmod 755 "$work"
pids="$work/pids"
: >"$pids"

cleanup() {
  status=$?
  # Only the processes the driver started (the database's postmaster included), by the ids it
  # wrote down as it started them.
  while read -r pid; do
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  done <"$pids"
  if [ "${FESTIVAL_KEEP:-}" = 1 ] || [ "$status" != 0 ]; then
    echo "Logs, device logs and judge.json kept in $work" >&2
  else
    rm -rf "$work"
  fi
  exit "$status"
}
driver=""
# The driver runs in the background and is waited for, so INT/TERM reach it (it ends its
# processes) and then the cleanup at once.
stop() {
  [ -n "$driver" ] && kill -TERM "$driver" 2>/dev/null && wait "$driver" 2>/dev/null
  exit "$1"
}
trap cleanup EXIT
trap 'stop 130' INT
trap 'stop 143' TERM

node --import tsx scripts/festival/drive.mjs --work-dir "$work" --pid-file "$pids" ${args[@]+"${args[@]}"} &
driver=$!
wait "$driver"
