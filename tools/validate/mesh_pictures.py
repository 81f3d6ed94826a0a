"""Figures of the triangle validation (tools/validate/validate_mesh.py): fields on
triangles drawn as gnuplot images (each triangle filled onto a pixel grid
here, outside the mesh left blank) on the colour ranges of the figures of
Roe-MUSCL GPU n.d., and line plots of profiles. gnuplot writes PNG (pngcairo)."""

import math
import os
import subprocess
import tempfile


def raster(snap, field, box, columns):
    """field of snap sampled on a pixel grid over box = (x0, x1, y0, y1):
    a pixel takes the value of the triangle holding its centre, NaN where
    none does. Returns (rows of values, pixel size)."""
    x0, x1, y0, y1 = box
    size = (x1 - x0) / columns
    rows = int(round((y1 - y0) / size))
    grid = [[math.nan] * columns for _ in range(rows)]
    xs, ys = snap.node_x, snap.node_y
    for c, (a, b, d) in enumerate(snap.triangles):
        ax, ay, bx, by, dx, dy = xs[a], ys[a], xs[b], ys[b], xs[d], ys[d]
        det = (bx - ax) * (dy - ay) - (dx - ax) * (by - ay)
        if det == 0:
            continue
        i0 = max(0, int((min(ax, bx, dx) - x0) / size))
        i1 = min(columns - 1, int((max(ax, bx, dx) - x0) / size))
        j0 = max(0, int((min(ay, by, dy) - y0) / size))
        j1 = min(rows - 1, int((max(ay, by, dy) - y0) / size))
        for j in range(j0, j1 + 1):
            py = y0 + (j + 0.5) * size
            for i in range(i0, i1 + 1):
                px = x0 + (i + 0.5) * size
                s = ((bx - px) * (dy - py) - (dx - px) * (by - py)) / det
                t = ((dx - px) * (ay - py) - (ax - px) * (dy - py)) / det
                if s >= -1e-12 and t >= -1e-12 and s + t <= 1 + 1e-12:
                    grid[j][i] = field[c]
    return grid, size


def write_image_data(path, grid, box, size):
    x0, _, y0, _ = box
    with open(path, "w", encoding="utf-8") as file:
        for j, row in enumerate(grid):
            for i, value in enumerate(row):
                file.write(f"{x0 + (i + 0.5) * size:.4f} {y0 + (j + 0.5) * size:.4f} "
                           f"{'NaN' if math.isnan(value) else f'{value:.5g}'}\n")
            file.write("\n")


def gnuplot(script):
    result = subprocess.run(["gnuplot"], input=script, capture_output=True, text=True, encoding="utf-8")
    if result.returncode != 0:
        raise RuntimeError(f"gnuplot failed: {result.stderr.strip()}")


def maps(path, panels, box, colour_range, label, columns=360):
    """Side by side maps of (title, snapshot, field) on one colour range."""
    x0, x1, y0, y1 = box
    panel = 420 if (y1 - y0) > 0.5 * (x1 - x0) else 1000  # wide channels get wide pictures
    width = panel * len(panels)
    height = int(0.95 * panel * (y1 - y0) / (x1 - x0)) + 90
    with tempfile.TemporaryDirectory() as work:
        plots = []
        for k, (title, snap, field) in enumerate(panels):
            grid, size = raster(snap, field, box, columns)
            data = os.path.join(work, f"panel{k}.dat")
            write_image_data(data, grid, box, size)
            plots.append(f"set title '{title}'\nplot '{data}' using 1:2:3 with image notitle\n")
        gnuplot(
            f"set terminal pngcairo size {width},{max(height, 200)} font 'DejaVu Sans,10'\n"
            f"set output '{path}'\nset multiplot layout 1,{len(panels)}\n"
            f"set size ratio -1\nset xrange [{x0}:{x1}]\nset yrange [{y0}:{y1}]\n"
            f"set cbrange [{colour_range[0]}:{colour_range[1]}]\nset cblabel '{label}'\n"
            "set palette defined (0 '#08306b', 0.25 '#2171b5', 0.5 '#6baed6', 0.75 '#fdae61', 1 '#d7191c')\n"
            "set xlabel 'x (m)'\nset ylabel 'y (m)'\n"
            + "".join(plots)
            + "unset multiplot\n"
        )


def lines(path, title, xlabel, ylabel, curves, extra="", size=(760, 420)):
    """Line plots of (title, xs, ys, style) on one graph."""
    with tempfile.TemporaryDirectory() as work:
        plots = []
        for k, (name, xs, ys, style) in enumerate(curves):
            data = os.path.join(work, f"curve{k}.dat")
            with open(data, "w", encoding="utf-8") as file:
                for x, y in zip(xs, ys):
                    file.write(f"{x:.6g} {y:.6g}\n")
            plots.append(f"'{data}' using 1:2 {style} title '{name}'")
        gnuplot(
            f"set terminal pngcairo size {size[0]},{size[1]} font 'DejaVu Sans,10'\n"
            f"set output '{path}'\nset title '{title}'\nset xlabel '{xlabel}'\nset ylabel '{ylabel}'\n"
            f"set key outside right\nset grid\n{extra}\nplot " + ", ".join(plots) + "\n"
        )
