#!/bin/bash
# Runs each libFuzzer target for FUZZ_SECONDS (default 60) and fails on any finding.
#   scripts/run-fuzz.sh BUILD_DIR TARGET...
# Each run works inside a fresh temporary directory (so nothing an input names can touch the
# tree), starts from the seeds in tests/fuzz/corpus/TARGET and the kept findings in
# tests/fuzz/regressions/TARGET, and copies any new crash, leak or timeout input into
# tests/fuzz/regressions/TARGET, where `make test` replays it from then on.
set -u
cd "$(dirname "$0")/.."
root=$PWD
build=$root/$1
shift
seconds=${FUZZ_SECONDS:-60}
failed=0
for target in "$@"; do
    bin=$build/fuzz_$target
    work=$(mktemp -d "${TMPDIR:-/tmp}/halma-fuzz-$target.XXXXXX")
    mkdir -p "$work/corpus" "$work/artifacts"
    mkdir -p "tests/fuzz/regressions/$target" # libFuzzer stops on a corpus folder that is not there
    dict=()
    [ -f "tests/fuzz/$target.dict" ] && dict=(-dict="$root/tests/fuzz/$target.dict")
    echo "fuzz_$target: ${seconds}s"
    (cd "$work" && "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "${dict[@]}" -artifact_prefix="$work/artifacts/" \
        "$work/corpus" "$root/tests/fuzz/corpus/$target" "$root/tests/fuzz/regressions/$target" \
        >"$work/log" 2>&1)
    status=$?
    grep -E '^(stat::number_of_executed_units|stat::new_units_added|#[0-9]+ +DONE)' "$work/log" |
        sed "s/^/  fuzz_$target: /"
    found=$(find "$work/artifacts" -type f | wc -l)
    if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
        failed=$((failed + 1))
        echo "FAIL fuzz_$target (status $status, $found finding(s)); the log ends:"
        tail -40 "$work/log" | sed 's/^/    /'
        mkdir -p "tests/fuzz/regressions/$target"
        for f in "$work/artifacts"/*; do
            [ -f "$f" ] || continue
            cp "$f" "tests/fuzz/regressions/$target/"
            echo "  kept tests/fuzz/regressions/$target/$(basename "$f")"
        done
    else
        echo "PASS fuzz_$target"
    fi
    rm -rf "$work"
done
echo "$(( $# - failed )) fuzz targets clean, $failed with findings"
[ "$failed" -eq 0 ]
