#!/bin/sh
# npm test's first step: the type check, the linter, the formatter's check and the structure check side by side
# (each is one process; the machine has two cores). The route types are generated first:
# the type check reads them. `tsc` is TypeScript 7's native compiler (decision 089).
# The lockfile must hold exactly what package.json asks for, every platform's optional packages included,
# or a fresh machine's npm ci refuses it (npm ci --dry-run checks that without touching node_modules).
if ! npm ci --dry-run --no-audit --no-fund >/dev/null 2>&1; then
  echo "package-lock.json does not match package.json: run npm install and commit package-lock.json."
  exit 1
fi
npx react-router typegen || exit 1
npx tsc --noEmit &
typecheck=$!
npx eslint . --max-warnings=0 &
lint=$!
npx prettier --check . --log-level warn &
format=$!
npm run --silent check:structure
structure=$?
wait "$typecheck"
typecheck=$?
wait "$lint"
lint=$?
wait "$format"
format=$?
[ "$typecheck" -eq 0 ] || echo "The type check failed."
[ "$lint" -eq 0 ] || echo "The linter failed."
[ "$structure" -eq 0 ] || echo "The structure check failed."
[ "$format" -eq 0 ] || echo "Some files are not formatted: run npm run format."
[ "$typecheck" -eq 0 ] && [ "$lint" -eq 0 ] && [ "$structure" -eq 0 ] && [ "$format" -eq 0 ]
