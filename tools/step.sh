#!/usr/bin/env bash
# Runs one step of a long make target and keeps its output alive: announces the step with the
# time elapsed since the target began, passes the command's output through line by line, prints
# a heartbeat when the command has been silent for 25 seconds, and ends with the step's duration
# and status. The command's exit status is the script's.
# TASK_SURFACE_T0 (seconds since the epoch, exported by the Makefile) is where elapsed time
# counts from; without it, from the start of this step.
# Usage: tools/step.sh <name> <command> [arguments...]
set -uo pipefail

if [ "$#" -lt 2 ]; then
  echo "usage: tools/step.sh <name> <command> [arguments...]" >&2
  exit 2
fi
name="$1"
shift
start="$(date +%s)"
t0="${TASK_SURFACE_T0:-$start}"
quiet=25

clock() { # seconds -> m:ss
  printf '%d:%02d' $(($1 / 60)) $(($1 % 60))
}
say() {
  local now
  now="$(date +%s)"
  printf '== [%s] %s: %s\n' "$(clock $((now - t0)))" "$name" "$*"
}

say "start ($*)"
"$@" 2>&1 | {
  while :; do
    if IFS= read -r -t "$quiet" line; then
      printf '%s\n' "$line"
    elif (($? > 128)); then
      # silent for $quiet seconds; a partial line read so far is printed as it is
      [ -n "$line" ] && printf '%s\n' "$line"
      say "still running ($(clock $(($(date +%s) - start))) in this step)"
    else
      [ -n "$line" ] && printf '%s\n' "$line"
      break
    fi
  done
}
status="${PIPESTATUS[0]}"
if [ "$status" -eq 0 ]; then
  say "ok in $(clock $(($(date +%s) - start)))"
else
  say "FAILED (exit $status) after $(clock $(($(date +%s) - start)))"
fi
exit "$status"
