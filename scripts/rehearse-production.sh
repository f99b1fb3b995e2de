#!/usr/bin/env bash
# The production layout of compose.yaml rehearsed without a container runtime: the built server
# (packages/server/dist/server.js) twice on PostgreSQL, Debian's caddy in front with `tls internal`,
# bar scanners posting consumes through HTTPS while one process is SIGKILLed and, once restarted,
# the other SIGTERMed. Fails unless every acknowledged drink is stored exactly once and the drained
# process answered every request it accepted. docs/decisions/040-production-rehearsal.md.
#
#   bash scripts/rehearse-production.sh [--no-build]     (npm run rehearse)
#
# PostgreSQL: the server of REHEARSE_DATABASE_URL, else of TEST_DATABASE_URL, else
# postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created there and dropped.
# --no-build (or REHEARSE_NO_BUILD=1) runs the existing build, as the test command does after its
# build step. REHEARSE_KEEP=1 keeps the work folder (logs, Caddyfile, summary.json).
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
[ "${REHEARSE_NO_BUILD:-}" = 1 ] && build=0
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    *) echo "usage: bash scripts/rehearse-production.sh [--no-build]" >&2; exit 2 ;;
  esac
done

for tool in caddy psql node; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (bash scripts/ensure-system-tools.sh installs caddy)" >&2; exit 1; }
done

if [ "$build" = 1 ]; then
  npm run build --silent
elif [ ! -f packages/server/dist/server.js ]; then
  echo "packages/server/dist/server.js is missing: run npm run build, or drop --no-build" >&2
  exit 1
fi

source_url="${REHEARSE_DATABASE_URL:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
database="rehearse_$(date +%s)_${RANDOM}"
# The same server and credentials, another database: the maintenance one, and the scratch one.
with_database() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$source_url" "$1"; }
admin_url="$(with_database postgres)"
database_url="$(with_database "$database")"

work="$(mktemp -d "${TMPDIR:-/tmp}/drinkflow-rehearse.XXXXXX")"
pids="$work/pids"
: >"$pids"
created=0

cleanup() {
  status=$?
  # Only the processes the driver started, by the ids it wrote down as it started them.
  while read -r pid; do
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  done <"$pids"
  if [ "$created" = 1 ]; then
    psql "$admin_url" -qAt -v ON_ERROR_STOP=1 -c "drop database if exists $database with (force)" >/dev/null ||
      echo "could not drop the scratch database $database" >&2
  fi
  if [ "${REHEARSE_KEEP:-}" = 1 ] || [ "$status" != 0 ]; then
    echo "Logs and Caddyfile kept in $work" >&2
  else
    rm -rf "$work"
  fi
  exit "$status"
}
driver=""
# Bash runs a trap only once its foreground command ends: the driver runs in the background and
# is waited for, so INT/TERM reach it (it ends its processes) and then the cleanup at once.
stop() {
  [ -n "$driver" ] && kill -TERM "$driver" 2>/dev/null && wait "$driver" 2>/dev/null
  exit "$1"
}
trap cleanup EXIT
trap 'stop 130' INT
trap 'stop 143' TERM

psql "$admin_url" -qAt -v ON_ERROR_STOP=1 -c "create database $database" >/dev/null
created=1
echo "Scratch database $database; work folder $work"

node scripts/rehearse/drive.mjs --database-url "$database_url" --work-dir "$work" --pid-file "$pids" \
  --summary "$work/summary.json" &
driver=$!
wait "$driver"
