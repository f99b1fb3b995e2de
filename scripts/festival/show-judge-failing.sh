#!/usr/bin/env bash
# The judge shown failing: a scratch clone of this checkout with a server broken on purpose
# (scripts/festival/broken/answer-before-commit.patch: a consume answered before its transaction
# commits, and the commit lost), built, and the rehearsal's short mode run there. It must exit
# non-zero with the judge naming the check that caught it; this script exits 0 only then.
# The product itself never carries a switch for this: the broken code exists only in the clone.
#   bash scripts/festival/show-judge-failing.sh
# REHEARSAL_CMD overrides the command run in the clone (default: the short rehearsal).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
patch="$root/scripts/festival/broken/answer-before-commit.patch"
expected_check="acknowledged-stored-once"
# --no-build: the broken server is built here, under the build lock, before the run.
rehearsal_cmd="${REHEARSAL_CMD:-bash scripts/rehearse-festival.sh --no-build --short}"

scratch="$(mktemp -d -t drinkflow-broken-XXXXXX)"
copy="$scratch/repo"
echo "show-judge-failing: broken copy in $copy"
git clone --quiet "$root" "$copy"
cd "$copy"
git apply "$patch"

# The checkout's installed packages, with the workspace links pointing into this copy (a link to
# the whole node_modules would resolve @drinkflow/* to the unbroken checkout).
mkdir node_modules node_modules/@drinkflow
for entry in "$root"/node_modules/* "$root"/node_modules/.bin; do
  name="$(basename "$entry")"
  [ "$name" = "@drinkflow" ] || ln -s "$entry" "node_modules/$name"
done
for pkg in domain server web; do ln -s "../../packages/$pkg" "node_modules/@drinkflow/$pkg"; done

# The patch changes only the server: the web app is the checkout's build when there is one.
if [ -d "$root/packages/web/dist" ]; then
  cp -r "$root/packages/web/dist" packages/web/dist
else
  flock /tmp/build.lock npm run build -w @drinkflow/web
fi
flock /tmp/build.lock node scripts/build-server.mjs

marker="$scratch/started"
touch "$marker"
set +e
$rehearsal_cmd 2>&1 | tee "$scratch/rehearsal.log"
status=${PIPESTATUS[0]}
set -e

if [ "$status" -eq 0 ]; then
  echo "show-judge-failing: the broken server PASSED the rehearsal — the judge missed it (log: $scratch/rehearsal.log)"
  exit 1
fi

# The run's judge.json: in the work folder the rehearsal says it kept, else the newest one in a
# rehearsal's work folder written since this run started.
kept="$(sed -n 's/^Logs, device logs and judge.json kept in //p' "$scratch/rehearsal.log" | tail -1)"
judge_json=""
if [ -n "$kept" ] && [ -f "$kept/judge.json" ]; then
  judge_json="$kept/judge.json"
else
  judge_json="$(find "${TMPDIR:-/tmp}" -maxdepth 2 -path '*drinkflow-festival.*/judge.json' -newer "$marker" \
    -printf '%T@ %p\n' 2>/dev/null | sort -n | tail -1 | cut -d' ' -f2-)"
fi
if [ -z "$judge_json" ]; then
  echo "show-judge-failing: the rehearsal failed (exit $status) before the judge ran (log: $scratch/rehearsal.log)"
  exit 1
fi

node -e '
  const verdict = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  const failed = verdict.checks.filter((check) => !check.ok);
  for (const check of failed) {
    console.log(`judge failed ${check.id}: ${check.figures.failureCount} failure(s), e.g. ${JSON.stringify(check.failures[0])}`);
  }
  if (verdict.ok || !failed.some((check) => check.id === process.argv[2])) {
    console.log(`show-judge-failing: expected the judge to fail ${process.argv[2]}`);
    process.exit(1);
  }
' "$judge_json" "$expected_check"
echo "show-judge-failing: the rehearsal failed (exit $status) and the judge named $expected_check ($judge_json)"
rm -rf "$copy"
