#!/usr/bin/env python3
"""An analysis, not a result: why the L-vs-U AUC keeps a poor epoch where the
validation split is small and U mostly positive.

Trains one learner on one MNIST cell for seeds 1..N with the release binary
(`policypu run`, 60 epochs, the sweep's other settings) and prints, per
seed, the epoch the run kept by L-vs-U AUC and the test set's best epoch
(the oracle), each with its L-vs-U AUC, the validation rows' true AUC and
the test ROC-AUC. Under SCAR the L-vs-U AUC is rho*X + (1 - rho)*AUC_PN,
where rho is the cell's share of positives in U (the validation's, up to rounding)
and X the AUC of the labeled rows against U's positives (0.5 in
expectation); the X column solves that for X with the validation rows' true
AUC, so it shows how far the part of the score that carries no signal
moved between the two epochs.

    scripts/checkpoint_noise.py --learner vpu --n-labeled 1000 --rho 0.7 > results/analysis-checkpoint-noise.md
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

from provenance import print_study_head


def run(binary, args, seed, out):
    subprocess.run(
        [binary, "run", "--dataset", "mnist", "--learner", args.learner,
         "--n-labeled", str(args.n_labeled), "--rho", str(args.rho),
         "--epochs", str(args.epochs), "--seed", str(seed), "--select-by", "lu-auc",
         "--out", out],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return json.load(open(out))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--learner", default="vpu")
    parser.add_argument("--n-labeled", type=int, default=1000)
    parser.add_argument("--rho", type=float, default=0.7)
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--binary", default="target/release/policypu")
    args = parser.parse_args()
    print_study_head("No rule is checked and nothing is chosen from it: it shows, seed by seed, "
                     "what the L-vs-U AUC read at the epoch it kept.", kind="An analysis")
    print(f"{args.learner} on MNIST, n_l = {args.n_labeled}, ρ = {args.rho}, {args.epochs} epochs, "
          f"seeds 1 to {args.seeds}.\n")
    print("| seed | validation rows (labeled + unlabeled) | kept epoch: L-vs-U AUC / true AUC / "
          "test ROC-AUC / X | oracle epoch: the same | test ROC-AUC given up |")
    print("|---|---|---|---|---|")
    gaps = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, args.seeds + 1):
            result = run(args.binary, args, seed, os.path.join(tmp, f"{seed}.json"))
            reports = result["reports"]
            kept = next(r for r in reports
                        if r["stage"] == result["selected"]["stage"]
                        and r["epoch"] == result["selected"]["epoch"])
            oracle = max(reports, key=lambda r: r["test"]["roc_auc"])
            v = kept["validation"]
            share = args.rho  # U's share of positives in the validation rows, as in training

            def cells(r):
                s = r.get("validation") or {}
                if s.get("lu_auc") is None or s.get("truth_auc") is None:
                    return f"{r['epoch']} ({r['stage']}): n/a / n/a / {r['test']['roc_auc']:.3f} / n/a"
                x = (s["lu_auc"] - (1 - share) * s["truth_auc"]) / share
                return (f"{r['epoch']} ({r['stage']}): {s['lu_auc']:.3f} / {s['truth_auc']:.3f} / "
                        f"{r['test']['roc_auc']:.3f} / {x:.3f}")

            gap = oracle["test"]["roc_auc"] - kept["test"]["roc_auc"]
            gaps.append(gap)
            print(f"| {seed} | {v['labeled']} + {v['unlabeled']} | {cells(kept)} | {cells(oracle)} "
                  f"| {gap:.4f} |")
    print(f"\nMean ROC-AUC given up over the seeds: {sum(gaps) / len(gaps):.4f}; "
          f"largest {max(gaps):.4f}, smallest {min(gaps):.4f}. X: the AUC of the labeled "
          "validation rows against U's positives, solved from the L-vs-U AUC and the rows' true "
          "AUC (0.5 in expectation, so what it moves between two epochs is noise the criterion "
          "reads as signal).")


if __name__ == "__main__":
    sys.exit(main())
