"""The table of the paper-CNN runs that scripts/device-check.sh makes on a
lent GPU: the paper's biased PU (paper CNN, Adam at 1e-5, weight decay as
the paper's preset, 300 epochs) on MNIST, n_l = 300, rho = 0.3, one run per
seed. For each seed: the epoch its PU validation split kept, its last epoch
and, as a labelled analysis only, the epoch the test set would pick.

    python3 scripts/paper_cnn_gpu_table.py RUNS_DIR COMMIT MACHINE > results/paper-cnn-gpu-mnist.md
"""

import json
import statistics
import sys
from pathlib import Path


def spread(values):
    """Mean ± standard deviation, three decimals."""
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):.3f} ± {sd:.3f}"


def main():
    runs_dir, commit, machine = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    rows = []
    for path in sorted(runs_dir.glob("seed*.json")):
        run = json.loads(path.read_text())
        reports = [r for r in run["reports"] if r["stage"] == "train"]
        kept = run["selected"]["epoch"]
        chosen = next(r for r in reports if r["epoch"] == kept)
        last = reports[-1]
        oracle = max(reports, key=lambda r: r["test"]["roc_auc"])
        rows.append((path.stem, run, chosen, last, oracle))
    print("# The paper's biased PU with the paper's CNN, on a GPU (MNIST, n_l = 300, ρ = 0.3)\n")
    print(
        f"Command: `scripts/device-check.sh .gl/policypu $OUT` on {machine}, at commit {commit}; "
        f"this table: `python3 scripts/paper_cnn_gpu_table.py RUNS_DIR {commit} ...`.\n"
    )
    print(
        "Each run: `policypu run --paper --dataset mnist --learner biased-pu --n-labeled 300 "
        "--rho 0.3 --seed S --backend wgpu` (Burn wgpu, Vulkan), the five seeds side by side on one GPU. "
        "Kept: the epoch its PU validation split chose (labeled-vs-unlabeled AUC), no negative seen. "
        "Test oracle: the epoch of highest test ROC-AUC, an analysis of what a choice could at best buy, "
        "never a result.\n"
    )
    print("| seed | epochs | kept epoch | ROC-AUC kept | Acc kept | ROC-AUC last | Acc last | "
          "oracle epoch | ROC-AUC oracle | run time (s) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, run, chosen, last, oracle in rows:
        print(
            f"| {name.removeprefix('seed')} | {last['epoch']} | {chosen['epoch']} | "
            f"{chosen['test']['roc_auc']:.3f} | {chosen['test']['accuracy']:.3f} | "
            f"{last['test']['roc_auc']:.3f} | {last['test']['accuracy']:.3f} | "
            f"{oracle['epoch']} | {oracle['test']['roc_auc']:.3f} | {last['elapsed_ms'] / 1e3:.0f} |"
        )
    col = lambda pick, key: [pick(r)["test"][key] for r in rows]  # noqa: E731
    kept, last, best = (lambda r: r[2]), (lambda r: r[3]), (lambda r: r[4])
    print(
        f"| mean ± std | | | {spread(col(kept, 'roc_auc'))} | {spread(col(kept, 'accuracy'))} | "
        f"{spread(col(last, 'roc_auc'))} | {spread(col(last, 'accuracy'))} | | "
        f"{spread(col(best, 'roc_auc'))} | |"
    )


if __name__ == "__main__":
    main()
