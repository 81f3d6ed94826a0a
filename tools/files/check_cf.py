#!/usr/bin/env python3
"""The NetCDF files of tools/files/check_files.py through the CF checkers that
`make deps` installs in .venv (cfchecker's cfchecks, IOOS's
compliance-checker): 0 errors and 0 warnings each; and a triangle run's
UGRID file through compliance-checker's UGRID checker (cc-plugin-ugrid):
every point scored, no internal error. Prints one PASS, FAIL or SKIP line
per check.

cfchecks reads three tables (standard names, area types, region names):
those `make deps` downloaded into .venv/cf-tables, or, offline, the
standard name table that compliance-checker ships and empty area-type and
region tables (the files use neither, so an empty table checks them as
strictly; a file that named one would fail)."""

import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checker_support import declares_ugrid  # noqa: E402

UGRID_TEST = "UGRID:2.0"
VENV = os.path.dirname(os.path.dirname(os.path.abspath(sys.executable)))
TABLES = os.path.join(VENV, "cf-tables")
EMPTY_TABLES = {
    "area-type-table.xml": "<area_type_table><version_number>0</version_number>"
                           "<date>offline</date></area_type_table>",
    "standardized-region-list.xml": "<standardized_region_list><version_number>0"
                                    "</version_number><date>offline</date>"
                                    "</standardized_region_list>",
}


def tables(directory):
    """Paths of the standard-name, area-type and region tables."""
    found = {}
    for name in ("cf-standard-name-table.xml",) + tuple(EMPTY_TABLES):
        downloaded = os.path.join(TABLES, name)
        if os.path.exists(downloaded):
            found[name] = downloaded
        elif name in EMPTY_TABLES:
            found[name] = os.path.join(directory, name)
            with open(found[name], "w", encoding="utf-8") as table:
                table.write('<?xml version="1.0"?>\n' + EMPTY_TABLES[name] + "\n")
        else:
            import compliance_checker
            found[name] = os.path.join(os.path.dirname(compliance_checker.__file__), "data",
                                       name)
    return found


# UGRID 1.0, which a triangle mesh file declares in its Conventions
# ("CF-1.8 UGRID-1.0"; CF 1.11 takes UGRID 1.0 in by reference), names its
# mesh variables by cf_role values, and every UGRID reader (xugrid,
# uxarray, ParaView, the UGRID checker) finds the mesh by cf_role =
# "mesh_topology". Neither CF checker knows these values in any CF version
# it implements: cfchecker 4.1.0 (the newest release, and its master)
# stops at CF-1.8 and accepts only the three roles of discrete sampling
# geometries whatever the Conventions say, and so does compliance-checker
# 6.1 in its cf:1.8 to cf:1.11 suites, which also allow one variable with
# a cf_role. No UGRID file can pass either as it is. So their cf_role
# messages, and only these, are judged by the checker that knows UGRID:
# they count as the CF checkers' limits only in a file that the UGRID
# checker passes with every point and no internal error, one message per
# variable whose cf_role is one of UGRID's own values (a misspelt role, or
# one message too many, fails here).
UGRID_ROLES = ("mesh_topology", "face_node_connectivity", "edge_node_connectivity",
               "face_face_connectivity", "face_edge_connectivity", "edge_face_connectivity",
               "boundary_node_connectivity")
UGRID_CFCHECKS = "ERROR: (9.5): Invalid value for cf_role attribute"
UGRID_COMPLIANCE = re.compile(r"^(" + "|".join(UGRID_ROLES) + r") is not a valid cf_role value\.")


def ugrid_roles(path):
    """How many variables of path carry one of UGRID's cf_role values; -1
    when one carries a value that is neither UGRID's nor CF's (cfchecks'
    message does not name the value, so a misspelt role is caught here)."""
    import netCDF4
    with netCDF4.Dataset(path) as dataset:
        roles = [getattr(variable, "cf_role", None) for variable in dataset.variables.values()]
    roles = [role for role in roles if role is not None]
    return len(roles) if all(role in UGRID_ROLES for role in roles) else -1


def cfchecks(path, table):
    command = [os.path.join(VENV, "bin", "cfchecks"), "-s", table["cf-standard-name-table.xml"],
               "-a", table["area-type-table.xml"], "-r", table["standardized-region-list.xml"],
               path]
    output = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, timeout=300).stdout
    if "ERRORS detected: 0" in output and "WARNINGS given: 0" in output:
        return ""
    problems = [line for line in output.splitlines() if line.startswith(("ERROR:", "WARN:"))]
    counts = re.findall(r"(?:ERRORS detected|WARNINGS given): (\d+)", output)
    if ugrid_passes(path) and len(counts) == 2 and sum(map(int, counts)) == len(problems) and \
            all(line == UGRID_CFCHECKS for line in problems) and \
            len(problems) == ugrid_roles(path):
        return ""
    return "; ".join(problems[:6]) or output[-500:]


