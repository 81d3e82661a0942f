#!/usr/bin/env bash
# Line coverage of the fuzz targets' parsers (make -C agents fuzz, after fuzz/run.sh): fuzz/coverage.sh FUZZ_DIR
# COV_DIR TARGET... Each target's coverage build (COV_DIR/<target>, clang -fprofile-instr-generate) runs every
# input of its corpus once (the seeds and what the fuzz run kept in FUZZ_DIR/corpus/<target>/); llvm-cov counts
# the lines run in the files of the target's `fuzz-cover:` line. Prints `<target>: P % of lines (files)` per target.
set -uo pipefail
fuzz_dir="$1" cov_dir="$2"
shift 2
here="$(cd "$(dirname "$0")" && pwd)"
agents="$(dirname "$here")"
cov="${LLVM_COV:-llvm-cov}" profdata="${LLVM_PROFDATA:-llvm-profdata}"
for t in "$@"; do
    read -r -a files <<<"$(sed -n 's|.*fuzz-cover: *\([^*]*\).*|\1|p' "$here/$t.c" | head -n1)"
    if [ ${#files[@]} -eq 0 ]; then
        echo "$t: no fuzz-cover line"
        continue
    fi
    dirs=()
    for d in "$fuzz_dir/corpus/$t" "$here/corpus/$t"; do [ -d "$d" ] && dirs+=("$d"); done
    rm -f "$cov_dir/$t".profraw
    LLVM_PROFILE_FILE="$cov_dir/$t.profraw" "$cov_dir/$t" -runs=0 "${dirs[@]}" >"$cov_dir/$t.log" 2>&1
    "$profdata" merge -sparse "$cov_dir/$t.profraw" -o "$cov_dir/$t.profdata" || continue
    # the TOTAL row of llvm-cov report: ... Lines, Missed Lines, Cover (the 10th column)
    pct="$(cd "$agents" && "$cov" report "$cov_dir/$t" -instr-profile="$cov_dir/$t.profdata" "${files[@]}" |
        awk '$1 == "TOTAL" {sub(/%/, "", $10); print $10}')"
    echo "$t: ${pct:-?} % of lines (${files[*]})"
done
