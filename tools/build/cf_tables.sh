#!/bin/sh
# Downloads the three tables cfchecks reads (standard names, area types,
# region names) into the directory given, so that make test checks against
# the current ones; fails without the network, and the checks then use the
# standard name table compliance-checker ships (tools/files/check_cf.py).
set -eu
tables=$1
base=https://cfconventions.org/Data
mkdir -p "$tables"
for table in cf-standard-names/current/src/cf-standard-name-table.xml \
    area-type-table/current/src/area-type-table.xml \
    standardized-region-list/standardized-region-list.xml; do
    name=$(basename "$table")
    curl -fsS --max-time 60 -o "$tables/$name.tmp" "$base/$table"
    mv "$tables/$name.tmp" "$tables/$name"
done
