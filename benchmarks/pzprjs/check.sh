#!/bin/sh
# Check ascent's puzz.link writer against pzprjs's own encoder, character for character.
# Needs node and a pzprjs checkout (git clone https://github.com/robx/pzprjs): PZPRJS=path/to/pzprjs sh check.sh
# It lifts writeNumber16 and genericEncodeNumber16 out of src/variety-common/Encode.js (nothing of theirs is
# copied into the project) and runs them on every puzzle of ../shared; then compares with 'ascent' line by line.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "${PZPRJS:?set PZPRJS to a pzprjs checkout}/src/variety-common/Encode.js" "$tmp/Encode.js"
cp "$here/encode.js" "$tmp/run.js"
cd "$root"
python - > "$tmp/in.jsonl" <<'PY'
import json, sys
sys.path.insert(0, "tests")
from conftest import shared_sets
for folder in ("tatham", "big", "brainbashers", "generated"):
    for n, label, rec in shared_sets(folder):
        print(json.dumps({"clues": rec["clues"], "cells": rec["cells"]}))
PY
(cd "$tmp" && node run.js < in.jsonl > theirs.txt)
python - "$tmp" <<'PY'
import json, sys
from ascent import Puzzle, puzzlink
tmp = sys.argv[1]
ours = [puzzlink.write(Puzzle.from_record(json.loads(line))) for line in open(f"{tmp}/in.jsonl")]
theirs = open(f"{tmp}/theirs.txt").read().split()
same = sum(a == b for a, b in zip(ours, theirs))
print(f"{same} of {len(ours)} URLs match pzprjs's encoder character for character")
sys.exit(0 if same == len(ours) == len(theirs) else 1)
PY
