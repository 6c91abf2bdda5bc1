#!/usr/bin/env bash
# fuda's hot paths beside OpenSpiel's C++ hearts and a fixed-array floor, in one run
# (issue 14; the figures in docs/performance.md come from it). The machines are shared
# and noisy: read the ratios, which are measured back to back, not the absolute times.
#
#   benches/compare.sh [PYTHON]
#
# PYTHON is an interpreter with `pip install open_spiel` (default: $OPENSPIEL_PYTHON, then
# ~/.venvs/openspiel/bin/python); without one the hearts column is left out. Hearts is
# timed before and after fuda's benches.
# Set QUICK=1 for shorter criterion runs (1 s warm-up, 2 s measurement per bench).
# Set ROUNDS=N (default 1) to run hearts, fuda's benches and hearts again N times: each
# figure is then the least of its N rounds (each bench's criterion mean, each hearts
# timing), the one least disturbed by other work on the machine, and the table says how
# far the rounds spread.
set -euo pipefail
cd "$(dirname "$0")/.."
py=${1:-${OPENSPIEL_PYTHON:-$HOME/.venvs/openspiel/bin/python}}
target=${CARGO_TARGET_DIR:-target}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

hearts() {
  if [ -x "$py" ] && "$py" -c 'import pyspiel' 2>/dev/null; then
    "$py" benches/hearts_playouts.py --seconds 2 --reps 3 | tee -a "$out/hearts"
  else
    echo "no Python with open_spiel at $py: hearts left out" >&2
  fi
}

criterion_args=()
if [ "${QUICK:-0}" = 1 ]; then
  criterion_args=(--warm-up-time 1 --measurement-time 2)
fi

cargo bench -p fuda --no-run --bench floor --bench creature_clash --bench uzumajin \
  --bench mattsan --bench monjan
rounds=${ROUNDS:-1}
for round in $(seq "$rounds"); do
  [ "$rounds" = 1 ] || echo "round $round of $rounds" >&2
  hearts
  cargo bench -p fuda --bench floor --bench creature_clash --bench uzumajin --bench mattsan \
    --bench monjan -- "${criterion_args[@]}" >"$out/criterion" 2>&1 || {
    cat "$out/criterion"
    exit 1
  }
  hearts
  # Each round's criterion means, kept before the next round overwrites them.
  mkdir -p "$out/round$round"
  (cd "$target/criterion" && find . -path '*/new/estimates.json' -exec cp --parents {} "$out/round$round" \;)
done

python3 - "$out" "$out/hearts" "$out/criterion" <<'PY'
import json, pathlib, re, sys

out, hearts_file = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
rounds = sorted(out.glob("round*"))
listed = dict(re.findall(r"^(\w+): ([\d.]+) legal actions per position", pathlib.Path(sys.argv[3]).read_text(), re.M))
hearts = None
if hearts_file.exists():
    runs = [float(m) for m in re.findall(r"ns_per_decision=([\d.]+)", hearts_file.read_text())]
    hearts = min(runs) if runs else None
spread = {}


def least(paths, key):
    """The least of one estimate over the rounds; notes its spread (largest ÷ least)."""
    values = [json.loads(p.read_text())["mean"]["point_estimate"] for p in paths]
    spread[key] = max(values) / min(values)
    return min(values)


def per_element(group, function):
    """ns per element (position or transition) of one bench: the mean over its parameter."""
    paths = [p for r in rounds for p in (r / group / function).glob("*/new/estimates.json")]
    elements = int(paths[0].parent.parent.name)
    return least(paths, (group, function)) / elements


def floor(name):
    return least([r / f"floor_{name}" / "new" / "estimates.json" for r in rounds], name)


floor40, floor100 = floor("fixed_array_copy_40_cards_2p"), floor("fixed_array_copy_100_cards_6p")
print()
if hearts:
    detail = f" (least of {len(runs)}: {', '.join(f'{r:.0f}' for r in runs)})" if len(runs) > 1 else ""
    print(f"OpenSpiel C++ hearts, random playouts: {hearts:.0f} ns per decision{detail}")
print(f"floor, copy of a fixed-array state: 40 cards 2p {floor40:.1f} ns, 100 cards 6p {floor100:.1f} ns")
print()
head = ("| game | playout ns/decision | ÷ hearts | clone ns | clone ÷ floor | hot clone ns | hot ÷ floor "
        "| pure apply ns | apply ÷ clone | legal actions ns | actions listed | ns per listed action |")
print(head)
print("|---" * 12 + "|")
games = ["creature_clash_2p", "creature_clash_4p", "creature_clash_6p", "uzumajin", "mattsan", "monjan",
         "monjan_4p"]
for g in games:
    playout = per_element(g, "random_playouts_x10")
    clone = per_element(g, "clone")
    hot = per_element(g, "clone_hot")
    apply = per_element(g, "apply")
    legal = per_element(g, "legal_actions")
    vs_hearts = f"{playout / hearts:.2f}" if hearts else "—"
    per = float(listed.get(g, "nan"))
    print(f"| {g} | {playout:.0f} | {vs_hearts} | {clone:.1f} | {clone / floor100:.2f} | "
          f"{hot:.1f} | {hot / floor100:.2f} | {apply:.1f} | {apply / clone:.2f} | {legal:.1f} | {per:.1f} | {legal / per:.1f} |")
if len(rounds) > 1:
    print()
    print(f"Each figure is the least of {len(rounds)} rounds. The rounds' spread (largest ÷ least):")
    worst = sorted(spread.items(), key=lambda kv: -kv[1])
    print("; ".join(f"{'/'.join(k) if isinstance(k, tuple) else k} {v:.2f}" for k, v in worst[:8]) + "; …")
PY
