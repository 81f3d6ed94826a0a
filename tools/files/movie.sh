#!/bin/sh
# make movie: turns the pictures STEM_NNNN.png of a run into STEM.gif with
# ffmpeg or, failing that, ImageMagick; says what to install when neither is.
set -eu
stem=${1:?usage: tools/files/movie.sh OUTPUT_STEM}
first="${stem}_0000.png"
if [ ! -f "$first" ]; then
    echo "movie: no pictures $stem""_NNNN.png; run 'make run' (or shallows --format png) first" >&2
    exit 2
fi
if command -v ffmpeg >/dev/null 2>&1; then
    # One palette for all frames keeps the colour map's colours in the GIF.
    ffmpeg -loglevel error -y -framerate 4 -i "${stem}_%04d.png" \
        -vf "split[a][b];[a]palettegen[p];[b][p]paletteuse" "$stem.gif"
elif convert -version 2>/dev/null | grep -q ImageMagick; then
    convert -delay 25 -loop 0 "${stem}"_[0-9][0-9][0-9][0-9].png "$stem.gif"
else
    echo "movie: needs ffmpeg or ImageMagick: sudo apt-get install -y ffmpeg (or imagemagick)" >&2
    exit 1
fi
echo "movie: $stem.gif"