# compliance-checker 6.1 lists the first required attribute of the
# mercator and lambert_cylindrical_equal_area grid mappings as
# ("longitude_of_projection_origin"), a string where it means a tuple, and
# so reports each of its letters as a missing attribute. Those messages
# (one letter each) are its bug, not the file's; cfchecks checks the same
# attributes properly.
CHECKER_BUG = re.compile(r"^. is a required attribute for grid mapping (mercator|"
                         r"lambert_cylindrical_equal_area)$")


ONE_ROLE = re.compile(r"^There may only be one variable containing the cf_role attribute")

# compliance-checker 6.1 knows X and Y only by axis or as longitude and
# latitude, not by the standard names projection_x/y_coordinate (whose
# variables cannot carry axis: ParaView's CF reader then puts the grid on
# a sphere). Next to a z marked as vertical it calls x and y unknown and
# every field out of CF 2.4's recommended order. That order is checked
# here instead, with the projected coordinates known by standard name.
ORDER = re.compile(r"^(\S+)'s spatio-temporal dimensions are not in the recommended order")
KIND_BY_STANDARD_NAME = {"time": "T", "height": "Z", "projection_y_coordinate": "Y",
                         "projection_x_coordinate": "X"}


def in_cf_order(path, variable):
    """Whether variable's dimensions run T, Z, Y, X (others first)."""
    import netCDF4
    with netCDF4.Dataset(path) as dataset:
        kinds = ""
        for dimension in dataset[variable].dimensions:
            coordinate = dataset.variables.get(dimension)
            kind = getattr(coordinate, "axis", None) or KIND_BY_STANDARD_NAME.get(
                getattr(coordinate, "standard_name", None), "U")
            kinds += kind
    return re.match(r"^[^TZYX]*T?Z?Y?X?$", kinds) is not None


def projected_order_holds(path, message):
    match = ORDER.match(message)
    return match is not None and in_cf_order(path, match.group(1))


def run_compliance(path, test):
    """compliance-checker's report of test on path: (results, errors)."""
    command = [os.path.join(VENV, "bin", "compliance-checker"), "--test", test, "--format",
               "json_new", "--output", "-", path]
    output = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            timeout=300).stdout
    report = json.loads(output[output.index("{"):])[path][test]
    return report["all_priorities"], report.get("errors")


UGRID_RESULTS = {}


def ugrid_check(path):
    """"" when compliance-checker's UGRID checker scores every point of a
    file that declares UGRID with no internal error; else why not."""
    if path not in UGRID_RESULTS:
        results, errors = run_compliance(path, UGRID_TEST)
        why = [f"{result['name']}: {'; '.join(result['msgs'])}" for result in results
               if result["value"][0] != result["value"][1]]
        if errors:
            why.append(f"internal errors {errors}")
        if not results:
            why.append("no UGRID check ran")
        UGRID_RESULTS[path] = "; ".join(why)
    return UGRID_RESULTS[path]


def ugrid_passes(path):
    return declares_ugrid(path) and ugrid_check(path) == ""


def compliance(path):
    results, _ = run_compliance(path, "cf:1.8")
    ugrid = ugrid_passes(path)
    problems = []
    for result in results:
        if result["value"][0] != result["value"][1]:
            real = [message for message in result["msgs"] if not CHECKER_BUG.match(message) and
                    not projected_order_holds(path, message) and
                    not (ugrid and (UGRID_COMPLIANCE.match(message) or
                                    ONE_ROLE.match(message)))]
            problems.extend(f"{result['name']}: {message}" for message in real)
    return "; ".join(problems[:6])


def main(directory):
    if not os.path.exists(os.path.join(VENV, "bin", "cfchecks")):
        print("SKIP cfchecks and compliance-checker: not in .venv (run make deps)")
        return
    table = tables(directory)
    for path in sorted(glob.glob(os.path.join(directory, "*.nc"))):
        name = os.path.basename(path)
        checks = [("cfchecks", lambda: cfchecks(path, table)),
                  ("compliance-checker", lambda: compliance(path))]
        if declares_ugrid(path):
            checks.append(("compliance-checker " + UGRID_TEST, lambda: ugrid_check(path)))
        for tool, check in checks:
            try:
                why = check()
            except Exception as error:
                why = f"{type(error).__name__}: {error}"
            aside = " (UGRID's cf_role values to the UGRID checker)" \
                if declares_ugrid(path) and tool != "compliance-checker " + UGRID_TEST else ""
            print(f"PASS {tool} finds 0 errors, 0 warnings in {name}{aside}" if not why else
                  f"FAIL {tool} on {name}: {why}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
