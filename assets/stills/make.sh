#!/usr/bin/env bash
# Remakes every still in this folder with `lodestone render` (and the README's films with
# `lodestone film`, as animated WebP: GitHub shows it, at a seventh of a GIF's size), then
# reduces the stills to 256 colours with ImageMagick to keep them small.
# Run from the repository root after `cargo build --release`:  bash assets/stills/make.sh
set -euo pipefail
bin="${LODESTONE:-${CARGO_TARGET_DIR:-$HOME/.cache/lodestone-target}/release/lodestone}"
out=assets/stills
size=960x540

still() { # NAME GAME [render options...]
  local name=$1 game=$2
  shift 2
  echo "still: $name"
  "$bin" render "$game" --size "$size" "$@" --out "$out/$name.png" 2>/dev/null
  convert "$out/$name.png" -dither None -colors 256 "PNG8:$out/$name.png"
}

chain=E3-G5,F7-H5,F5-F7
still menu menu
still vectress-chain-wave1 vectress --moves $chain --wave 1 --t 0.55
still vectress-chain-wave3 vectress --moves $chain --wave 3 --t 0.5
still vectress-bonds vectress --moves $chain
# A Core pushed off the edge during a wave (the game ends).
still vectress-fall vectress --moves E3-E1,E7-E5,G1-F2,E5-G3 --wave 1 --t 0.7
# What the engines know (#42): a hovered chain's end, a knight arriving as a pawn, a threat.
still vectress-preview vectress --moves E3-G5,F7-H5 --preview F5-F7
still vectress-threat vectress --moves E3-G5 --threat
still hexchess-preview hexchess --moves f5f6,b7b6 --preview f2b6
still hexchess-opening hexchess
# A pawn takes on d9 and arrives as a rook, mid-change (promotion with renaming).
still hexchess-renamed-mid-change hexchess --moves f2b6,k7k6,b6e8,b7b6,e8d9=Q --step 1 --t 0.5
still wavefield-territory wavefield --moves "tune R+T-A-B-,D6-D3,D2-E3"
LODESTONE_WAVEFIELD_VIEW=CMYK still wavefield-cmyk wavefield --moves "tune R+T-A-B-,D6-D3,D2-E3"
# Two removal rounds take five pieces.
still wavefield-removal-round wavefield --moves "tune R+T-A-B-,D6-D3,D2-E3,tune R+T+A+B-,D7-D6" --step 2 --t 0.5
still polarity-push polarity --moves "d6,b4,f4,d4 Q+" --step 1 --t 0.5
still polarity-line polarity --moves "d6,b4,f4,d4 Q-" --step 2 --t 0.5
# The queen pulls eight stones into a block; nine are taken.
still polarity-regather polarity --moves "d6,d2,b4,f4,b6,f6,b2,f2,d4 Q-" --step 1 --t 0.6

echo "film: vectress-chain.webp"
"$bin" film vectress --moves $chain --fps 10 --speed 0.75 --size 480x270 \
  --out "$out/vectress-chain.webp" --poster "$out/vectress-chain-poster.png" 2>/dev/null >/dev/null

# One showcase scenario per game, from the library (README).
for pick in vectress:both-cores-fall hexchess:fast-pawn-mate wavefield:five-round-collapse polarity:nine-in-a-block; do
  game=${pick%%:*}
  name=${pick#*:}
  echo "film: showcase-$game.webp ($name)"
  "$bin" film "$game" --scenario "$name" --fps 10 --speed 0.75 --size 480x270 \
    --out "$out/showcase-$game.webp" 2>/dev/null >/dev/null
done
