#!/usr/bin/env bash
# Instructions per decision of fuda's random playouts beside OpenSpiel's C++ hearts,
# counted by callgrind (issue 14; docs/performance.md, "Instructions against hearts").
# Timings on shared machines move by up to 1.5× between rounds and differ between
# machines; an instruction count is the same for the same binary and input.
#
#   benches/instructions.sh [PYTHON]
#
# Needs valgrind. PYTHON is an interpreter with `pip install open_spiel` (default:
# $OPENSPIEL_PYTHON, then ~/.venvs/openspiel/bin/python); without one the hearts column is
# left out. GAMES (default 500) seeded games per fuda game, HEARTS_GAMES (default 100).
# fuda's games run in `examples/playouts.rs`, built like the benches (thin LTO, one codegen
# unit), counted inside its `play_all` (new games, legal actions, the pick, in-place
# apply: the playout bench's loop); hearts inside `open_spiel::EvaluateBots`. The last
# column counts a state clone (and its drop) over the clone bench's positions; an atomic
# reference count is one instruction there but costs far more time (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
py=${1:-${OPENSPIEL_PYTHON:-$HOME/.venvs/openspiel/bin/python}}
target=${CARGO_TARGET_DIR:-target}
games=${GAMES:-500}
hearts_games=${HEARTS_GAMES:-100}
command -v valgrind >/dev/null || { echo "valgrind is needed" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# counted NAME PATTERN COMMAND...: runs COMMAND under callgrind, counting only inside the
# functions matching PATTERN; prints the count and keeps the command's output in $out/NAME.
counted() {
  local name=$1 pattern=$2
  shift 2
  valgrind --tool=callgrind --callgrind-out-file="$out/$name.cg" --toggle-collect="$pattern" \
    "$@" >"$out/$name" 2>"$out/$name.err" || { cat "$out/$name.err" >&2; exit 1; }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/$name.err"
}

hearts=""
if [ -x "$py" ] && "$py" -c 'import pyspiel' 2>/dev/null; then
  ir=$(counted hearts 'open_spiel::EvaluateBots*' \
    "$py" benches/hearts_playouts.py --games "$hearts_games")
  per_game=$(sed -n 's/.*decisions_per_game=\([0-9.]*\).*/\1/p' "$out/hearts")
  hearts=$(python3 -c "print($ir / ($hearts_games * $per_game))")
  printf 'OpenSpiel C++ hearts: %.0f instructions per decision (%s games, %s decisions a game)\n' \
    "$hearts" "$hearts_games" "$per_game"
else
  echo "no Python with open_spiel at $py: hearts left out" >&2
fi

cargo build --profile bench --example playouts >&2
echo
echo "| game | instructions per decision | ÷ hearts | actions listed per decision | instructions ÷ actions listed | instructions per clone |"
echo "|---|---|---|---|---|---|"
for game in creature_clash_2p creature_clash_4p creature_clash_6p uzumajin mattsan monjan monjan_4p; do
  ir=$(counted "$game" '*play_all*' "$target/release/examples/playouts" "$game" "$games")
  decisions=$(sed -n 's/.*decisions=\([0-9]*\).*/\1/p' "$out/$game")
  listed=$(sed -n 's/.*listed=\([0-9]*\).*/\1/p' "$out/$game")
  # The clone bench's positions (20 games), each cloned ten times inside `clone_all`.
  clone_ir=$(counted "$game-clones" '*clone_all*' "$target/release/examples/playouts" "$game" 20 clones)
  clones=$(sed -n 's/.*clones=\([0-9]*\).*/\1/p' "$out/$game-clones")
  python3 - "$game" "$ir" "$decisions" "$listed" "$hearts" "$clone_ir" "$clones" <<'PY'
import sys
game, ir, decisions, listed, hearts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
clone_ir, clones = int(sys.argv[6]), int(sys.argv[7])
per = ir / decisions
ratio = f"{per / float(hearts):.2f}" if hearts else "—"
print(f"| {game} | {per:,.0f} | {ratio} | {listed / decisions:.1f} | {ir / listed:,.0f} | {clone_ir / clones:,.0f} |")
PY
done
