#!/usr/bin/env bash
# Reproduces the measurements of docs/bots.md: ISMCTS (1,000 iterations) against greedy and
# against random, 200 games a match, seats rotated (and decks swapped in Mattsan and
# Uzumajin). Writes one JSON object a match to OUT (default bots-measure.jsonl).
#
#   crates/bots/measure.sh [OUT] [GAMES] [THREADS]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-bots-measure.jsonl}
games=${2:-200}
threads=${3:-0}
cargo build --release -p fuda-cli >&2
fuda=target/release/fuda
run() { # game players opponent [extra...]
  local game=$1 players=$2 opponent=$3
  shift 3
  echo "$game, $players players, ismcts:1000 vs $opponent" >&2
  "$fuda" simulate --game "$game" --players "$players" --games "$games" --seed 1 \
    --bots "ismcts:1000,$opponent" --threads "$threads" --json "$@" >>"$out"
}
swap() { case $1 in mattsan | uzumajin) echo --swap-decks ;; esac; }
for opponent in greedy random; do
  for game in uzumajin mattsan creature-clash monjan; do
    run "$game" 2 "$opponent" $(swap "$game")
  done
done
for opponent in greedy random; do
  run creature-clash 4 "$opponent"
  run monjan 3 "$opponent"
done
