#!/usr/bin/env bash
# Compares the engine's speed at two checkouts of herakon, side by side (issue #26).
#
#   scripts/bench-compare.sh divan     BASE_DIR NEW_DIR [ROUNDS]   # divan medians, needs an idle machine
#   scripts/bench-compare.sh callgrind BASE_DIR NEW_DIR            # instruction counts, any load
#
# BASE_DIR and NEW_DIR are work trees (e.g. `git worktree add /work/wt/perf-base c5bbd23`);
# each builds into its own target/ (release profile, thin LTO). A checkout without
# benches/scenarios.rs (older than #26's speed work) gets this one's copy and its [[bench]]
# entry, uncommitted: the file uses only an API c5bbd23 already had.
#
# divan: runs `cargo bench --bench engine` ROUNDS times (default 2), alternating the two
# builds, and prints each benchmark's fastest and median time from the last round.
# callgrind: runs each scenario of benches/scenarios.rs under valgrind on one core (so
# combat_odds plays on one thread) and counts only the `measured` part, not the set-up.
set -euo pipefail

mode=${1:?divan or callgrind}
base=$(cd "${2:?base work tree}" && pwd)
new=$(cd "${3:?new work tree}" && pwd)
rounds=${4:-2}
here=$(cd "$(dirname "$0")/.." && pwd)

prepare() {
    local dir=$1
    if [[ ! -f $dir/benches/scenarios.rs ]]; then
        cp "$here/benches/scenarios.rs" "$dir/benches/scenarios.rs"
        printf '\n[[bench]]\nname = "scenarios"\nharness = false\n' >>"$dir/Cargo.toml"
    fi
    (cd "$dir" && cargo bench --bench engine --bench scenarios --no-run >/dev/null 2>&1)
}

# The newest scenarios binary of a checkout.
scenarios_bin() {
    ls -t "$1"/target/release/deps/scenarios-* | grep -v '\.d$' | head -1
}

# "name<TAB>fastest<TAB>median" for every benchmark of a divan run (arguments as name/arg).
divan_table() {
    awk '{
        line = $0
        child = (line ~ /^│/)
        sub(/^(│| )*(├|╰)─ /, "", line)
        if (line == $0) next
        n = split(line, cols, "│")
        split(cols[1], w, " ")
        if (w[3] == "") { parent = w[1]; next }
        name = child ? parent "/" w[1] : w[1]
        med = cols[3]; gsub(/^ +| +$/, "", med)
        print name "\t" w[2] " " w[3] "\t" med
    }'
}

echo "load: $(uptime)"
echo "base: $base ($(git -C "$base" rev-parse --short HEAD))"
echo "new:  $new ($(git -C "$new" rev-parse --short HEAD))"
prepare "$base"
prepare "$new"

case $mode in
divan)
    for ((r = 1; r <= rounds; r++)); do
        (cd "$base" && cargo bench --bench engine 2>/dev/null) >/tmp/bench-compare-base.txt
        (cd "$new" && cargo bench --bench engine 2>/dev/null) >/tmp/bench-compare-new.txt
    done
    echo "load after: $(uptime)"
    printf '%-40s %-24s %-24s\n' benchmark "base fastest / median" "new fastest / median"
    LC_ALL=C join -t $'\t' <(divan_table </tmp/bench-compare-base.txt | LC_ALL=C sort) \
        <(divan_table </tmp/bench-compare-new.txt | LC_ALL=C sort) |
        awk -F'\t' '{ printf "%-40s %-24s %-24s\n", $1, $2 " / " $3, $4 " / " $5 }'
    ;;
callgrind)
    # scenario and repetitions: enough work that start-up noise is nothing.
    runs="game2:20 game4:10 apply:5 legal:20 load:10 clone:2000 odds:1"
    printf '%-8s %6s %18s %18s %8s\n' scenario reps "base instr/rep" "new instr/rep" ratio
    for run in $runs; do
        name=${run%%:*}
        reps=${run##*:}
        counts=()
        for dir in "$base" "$new"; do
            out=$(mktemp)
            taskset -c 0 valgrind --tool=callgrind --toggle-collect='*measured*' \
                --callgrind-out-file="$out" "$(scenarios_bin "$dir")" "$name" "$reps" >/dev/null 2>&1
            total=$(awk '/^summary:|^totals:/ { print $2; exit }' "$out")
            counts+=($((total / reps)))
            rm -f "$out"
        done
        ratio=$(awk -v a="${counts[0]}" -v b="${counts[1]}" 'BEGIN { printf "%.2fx", a / b }')
        printf '%-8s %6s %18s %18s %8s\n' "$name" "$reps" "${counts[0]}" "${counts[1]}" "$ratio"
    done
    ;;
*)
    echo "mode: divan or callgrind" >&2
    exit 2
    ;;
esac
