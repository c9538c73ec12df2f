#!/bin/bash
# Runs the Catch2 suite and every scripted test (tests/sh/*.sh), then prints one line
# "N passed, N failed" counting Catch2 test cases and scripts together (", N skipped" added
# when a script exits 77: it could not run here, and says why).
# Environment: HALMA (the program under test), BUILD (the build directory),
# SANITIZE=1 for the sanitizer run (scripts may skip what is too slow there).
# HALMA_SOAK_GAMES: the number of soak games (tests/test_soak.cpp); the sanitizer run
# plays 216 unless told otherwise, the normal run a smaller sample.
# HALMA_TEST_JOBS: how many tests run at once (default: twice the processors; 1 runs them one
# after another). Every script keeps to a temporary directory, tmux servers, PostgreSQL
# cluster, sshd, port and accounts of its own, and the one that installs the Debian package
# touches nothing the others read, so any of them may run beside any other; most of their
# time is spent waiting for a screen or a server. The few that keep a processor busy
# throughout (the Catch2 suite, the package's build, the race meter's) start first, no more
# of them at once than there are processors. The Catch2 suite runs as one
# part a processor, its test cases dealt out among the parts in turn (HALMA_TEST_PARTS).
set -u
cd "$(dirname "$0")/.."
: "${HALMA:=$PWD/halma}" "${BUILD:=build/release}"
export HALMA BUILD SANITIZE="${SANITIZE:-}"
if [ -n "$SANITIZE" ]; then export HALMA_SOAK_GAMES="${HALMA_SOAK_GAMES:-216}"; fi
cpus=$(nproc 2>/dev/null || echo 1)
jobs=${HALMA_TEST_JOBS:-$((cpus * 2))}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=2
busy_most=$((cpus < jobs ? cpus : jobs))
passed=0
failed=0
skipped=0
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The tests: the Catch2 suite's parts ("catch2:I"), then each script, the club's (those using
# club_lib.bash or door_lib.bash) a second time with the club's store in PostgreSQL
# (HALMA_TEST_STORE=postgresql), as NAME@postgresql; pg_*.sh are about PostgreSQL alone and
# run once. The busy ones, longest first, lead.
busy="catch2 deb_package race-meter"
club_scripts=$(grep -l -E '(club|door)_lib\.bash' tests/sh/*.sh | grep -v '/pg_')
parts=${HALMA_TEST_PARTS:-$busy_most}
[ "$parts" -ge 1 ] 2>/dev/null || parts=1
tests=()
# Each name as a test spec reads it: ',' '[' ']' '*' and '\' escaped.
"$BUILD/halma_tests" --list-test-names-only 2>/dev/null | sed '/^$/d; s/[],[\\*]/\\&/g' |
    awk -v parts="$parts" -v dir="$logs" '{ print > (dir "/catch2-" (NR - 1) % parts + 1 ".names") }'
for ((part = 1; part <= parts; part++)); do
    [ -s "$logs/catch2-$part.names" ] && tests+=("catch2:$part")
done
[ "${#tests[@]}" -gt 0 ] || tests=(catch2:0) # no names listed: the whole suite, which says why
for name in $busy; do [ -e "tests/sh/$name.sh" ] && tests+=("tests/sh/$name.sh"); done
for t in tests/sh/*.sh $(printf '%s@postgresql\n' $club_scripts); do
    [[ " $busy " == *" $(basename "$t" .sh) "* ]] || tests+=("$t")
done
is_busy() { [[ $1 != *@postgresql && " $busy " == *" $(basename "${1%:*}" .sh) "* ]]; }

# Runs one test into its log; its exit status is the test's.
run_one() {
    local t=$1 store=sqlite script
    if [[ $t == catch2:0 ]]; then
        exec "$BUILD/halma_tests" --use-colour no
    elif [[ $t == catch2:* ]]; then
        exec "$BUILD/halma_tests" --use-colour no --input-file "$logs/catch2-${t#catch2:}.names"
    fi
    [[ $t == *@postgresql ]] && store=postgresql
    script=${t%@postgresql}
    # A bound for a script that hangs: longer for the busy ones, which other work slows most.
    local limit=900
    is_busy "$t" && limit=1800
    HALMA_TEST_STORE=$store exec timeout "$limit" bash "$script"
}

test_name() {
    local t=$1 name
    [[ $t == catch2:* ]] && { echo "catch2 part ${t#catch2:}"; return; }
    name=$(basename "${t%@postgresql}" .sh)
    [[ $t == *@postgresql ]] && name="$name@postgresql"
    echo "$name"
}

# A part of the Catch2 suite: its log printed (but the long line of the names it was given),
# its summary line read for the counts.
catch2_done() {
    local log=$1 status=$2 summary
    grep -v '^Filters: ' "$log"
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
        return
    fi
    if [ "$status" -ne 0 ] && [[ $summary == All* ]]; then failed=$((failed + 1)); fi
}

# A script's result: passing when it exited 0, skipped at 77.
script_done() {
    local name=$1 log=$2 rc=$3 took=$4
    if [ "$rc" = 0 ]; then
        passed=$((passed + 1))
        echo "PASS $name (${took}s)"
    elif [ "$rc" = 77 ]; then
        skipped=$((skipped + 1))
        echo "SKIP $name: $(tail -1 "$log")"
    else
        failed=$((failed + 1))
        echo "FAIL $name (${took}s)"
        # What the script said failed (its screens after it may be long), then its end.
        grep -m3 '^FAIL' "$log" | sed 's/^/    /'
        sed 's/^/    /' "$log" | tail -40
    fi
}

# The next test to start: the first waiting, but for a busy one while busy_most run.
next_test() {
    local i
    for i in "${!waiting[@]}"; do
        if ! is_busy "${tests[$i]}" || [ "$busy_running" -lt "$busy_most" ]; then
            echo "$i"
            return
        fi
    done
}

declare -A test_of started_at
waiting=() # the tests still to start, by their index (a sparse array keeps their order)
for i in "${!tests[@]}"; do waiting[$i]=1; done
running=0
busy_running=0
total_seconds=0
suite_start=$(date +%s)
while [ "${#waiting[@]}" -gt 0 ] || [ "$running" -gt 0 ]; do
    while [ "$running" -lt "$jobs" ] && i=$(next_test) && [ -n "$i" ]; do
        unset "waiting[$i]"
        run_one "${tests[$i]}" >"$logs/$i.log" 2>&1 </dev/null &
        test_of[$!]=$i
        started_at[$!]=$(date +%s)
        running=$((running + 1))
        is_busy "${tests[$i]}" && busy_running=$((busy_running + 1))
    done
    ended=""
    wait -n -p ended
    rc=$?
    [ -n "${ended:-}" ] || continue
    i=${test_of[$ended]}
    took=$(($(date +%s) - started_at[$ended]))
    total_seconds=$((total_seconds + took))
    unset "test_of[$ended]" "started_at[$ended]"
    running=$((running - 1))
    t=${tests[$i]}
    is_busy "$t" && busy_running=$((busy_running - 1))
    if [[ $t == catch2:* ]]; then
        catch2_done "$logs/$i.log" "$rc"
        echo "$(test_name "$t") (${took}s)"
    else
        script_done "$(test_name "$t")" "$logs/$i.log" "$rc" "$took"
    fi
done

echo "${#tests[@]} tests, $jobs at a time: ${total_seconds}s one after another, $(($(date +%s) - suite_start))s on the clock"
if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
