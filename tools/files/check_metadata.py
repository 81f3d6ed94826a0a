#!/usr/bin/env python3
"""The same metadata in every NetCDF output of every program, read with
ncdump -h: the global attributes Conventions, a title that says what the
file is (a sentence, not a bare name), source, a history line with the
time (UTC) and the command line that made the file, backend (the MPI
programs' "mpi+MODEL") and precision; coordinates in metres with their
standard names; x and y without an axis attribute (axis X and Y put the
grid on ParaView's unit sphere) and the vertical z of the Navier-Stokes
volume marked as such: axis Z, positive up, in metres, standard name
height (docs/RESULTS-files.md).

Prints PASS/FAIL lines, one per file, SKIP where ncdump is missing.
Standard library only."""

import os
import re
import shutil
import subprocess
import sys

HISTORY = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: (shallows[a-z-]*) -")
GLOBALS = ("Conventions", "title", "source", "history", "backend", "precision")


def attributes_of(path):
    """{variable or "": {attribute: text}} from ncdump -h."""
    text = subprocess.run(["ncdump", "-h", path], stdout=subprocess.PIPE, check=True).stdout.decode(
        "utf-8", errors="replace")
    found = {"": {}}
    for line in text.splitlines():
        match = re.match(r"\s*(\S*?):(\S+) = \"(.*)\" ;$", line)
        if match:
            found.setdefault(match.group(1), {})[match.group(2)] = match.group(3)
        match = re.match(r"\s*(?:double|float) (\S+?)\(", line)
        if match:
            found.setdefault(match.group(1), {})
    return found


def check_file(path):
    """"" or what is missing or wrong."""
    found = attributes_of(path)
    top = found[""]
    faults = [f"no global {name}" for name in GLOBALS if not top.get(name)]
    history = HISTORY.match(top.get("history", ""))
    if top.get("history") and not history:
        faults.append(f"history '{top['history']}' is not 'TIME: COMMAND LINE'")
    if history and history.group(1).endswith("-mpi") and \
            not top.get("backend", "").startswith("mpi+"):
        faults.append(f"made by {history.group(1)} but backend = '{top.get('backend')}'")
    title = top.get("title", "")
    if title and (not title.startswith("shallows ") or len(title.split()) < 3 or
                  title == top.get("scenario") or title == top.get("case")):
        faults.append(f"title '{title}' does not say what the file is")
    for axis in ("x", "y"):
        if axis in found and (found[axis].get("units") != "m" or
                              "standard_name" not in found[axis]):
            faults.append(f"{axis} without units m and a standard_name")
    for axis in ("x", "y"):
        if "axis" in found.get(axis, {}):
            faults.append(f"{axis} has an axis attribute (ParaView's CF reader: a sphere)")
    vertical = {"axis": "Z", "positive": "up", "units": "m", "standard_name": "height"}
    if "z" in found and any(found["z"].get(name) != value for name, value in vertical.items()):
        faults.append(f"z is not marked as the vertical ({vertical}): {found['z']}")
    return "; ".join(faults)


def main(directory):
    if shutil.which("ncdump") is None:
        print("SKIP metadata: ncdump is not installed (apt-get install netcdf-bin)")
        return
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".nc") or name.endswith("_gauges.nc"):
            continue
        try:
            why = check_file(os.path.join(directory, name))
        except subprocess.CalledProcessError as error:
            why = f"ncdump failed: {error}"
        print(f"{'FAIL' if why else 'PASS'} the metadata of {name}" + (f": {why}" if why else ""))


if __name__ == "__main__":
    main(sys.argv[1])
