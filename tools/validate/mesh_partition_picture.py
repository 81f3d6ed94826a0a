#!/usr/bin/env python3
"""A picture of how shallows-mpi --mesh split a mesh over its ranks: every
triangle coloured by the rank that owns it, read from the pieces of one
.pvtu that `shallows-mpi --mesh FILE --format vtk --output STEM` writes
(piece k holds rank k's own triangles). Exercise 17's sheet shows one.

    tools/validate/mesh_partition_picture.py STEM_0000.pvtu OUT.png

Python standard library and gnuplot (tools/validate/mesh_pictures.py)."""
import os
import re
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mesh_pictures import maps  # noqa: E402
from mesh_vtu import Snapshot  # noqa: E402


def owners(pvtu):
    """All pieces' triangles as one snapshot, and each triangle's rank."""
    with open(pvtu, encoding="utf-8") as stream:
        pieces = re.findall(r'<Piece Source="([^"]+)"', stream.read())
    if not pieces:
        raise ValueError(f"{pvtu}: no pieces (not a .pvtu of shallows-mpi --mesh)")
    whole = types.SimpleNamespace(node_x=[], node_y=[], triangles=[])
    rank = []
    for k, source in enumerate(pieces):
        snap = Snapshot(os.path.join(os.path.dirname(pvtu), source))
        shift = len(whole.node_x)
        whole.node_x += list(snap.node_x)
        whole.node_y += list(snap.node_y)
        whole.triangles += [tuple(int(n) + shift for n in t) for t in snap.triangles]
        rank += [k] * len(snap.triangles)
    return whole, rank, len(pieces)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    try:
        whole, rank, ranks = owners(sys.argv[1])
    except (OSError, ValueError) as error:
        sys.stderr.write(f"mesh_partition_picture: {error}\n")
        return 2
    box = (min(whole.node_x), max(whole.node_x), min(whole.node_y), max(whole.node_y))
    title = f"{len(rank)} triangles on {ranks} ranks"
    maps(sys.argv[2], [(title, whole, rank)], box, (-0.5, ranks - 0.5), "rank")
    print(f"wrote {sys.argv[2]}: {title}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
