"""The runs a sweep's shard files hold (`sweep --shard ... --out part.json`),
for the study scripts that read them."""

import json
import os


def outcomes(paths):
    """(path, placed run, its result, auto's candidates) for every run of the
    shard files at `paths` that trained; failed runs are skipped."""
    for path in paths:
        for placed in json.load(open(path))["runs"]:
            if "Ok" in placed["outcome"]:
                result, candidates = placed["outcome"]["Ok"]
                yield path, placed, result, candidates


def distinct_runs(paths):
    """Every distinct run in the shard files, rows and auto's candidates
    (which repeat the rows' runs); a run's config does not name its CSV
    file, so runs are told apart by their sweep's folder too."""
    seen = {}
    for path, _, result, candidates in outcomes(paths):
        for run in [result, *candidates]:
            key = (os.path.dirname(path), json.dumps(run["config"], sort_keys=True))
            seen.setdefault(key, run)
    return list(seen.values())
