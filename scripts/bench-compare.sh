#!/usr/bin/env bash
# Compares the engine's speed at two checkouts of herakon, side by side (issue #26).
#
#   scripts/bench-compare.sh divan     BASE_DIR NEW_DIR [ROUNDS [FILTER]]   # wall time, needs an idle machine
#   scripts/bench-compare.sh callgrind BASE_DIR NEW_DIR            # instruction counts, any load
#
# BASE_DIR and NEW_DIR are work trees (e.g. `git worktree add /work/wt/perf-base c5bbd23`);
# each builds into its own target/ (release profile, thin LTO). A checkout without
# benches/scenarios.rs (older than #26's speed work) gets this one's copy and its [[bench]]
# entry, uncommitted: the file uses only an API c5bbd23 already had.
#
# divan: runs the engine benchmarks ROUNDS times (default 9), alternating the two builds
# (base, new, base, new, ...), and prints for each benchmark the median over the rounds of
# each round's divan median, the fastest quarter (the 25th percentile of those medians: the
# VM runs a process at one of two speeds about 1.5x apart, so the quarter shows the fast
# one), and base/new ratios of both. FILTER (a divan name filter, e.g.
# random_game_from_setup) limits the run to some benchmarks:
#
#   scripts/bench-compare.sh divan BASE_DIR NEW_DIR 11 random_game_from_setup
#
# Every round's divan table is kept in /tmp/bench-compare-{base,new}-ROUND.txt.
# callgrind: runs each scenario of benches/scenarios.rs under valgrind on one core (so
# combat_odds plays on one thread) and counts only the `measured` part, not the set-up.
set -euo pipefail

mode=${1:?divan or callgrind}
base=$(cd "${2:?base work tree}" && pwd)
new=$(cd "${3:?new work tree}" && pwd)
rounds=${4:-9}
filter=${5:-}
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
        child = (line !~ /^(├|╰)/)
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
# SKIP_BUILD=1 uses the binaries already built (e.g. while another build holds target/).
if [[ -z ${SKIP_BUILD:-} ]]; then
    prepare "$base"
    prepare "$new"
fi

case $mode in
divan)
    bench_bin() {
        ls -t "$1"/target/release/deps/engine-* | grep -v '\.d$' | head -1
    }
    base_bin=$(bench_bin "$base")
    new_bin=$(bench_bin "$new")
    for ((r = 1; r <= rounds; r++)); do
        (cd "$base" && "$base_bin" --bench $filter 2>/dev/null) >"/tmp/bench-compare-base-$r.txt"
        (cd "$new" && "$new_bin" --bench $filter 2>/dev/null) >"/tmp/bench-compare-new-$r.txt"
    done
    echo "load after: $(uptime)"
    # "side<TAB>name<TAB>median in ns" for every benchmark of every round.
    for side in base new; do
        for ((r = 1; r <= rounds; r++)); do
            divan_table <"/tmp/bench-compare-$side-$r.txt" | awk -F'\t' -v side="$side" '{
                split($3, m, " ")
                f = 1
                if (m[2] == "ns") f = 1; else if (m[2] == "µs") f = 1e3
                else if (m[2] == "ms") f = 1e6; else if (m[2] == "s") f = 1e9
                print side "\t" $1 "\t" m[1] * f
            }'
        done
    done | LC_ALL=C sort -t $'\t' -k2,2 -k1,1 -k3,3g | awk -F'\t' -v rounds="$rounds" '
        function pick(list, n, q,   i) { i = int((n - 1) * q + 1.5); return list[i] }
        function show(ns) {
            if (ns >= 1e6) return sprintf("%.3f ms", ns / 1e6)
            if (ns >= 1e3) return sprintf("%.1f µs", ns / 1e3)
            return sprintf("%.0f ns", ns)
        }
        function flush(   bm, bq, nm, nq) {
            if (name == "" || nb == 0 || nn == 0) return
            bm = pick(b, nb, 0.5); bq = pick(b, nb, 0.25)
            nm = pick(n, nn, 0.5); nq = pick(n, nn, 0.25)
            printf "%-36s %11s %11s %11s %11s %7.2fx %7.2fx\n", name, show(bm), show(bq), \
                show(nm), show(nq), bm / nm, bq / nq
        }
        BEGIN {
            printf "%d alternating rounds; median and fastest quarter (25th percentile) of the rounds\x27 divan medians\n", rounds
            printf "%-36s %11s %11s %11s %11s %8s %8s\n", "benchmark", "base med", "base Q1", \
                "new med", "new Q1", "med", "Q1"
        }
        $2 != name { flush(); name = $2; nb = 0; nn = 0 }
        $1 == "base" { b[++nb] = $3 }
        $1 == "new" { n[++nn] = $3 }
        END { flush() }
    '
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
