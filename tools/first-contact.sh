#!/usr/bin/env bash
# Times a newcomer's first contact, following the README line by line on a fresh clone: clone,
# `npm ci && npm start`, the example echo bot, then the README's chat-with-echo-bot.ts in a project
# of its own, until the bot's reply arrives. Prints the time of each step and the total.
#
#   tools/first-contact.sh embedded        # nothing but Node: the one-process platform
#   tools/first-contact.sh mesh            # Postgres and NATS on this machine (a fresh database)
#
# REPOSITORY (default: this repository) is what is cloned; PORT (default 3300) the gateway's port.
set -euo pipefail
mode="${1:-embedded}"
repository="${REPOSITORY:-$(cd "$(dirname "$0")/.." && pwd)}"
port="${PORT:-3300}"
work="$(mktemp -d /tmp/first-contact-XXXXXX)"
pids=()
database=""
cleanup() {
  for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  if [ -n "$database" ]; then dropdb -h 127.0.0.1 -U postgres --if-exists "$database" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

start=$(date +%s.%N)
last=$start
step() {
  local now
  now=$(date +%s.%N)
  printf '%-52s %6.1f s  (total %6.1f s)\n' "$1" "$(echo "$now - $last" | bc)" "$(echo "$now - $start" | bc)"
  last=$now
}
# Runs a command in its own process group, in the background, its output in a log file.
background() {
  local log="$1"
  shift
  setsid "$@" >"$log" 2>&1 &
  pids+=($!)
}
wait_for() {
  local file="$1" pattern="$2" seconds="$3"
  for _ in $(seq 1 $((seconds * 10))); do
    if grep -q "$pattern" "$file" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "gave up waiting for '$pattern' in $file:" >&2
  tail -20 "$file" >&2
  exit 1
}

git clone -q "$repository" "$work/platform"
cd "$work/platform"
step "git clone"

npm ci --no-audit --no-fund >"$work/npm-ci.log" 2>&1
step "npm ci"

env=(PORT="$port" DELIVERY_ALLOWED_NETWORKS=127.0.0.0/8)
if [ "$mode" = mesh ]; then
  database="first_contact_$$"
  createdb -h 127.0.0.1 -U postgres "$database"
  env+=(DATABASE_URL="postgres://postgres@127.0.0.1:5432/$database" NATS_URL=nats://127.0.0.1:4222 NATS_PREFIX="first-contact-$$")
fi
background "$work/platform.log" env "${env[@]}" npm start
wait_for "$work/platform.log" '^Workspace id: ' 300
token=$(sed -n 's/^Owner token.*: //p' "$work/platform.log")
workspace=$(sed -n 's/^Workspace id: //p' "$work/platform.log")
until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do sleep 0.1; done
step "npm start: built, healthy, owner token shown"

background "$work/echo-bot.log" env API_URL="http://localhost:$port" BOT_TOKEN="$token" npm run example:echo-bot
wait_for "$work/echo-bot.log" 'Echo bot listening' 120
step "npm run example:echo-bot: listening"

# The reader's own project, with the packages the README names.
mkdir "$work/chat" && cd "$work/chat"
npm init -y >/dev/null
npm install --no-audit --no-fund @botpress/client @botpress/chat tsx >"$work/chat-install.log" 2>&1
awk '/^```ts$/{inside=1; next} /^```$/{if (inside && found) exit; inside=0; next} inside && /^\/\/ chat-with-echo-bot.ts/{found=1} inside && found' \
  "$work/platform/README.md" >chat-with-echo-bot.ts
step "a project with @botpress/client and @botpress/chat"

API_URL="http://localhost:$port" TOKEN="$token" WORKSPACE_ID="$workspace" timeout 60 npx tsx chat-with-echo-bot.ts | tee "$work/chat.log"
grep -q '^bot: ' "$work/chat.log"
step "chat-with-echo-bot.ts: the bot's reply"
echo "mode $mode: first bot reply $(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.0f') s after the clone began"
