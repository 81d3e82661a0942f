# Sourced by the benchmarks that compare the agent with another tool in one run (bash).
# interleave ROUNDS OURS THEIRS: runs the two commands ROUNDS times, alternating which goes first so drift in the
# machine's state hits both alike; fills the arrays `ours` and `theirs` with what each printed, and logs each round.
# median: the median of the numbers on stdin.
median() { sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

interleave() {
    local rounds=$1 run_ours=$2 run_theirs=$3 i
    ours=() theirs=()
    for ((i = 1; i <= rounds; i++)); do
        if ((i % 2)); then
            ours+=("$($run_ours)"); theirs+=("$($run_theirs)")
        else
            theirs+=("$($run_theirs)"); ours+=("$($run_ours)")
        fi
        echo "round $i: perflab ${ours[-1]}, other tool ${theirs[-1]}" >&2
    done
    local x y
    x=$(printf '%s\n' "${ours[@]}" | median)
    y=$(printf '%s\n' "${theirs[@]}" | median)
    [ -n "$x" ] && [ -n "$y" ] || { echo "a round produced no number" >&2; return 1; }
    OURS_MEDIAN=$x THEIRS_MEDIAN=$y
}
