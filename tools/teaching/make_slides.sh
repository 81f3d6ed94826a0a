#!/bin/bash
# make slides: slides/*.md to build/slides/*.pdf with pandoc (beamer), after
# making their figures from a shallows run (tools/teaching/slide_figures.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! ls slides/[0-9]*.md >/dev/null 2>&1; then
    echo "slides: no slides/*.md here (a student release leaves them out)" >&2
    exit 2
fi

missing=""
command -v pandoc >/dev/null || missing="$missing pandoc"
command -v pdflatex >/dev/null || missing="$missing texlive-latex-recommended"
kpsewhich beamer.cls >/dev/null 2>&1 || missing="$missing texlive-latex-recommended"
kpsewhich pgfmath.sty >/dev/null 2>&1 || missing="$missing texlive-pictures"
kpsewhich lmodern.sty >/dev/null 2>&1 || missing="$missing lmodern texlive-fonts-recommended"
command -v gnuplot >/dev/null || missing="$missing gnuplot-nox"
command -v ncdump >/dev/null || missing="$missing netcdf-bin"
command -v mpirun >/dev/null && command -v mpicc >/dev/null ||
    missing="$missing openmpi-bin libopenmpi-dev"
if [ -n "$missing" ]; then
    # shellcheck disable=SC2086
    missing=$(printf '%s\n' $missing | sort -u | tr '\n' ' ')
    echo "slides: missing tools; install them with:" >&2
    echo "  sudo apt-get install -y --no-install-recommends $missing" >&2
    exit 2
fi

tools/teaching/slide_figures.sh
for source in slides/[0-9]*.md; do
    pdf=build/slides/$(basename "${source%.md}").pdf
    pandoc -t beamer --slide-level=1 -V aspectratio=169 -V theme:default \
        -V colortheme:dolphin -V fontsize=12pt -V navigation=empty \
        --resource-path=build/slides:slides -o "$pdf.tmp.pdf" "$source"
    mv "$pdf.tmp.pdf" "$pdf"
    echo "slides: $pdf"
done
