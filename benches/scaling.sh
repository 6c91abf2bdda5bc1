#!/usr/bin/env bash
# How `fuda simulate` scales from one core to two, beside how the machine itself scales
# (docs/performance.md, "simulate on every core"). Per game, back to back:
#   - one process, --threads 1;
#   - one process, --threads 2;
#   - two processes at once, --threads 1 each, half the games each;
# and, as the machine's own reference, OpenSpiel's C++ hearts playouts alone and as two
# processes at once when PYTHON has `pip install open_spiel`. Prints games/s and each
# ratio to one thread. Run it on an otherwise idle machine.
#
#   benches/scaling.sh [PYTHON]
set -euo pipefail
cd "$(dirname "$0")/.."
py=${1:-${OPENSPIEL_PYTHON:-$HOME/.venvs/openspiel/bin/python}}
target=${CARGO_TARGET_DIR:-target}
cargo build --release -p fuda-cli --bin fuda >&2
fuda=$target/release/fuda

# games_per_s GAME GAMES THREADS SEED
games_per_s() {
  "$fuda" simulate --game "$1" --games "$2" --threads "$3" --seed "$4" --json |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["games_per_s"])'
}

ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$@"; }

printf '%-16s %8s %14s %14s %8s %18s %8s\n' game games "1 thread" "2 threads" ratio \
  "2 processes" ratio
for spec in mattsan:16000 creature-clash:40000 uzumajin:60000 monjan:16000; do
  game=${spec%%:*}
  games=${spec##*:}
  half=$((games / 2))
  one=$(games_per_s "$game" "$games" 1 1)
  two=$(games_per_s "$game" "$games" 2 1)
  a=$(mktemp)
  b=$(mktemp)
  games_per_s "$game" "$half" 1 1 >"$a" &
  games_per_s "$game" "$half" 1 $((1 + half)) >"$b" &
  wait
  # Two processes together: the sum of their rates (they run side by side).
  procs=$(python3 -c "import sys; print(float(open(sys.argv[1]).read()) + float(open(sys.argv[2]).read()))" "$a" "$b")
  rm -f "$a" "$b"
  printf '%-16s %8s %14.0f %14.0f %7s× %18.0f %7s×\n' "$game" "$games" "$one" "$two" \
    "$(ratio "$two" "$one")" "$procs" "$(ratio "$procs" "$one")"
done

if [ -x "$py" ] && "$py" -c 'import pyspiel' 2>/dev/null; then
  hearts() { "$py" benches/hearts_playouts.py --seconds 3 --reps 1 | sed -n 's/.*games_per_s=\([0-9.]*\).*/\1/p'; }
  one=$(hearts)
  a=$(mktemp)
  b=$(mktemp)
  hearts >"$a" &
  hearts >"$b" &
  wait
  procs=$(python3 -c "import sys; print(float(open(sys.argv[1]).read()) + float(open(sys.argv[2]).read()))" "$a" "$b")
  rm -f "$a" "$b"
  printf '%-16s %8s %14.0f %14s %8s %18.0f %7s×\n' "hearts (C++)" - "$one" - - "$procs" \
    "$(ratio "$procs" "$one")"
else
  echo "no Python with open_spiel at $py: hearts left out" >&2
fi
