#!/bin/sh
# npm test: the static checks, the unit tests, the build, the browser tests and the
# scale test, in that order, stopping at the first that fails; then the time each took,
# so a step that grows slower is seen on every run.
timings=""

summary() {
  printf '\nnpm test, time per step:%b\n' "$timings"
}

step() {
  name=$1
  shift
  started=$(date +%s)
  "$@"
  status=$?
  timings="$timings\n  $name: $(($(date +%s) - started)) s"
  if [ "$status" -ne 0 ]; then
    summary
    echo "npm test: $name failed."
    exit "$status"
  fi
}

all_started=$(date +%s)
step "static checks" sh scripts/static-checks.sh
step "unit" npx vitest run --project unit
step "build" npm run build
step "browser" npx vitest run --project e2e --project e2e-alone
step "scale" npx vitest run --project scale
timings="$timings\n  total: $(($(date +%s) - all_started)) s"
summary
