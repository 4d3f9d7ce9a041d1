#!/bin/sh
# npm test: the build, the static checks beside the scale test, the unit tests and the browser tests, in that
# order, stopping at the first that fails; then the time each took, so a step that grows slower is seen on every run.
timings=""

summary() {
  printf '\nnpm test, time per step:%b\n' "$timings"
}

record() {
  timings="$timings\n  $1: $2 s"
}

fail() {
  summary
  echo "npm test: $1 failed."
  exit "$2"
}

step() {
  name=$1
  shift
  started=$(date +%s)
  "$@"
  status=$?
  record "$name" $(($(date +%s) - started))
  [ "$status" -eq 0 ] || fail "$name" "$status"
}

all_started=$(date +%s)
step "build" npm run build

# The scale test's traffic lasts a set time and takes the CPU it is given, and its start and end leave the
# cores idle. The static checks run beside it at the lowest priority, in that idle time, rather than before it,
# and take little from its load (decision 090). Their output is shown once they end.
static_output=$(mktemp)
(
  started=$(date +%s)
  nice -n 19 sh scripts/static-checks.sh
  status=$?
  echo "$status $(($(date +%s) - started))" >"$static_output.result"
) >"$static_output" 2>&1 &
static_checks=$!
scale_started=$(date +%s)
npx vitest run --project scale
scale_status=$?
scale_seconds=$(($(date +%s) - scale_started))
wait "$static_checks"
cat "$static_output"
read -r static_status static_seconds <"$static_output.result"
rm -f "$static_output" "$static_output.result"
record "static checks (beside the scale test)" "$static_seconds"
record "scale" "$scale_seconds"
[ "$static_status" -eq 0 ] || fail "static checks" "$static_status"
[ "$scale_status" -eq 0 ] || fail "scale" "$scale_status"

step "unit" npx vitest run --project unit
step "browser" npx vitest run --project e2e --project e2e-alone
record "total" $(($(date +%s) - all_started))
summary
