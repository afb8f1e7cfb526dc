#!/usr/bin/env bash
# Tries the service as a new user would on each supported Node.js line: a fresh clone of HEAD, `npm ci`, then
# `npm start` on an empty data folder, one request with the key it prints, and a clean stop. Prints one verdict
# line per line and fails when any line fails.
#   scripts/try-node-lines.sh            the lines 22, 24 and 26
#   scripts/try-node-lines.sh 24 26      the named lines
#   scripts/try-node-lines.sh --starts 10 24   start (and stop) the server 10 times on the same install
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
starts=1
if [ "${1:-}" = --starts ]; then
  starts="${2:?--starts takes a count}"
  shift 2
fi
lines=("$@")
[ "${#lines[@]}" -eq 0 ] && lines=(22 24 26)
work="$(mktemp -d "${TMPDIR:-/tmp}/petstore-lines.XXXXXX")"
server=''
cleanup() {
  [ -n "$server" ] && kill -- "-$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# One line: a fresh clone and its install, then `starts` starts; prints what went wrong and returns non-zero.
try_line() {
  local major="$1" clone="$work/$1" version start
  git clone --quiet --no-local "$root" "$clone" || return 1
  version="$("$root/scripts/node-line.sh" "$major" node --version)" || return 1
  echo "Node $version: npm ci"
  (cd "$clone" && "$root/scripts/node-line.sh" "$major" npm ci --no-audit --no-fund >"$work/$major-install.log" 2>&1) ||
    { tail -n 30 "$work/$major-install.log"; return 1; }
  for start in $(seq 1 "$starts"); do
    rm -rf "$clone/data"
    try_start "$major" "$clone" || { echo "start $start of $starts failed"; return 1; }
  done
}

# One start on an empty data folder: `npm start`, a pet created and listed with the printed key, SIGTERM.
try_start() {
  local major="$1" clone="$2" port log key status
  port=$((20000 + RANDOM % 20000))
  log="$work/$major-serve.log"
  # A session of its own, so that the stop reaches npm and the server it started alike.
  (cd "$clone" && PORT="$port" exec setsid "$root/scripts/node-line.sh" "$major" npm start --silent >"$log" 2>&1) &
  server=$!
  key=''
  for _ in $(seq 1 100); do
    key="$(grep -oE 'pet_live_[A-Za-z0-9_-]+' "$log" | head -n 1)"
    if [ -n "$key" ] && curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then break; fi
    kill -0 "$server" 2>/dev/null || break
    sleep 0.2
  done
  status="$(curl -s -o "$work/$major-body" -w '%{http_code}' -H "Authorization: Bearer $key" \
    -H 'Content-Type: application/json' -d '{"name":"Rex","categoryId":1}' "http://127.0.0.1:$port/v1/pets")"
  if [ "$status" != 201 ]; then
    echo "POST /v1/pets answered ${status:-nothing}; the server said:"
    tail -n 30 "$log"
    return 1
  fi
  status="$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "http://127.0.0.1:$port/v1/pets")"
  [ "$status" = 200 ] || { echo "GET /v1/pets answered ${status:-nothing}"; return 1; }
  kill -TERM -- "-$server"
  wait "$server" 2>/dev/null
  server=''
  if grep -q 'Assertion failed' "$log"; then
    echo "the server aborted:"
    tail -n 30 "$log"
    return 1
  fi
  return 0
}

failed=0
for major in "${lines[@]}"; do
  if try_line "$major"; then
    echo "node-line $major: PASS (fresh clone, npm ci; $starts × npm start, a pet created and listed, SIGTERM)"
  else
    echo "node-line $major: FAIL"
    failed=1
  fi
  [ -n "$server" ] && kill -- "-$server" 2>/dev/null
  server=''
done
exit "$failed"
