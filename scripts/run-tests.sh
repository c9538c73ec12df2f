#!/bin/bash
# Runs the Catch2 suite and every scripted test (tests/sh/*.sh), then prints one line
# "N passed, N failed" counting Catch2 test cases and scripts together (", N skipped" added
# when a script exits 77: it could not run here, and says why).
# Environment: HALMA (the program under test), BUILD (the build directory),
# SANITIZE=1 for the sanitizer run (scripts may skip what is too slow there).
# HALMA_SOAK_GAMES: the number of soak games (tests/test_soak.cpp); the sanitizer run
# plays 216 unless told otherwise, the normal run a smaller sample.
set -u
cd "$(dirname "$0")/.."
: "${HALMA:=$PWD/halma}" "${BUILD:=build/release}"
export HALMA BUILD SANITIZE="${SANITIZE:-}"
if [ -n "$SANITIZE" ]; then export HALMA_SOAK_GAMES="${HALMA_SOAK_GAMES:-216}"; fi
passed=0
failed=0
skipped=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# 1. The Catch2 suite: read its summary line for the counts.
"$BUILD/halma_tests" --use-colour no 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary=$(grep -E '^(All tests passed|test cases:)' "$log" | tail -1)
if [[ $summary =~ ^All\ tests\ passed.*in\ ([0-9]+)\ test\ case ]]; then
    passed=$((passed + BASH_REMATCH[1]))
elif [[ $summary =~ test\ cases:\ *([0-9]+)\ \|\ *([0-9]+)\ passed\ \|\ *([0-9]+)\ failed ]]; then
    passed=$((passed + BASH_REMATCH[2]))
    failed=$((failed + BASH_REMATCH[3]))
elif [[ $summary =~ test\ cases:\ *([0-9]+)\ \|\ *([0-9]+)\ failed ]]; then
    failed=$((failed + BASH_REMATCH[2]))
else
    echo "halma_tests: no summary line (exit status $status)"
    failed=$((failed + 1))
fi
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi

# 2. Scripted tests: each script is one test, passing when it exits 0. The club's scripts
#    (those using club_lib.bash or door_lib.bash) run a second time with the club's store in
#    PostgreSQL (HALMA_TEST_STORE=postgresql), as NAME@postgresql; pg_*.sh are about
#    PostgreSQL alone and run once.
club_scripts=$(grep -l -E '(club|door)_lib\.bash' tests/sh/*.sh | grep -v '/pg_')
for t in tests/sh/*.sh $(printf '%s@postgresql\n' $club_scripts); do
    store=sqlite
    [[ $t == *@postgresql ]] && store=postgresql
    script=${t%@postgresql}
    [ -e "$script" ] || continue
    name=$(basename "$script" .sh)
    [ "$store" = sqlite ] || name="$name@$store"
    start=$(date +%s)
    HALMA_TEST_STORE=$store timeout 900 bash "$script" >"$log" 2>&1
    rc=$?
    if [ "$rc" = 0 ]; then
        passed=$((passed + 1))
        echo "PASS $name ($(( $(date +%s) - start ))s)"
    elif [ "$rc" = 77 ]; then
        skipped=$((skipped + 1))
        echo "SKIP $name: $(tail -1 "$log")"
    else
        failed=$((failed + 1))
        echo "FAIL $name"
        # What the script said failed (its screens after it may be long), then its end.
        grep -m3 '^FAIL' "$log" | sed 's/^/    /'
        sed 's/^/    /' "$log" | tail -40
    fi
done

if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
