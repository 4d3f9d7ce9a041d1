#!/bin/sh
# npm test's first step: the type check, the linter and the structure check side by side
# (each is one process; the machine has two cores). The route types are generated first,
# because the type check and the type-aware lint rules both read them.
npx react-router typegen || exit 1
npx tsc --noEmit &
typecheck=$!
npx eslint . --max-warnings=0 &
lint=$!
npm run --silent check:structure
structure=$?
wait "$typecheck"
typecheck=$?
wait "$lint"
lint=$?
[ "$typecheck" -eq 0 ] || echo "The type check failed."
[ "$lint" -eq 0 ] || echo "The linter failed."
[ "$structure" -eq 0 ] || echo "The structure check failed."
[ "$typecheck" -eq 0 ] && [ "$lint" -eq 0 ] && [ "$structure" -eq 0 ]
