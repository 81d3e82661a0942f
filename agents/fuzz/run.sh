#!/usr/bin/env bash
# Runs libFuzzer targets one after another (make -C agents fuzz): fuzz/run.sh SECONDS BUILD_DIR TARGET...
# Each starts from its seeds (fuzz/corpus/<target>/, read only) plus what earlier runs found (BUILD_DIR/corpus/
# <target>/), uses fuzz/<target>.dict when there is one and the `fuzz-flags:` line of its source. Prints one line
# per target, `<target>: N runs, no crash` or `<target>: N runs, CRASHED (input ..., log ...)`, then a total;
# exits 1 when any target crashed (an ASan/UBSan report, a trap, a timeout or running out of memory).
set -uo pipefail
seconds="$1" dir="$2"
shift 2
here="$(cd "$(dirname "$0")" && pwd)"
crashed=0 runs=0
for t in "$@"; do
    mkdir -p "$dir/corpus/$t"
    args=(-max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$dir/$t-")
    [ -f "$here/$t.dict" ] && args+=(-dict="$here/$t.dict")
    # shellcheck disable=SC2207  # flags are words by design
    args+=($(sed -n 's|.*fuzz-flags: *\([^*]*\).*|\1|p' "$here/$t.c" | head -n1))
    dirs=("$dir/corpus/$t")
    [ -d "$here/corpus/$t" ] && dirs+=("$here/corpus/$t")
    "$dir/$t" "${args[@]}" "${dirs[@]}" >"$dir/$t.log" 2>&1
    rc=$?
    n=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$dir/$t.log" | tail -n1)
    n=${n:-0}
    runs=$((runs + n))
    if [ "$rc" -eq 0 ]; then
        echo "$t: $n runs, no crash"
    else
        crashed=$((crashed + 1))
        input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$dir/$t.log" | tail -n1)
        echo "$t: $n runs, CRASHED (exit $rc, input ${input:-none}, log $dir/$t.log)"
        grep -m3 -E 'ERROR|runtime error|SUMMARY' "$dir/$t.log" | sed 's/^/    /'
    fi
done
echo "fuzz total: $# targets, $runs runs, $crashed crashed"
[ "$crashed" -eq 0 ]
