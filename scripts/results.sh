#!/usr/bin/env bash
# Regenerates the tables in results/ (quoted by the README): each file is
# headed by the command that made it and the commit it ran at, and ends
# with the sweep's wall time. Parts: mnist, ablation, cifar10, examples,
# en-threshold, prior-threshold, small-cnn, epoch-oracle, priors, tables,
# fashion-dev, vpu-rule, checkpoint-rule, dev-tables, csv-share, ensemble,
# threshold, ranking, tie-break, few-labeled, margin, warmup, checkpoint-noise,
# crossfit, crossfit-confirmation, crossfit-files, auto-folds, fresh-seeds,
# agreement, refit, refit-few (default: all).
#   scripts/results.sh              every table (MNIST alone took 108 min on 2 busy cores)
#   scripts/results.sh ablation     one of them
#
# Protocol (README, "Results"): the shipped subsets, 5 seeds, the fast MLP
# preset, 10 + 10 pre-training epochs for policyPU and 60 training epochs
# for every learner; each run reported at the epoch its PU validation split
# chose (its learner's rule: L-vs-U AUC, or VPU's variational loss), with
# the last epoch's table beside it (nothing is
# selected on the test set). The MNIST part also compares every PU-only
# criterion with the last epoch and the test-set oracle (--selection-study).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --bin policypu
python3 -c 'import sklearn' 2>/dev/null ||
  echo "note: the table parts need scikit-learn: pip install -r scripts/requirements.txt" >&2
bin=${CARGO_TARGET_DIR:-target}/release/policypu
protocol=(--epochs 60 --seeds 5)
# The shipped CSV files, and the roles of each: examples, example_args.
source scripts/examples.sh
# Every learner's row, and auto's (which reuses the rows' runs of its candidates).
rows=biased-pu,tice,km2,rank-pruning,pmpu,separator,weighter,vpu,dist-pu,nnpu,oracle-pn,auto
# Grids and tables run as shards side by side, one a core (SHARDS to change).
shards=${SHARDS:-$(nproc)}
sharded() { POLICYPU_BIN=$bin scripts/sweep-shards.sh "$shards" "$@"; }
# The tables with known priors (scripts/make_study_tables.py; not committed).
tables=target/study-tables
study_tables=(breast-cancer wine iris digits blobs-500 blobs-2000 blobs-10000)
make_tables() {
  [ -f $tables/weak-49000.csv ] || python3 scripts/make_study_tables.py $tables
}
# The CSV development tables (scripts/make_dev_tables.py; not committed).
dev_tables=(diabetes classes-800 classes-1500 moons-1000 circles-600 hastie-1200)
dev_learners=biased-pu,tice,km2,rank-pruning,pmpu,separator,weighter,vpu,dist-pu,auto
# The cross-fitting studies: one table's runs once per fold of its training
# rows (`--validation-fold`), with row scores, in DIR/fold-K; DIR is added to
# crossfit_dirs.  crossfit_folds DIR SEEDS SWEEP_FLAGS...
crossfit_folds() {
  local dir=$1 seeds=$2 fold
  shift 2
  for fold in 0 1 2 3 4; do
    [ -f $dir/fold-$fold.md ] ||
      ROW_SCORES=1 sharded $dir/fold-$fold.md $dir/fold-$fold "$@" \
        --seeds $seeds --learners $dev_learners --validation-fold $fold
  done
  crossfit_dirs+=("$dir")
}
# crossfit_folds for each development table in FOLDER, under NAME.
#   crossfit_tables FOLDER NAME SEEDS
crossfit_tables() {
  local table
  for table in "${dev_tables[@]}"; do
    crossfit_folds target/shards/crossfit/$2/$table $3 --csv $1/$table.csv --truth-column truth
  done
}
# The folder of a new draw of the development tables (seed, and a row count
# to cut them to), made if missing.  draw_tables SEED [ROWS]
draw_tables() {
  local folder=target/dev-tables-crossfit-$1${2:+-$2}
  [ -f $folder/hastie-1200.csv ] || python3 scripts/make_dev_tables.py $folder "$@" >&2
  echo $folder
}
# auto cross-fitted over 5 validation folds (`run --auto-folds 5`), once
# per seed (1 to 5, as the sweeps, or those FOLDS_SEEDS lists), each run's
# JSON and output in DIR/seed-S.json and .log, kept where there.
#   [FOLDS_SEEDS="6 7"] auto_folds_runs DIR RUN_FLAGS...
auto_folds_runs() {
  local dir=$1 seed
  shift
  mkdir -p $dir
  for seed in ${FOLDS_SEEDS:-1 2 3 4 5}; do
    [ -f $dir/seed-$seed.json ] ||
      "$bin" run "$@" --learner auto --auto-folds 5 --seed $seed --quiet \
        --out $dir/seed-$seed.json > $dir/seed-$seed.log 2>&1
  done
}
# The Fashion-MNIST development grid (docs/results.md, "Development study").
fashion_dev=(--dataset fashion-mnist --epochs 60 --selection-study
  --learners biased-pu,tice,km2,rank-pruning,pmpu,separator,weighter,vpu,dist-pu,nnpu,auto)
all_parts=(mnist ablation cifar10 examples en-threshold prior-threshold small-cnn epoch-oracle priors tables fashion-dev vpu-rule checkpoint-rule dev-tables csv-share ensemble threshold ranking tie-break few-labeled margin warmup checkpoint-noise crossfit crossfit-confirmation crossfit-files auto-folds fresh-seeds agreement refit refit-few)
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=("${all_parts[@]}")
for part in "${parts[@]}"; do
  case $part in
    mnist)
      sharded results/mnist.md target/shards/mnist --dataset mnist "${protocol[@]}" \
        --selection-study --learners $rows ;;
    ablation)
      "$bin" sweep --dataset mnist "${protocol[@]}" --out results/ablation-mnist.md \
        --learners weighter,weighter/frozen,weighter/paper,weighter/eq5-threshold,weighter/no-baseline,separator,separator/frozen,separator/paper ;;
    cifar10)
      # n_l = 300 and 500, and n_l = 1000 (whose rho = 0.7 cell cannot be
      # drawn from 3,000 positives).
      sharded results/cifar10.md target/shards/cifar10 --dataset cifar10 "${protocol[@]}" \
        --grid-n-labeled 300,500 --learners $rows
      sharded results/cifar10-n1000.md target/shards/cifar10-n1000 --dataset cifar10 \
        "${protocol[@]}" --grid-n-labeled 1000 --learners $rows ;;
    examples)
      # The shipped CSV files with the page's CSV settings (20 epochs, batch
      # 32, lr 1e-3), each file's one split per seed; roles as in
      # public/examples/README.md.
      for example in "${examples[@]}"; do
        "$bin" sweep $(example_args $example) --learners $rows --out results/example-$example.md
      done ;;
    priors)
      # Every class-prior estimator on the tables with known priors; the
      # default estimate of CSV runs is the one this measures best.
      make_tables
      "$bin" priors --tables $(ls $tables/*.csv | paste -sd,) --truth-column truth \
        --out results/priors.md ;;
    tables)
      # Every learner and auto on the tables with known priors (CSV settings
      # as in `examples`). The large weak-signal table: auto, and logistic
      # regressions on the PU labels and, as the reference, on the true ones.
      make_tables
      for table in "${study_tables[@]}"; do
        sharded results/table-$table.md target/shards/table-$table \
          --csv $tables/$table.csv --truth-column truth --learners $rows
      done
      sharded results/table-weak-49000.md target/shards/table-weak-49000 \
        --csv $tables/weak-49000.csv --truth-column truth \
        --learners biased-pu/linear,oracle-pn/linear,auto ;;
    fashion-dev)
      # A development set, never a result: Fashion-MNIST, 3 seeds, every PU
      # learner and auto, to try changes to the epoch and learner choice on
      # data no reported table uses (docs/results.md, "Development study").
      # The grid runs three times: with today's validation share, 1.0, and
      # with the images' two earlier shares, 0.5 and 0.2; the two studies
      # that chose 0.5 and then 1.0 compare them.
      for share in 1.0 0.5 0.2; do
        out=results/dev-fashion-mnist-share-$share.md
        [ $share = 1.0 ] && out=results/dev-fashion-mnist.md
        sharded $out target/shards/fashion-dev-share-$share "${fashion_dev[@]}" --seeds 3 \
          --validation-share $share
      done
      scripts/selection_smoothing.py target/shards/fashion-dev-share-0.2/shard-*.json \
        > results/dev-selection-smoothing.md
      scripts/validation_share_study.py target/shards/fashion-dev-share-0.2 \
        results/dev-fashion-mnist-share-0.2.md target/shards/fashion-dev-share-0.5 \
        results/dev-fashion-mnist-share-0.5.md > results/dev-validation-share.md
      scripts/validation_share_study.py target/shards/fashion-dev-share-0.5 \
        results/dev-fashion-mnist-share-0.5.md target/shards/fashion-dev-share-1.0 \
        results/dev-fashion-mnist.md b8aa1f8 0.0005 > results/dev-validation-share-1.0.md ;;
    vpu-rule)
      # The development grid that chose VPU's checkpoint rule (registered at
      # 138acfe): Fashion-MNIST, 5 seeds, every criterion's kept epoch.
      sharded results/dev-fashion-mnist-vpu-rule.md target/shards/fashion-dev-vpu-rule \
        "${fashion_dev[@]}" --seeds 5 ;;
    checkpoint-rule)
      # A development study, never a result: the variational loss as the
      # checkpoint rule of the four learners it favoured on the Fashion-MNIST
      # grid, checked on the CSV development tables in both draws, 5 seeds
      # (scripts/checkpoint_rule_study.py holds the rule, written first).
      [ -f target/dev-tables/hastie-1200.csv ] || python3 scripts/make_dev_tables.py
      [ -f target/dev-tables-2/hastie-1200.csv ] ||
        python3 scripts/make_dev_tables.py target/dev-tables-2 20261127
      mkdir -p target/checkpoint-rule
      for draw in dev-tables dev-tables-2; do
        for table in "${dev_tables[@]}"; do
          sharded target/checkpoint-rule/$draw-$table.md target/shards/checkpoint-rule-$draw-$table \
            --csv target/$draw/$table.csv --truth-column truth --seeds 5 --selection-study \
            --learners pmpu,rank-pruning,km2,dist-pu
        done
      done
      scripts/checkpoint_rule_study.py target/checkpoint-rule/*.md > results/dev-checkpoint-rule.md ;;
    dev-tables)
      # Development tables with known priors (scripts/make_dev_tables.py),
      # never a result: where changes to auto are tried on CSV-like data
      # before the reported tables see them.
      [ -f target/dev-tables/hastie-1200.csv ] || python3 scripts/make_dev_tables.py
      for table in "${dev_tables[@]}"; do
        sharded results/dev-table-$table.md target/shards/dev-$table \
          --csv target/dev-tables/$table.csv --truth-column truth --seeds 3 \
          --learners $dev_learners
      done ;;
    csv-share)
      # A development study, never a result: the CSV development tables at
      # today's CSV validation share and at 0.35, 5 seeds
      # (scripts/csv_share_study.py says what it compares).
      [ -f target/dev-tables/hastie-1200.csv ] || python3 scripts/make_dev_tables.py
      for share in 0.2 0.35; do
        mkdir -p target/csv-share/$share
        for table in "${dev_tables[@]}"; do
          sharded target/csv-share/$share/$table.md target/shards/csv-share-$share-$table \
            --csv target/dev-tables/$table.csv --truth-column truth --seeds 5 \
            --validation-share $share --learners $dev_learners
        done
      done
      scripts/csv_share_study.py target/csv-share 0.2 0.35 "${dev_tables[@]}" \
        > results/dev-csv-validation-share.md ;;
    ensemble | threshold | ranking)
      # Development studies, never results, of auto's model, from the row
      # scores of the Fashion-MNIST grid and the CSV development tables:
      # the mean of its first three candidates (scripts/ensemble_study.py),
      # where that mean calls positive (scripts/threshold_study.py), and
      # the criterion that ranks the candidates (scripts/ranking_study.py).
      [ -f target/dev-tables/hastie-1200.csv ] || python3 scripts/make_dev_tables.py
      mkdir -p target/ensemble
      [ -f target/ensemble/fashion.md ] ||
        ROW_SCORES=1 sharded target/ensemble/fashion.md target/shards/ensemble-fashion "${fashion_dev[@]}" --seeds 3
      for table in "${dev_tables[@]}"; do
        [ -f target/ensemble/$table.md ] ||
          ROW_SCORES=1 sharded target/ensemble/$table.md target/shards/ensemble-$table \
            --csv target/dev-tables/$table.csv --truth-column truth --seeds 5 --learners $dev_learners
      done
      scripts/${part}_study.py target/shards/ensemble-fashion \
        "${dev_tables[@]/#/target/shards/ensemble-}" > results/dev-$part.md
      if [ "$part" = ranking ]; then
        # Its confirmation (rule in commit deecc25): the Fashion-MNIST grid
        # at 6 seeds, and new draws of the six CSV tables beside the first.
        [ -f target/dev-tables-2/hastie-1200.csv ] ||
          python3 scripts/make_dev_tables.py target/dev-tables-2 20261127
        mkdir -p target/ranking
        [ -f target/ranking/fashion.md ] ||
          ROW_SCORES=1 sharded target/ranking/fashion.md target/shards/ranking-fashion \
            "${fashion_dev[@]}" --seeds 6
        for table in "${dev_tables[@]}"; do
          [ -f target/ranking/$table.md ] ||
            ROW_SCORES=1 sharded target/ranking/$table.md target/shards/ranking-$table \
              --csv target/dev-tables-2/$table.csv --truth-column truth --seeds 5 --learners $dev_learners
        done
        scripts/ranking_study.py --confirmation target/shards/ranking-fashion \
          "${dev_tables[@]/#/target/shards/ensemble-}" "${dev_tables[@]/#/target/shards/ranking-}" \
          > results/dev-ranking-confirmation.md
      fi ;;
    tie-break)
      # A development study, never a result: auto's ties in the call gap
      # broken by the L-vs-U AUC (scripts/tiebreak_study.py holds the rule,
      # written first), from the row scores of the six development tables
      # cut to 180 rows (two new draws) and at full size (the first draw).
      [ -f target/dev-tables/hastie-1200.csv ] || python3 scripts/make_dev_tables.py
      for draw in 1 2; do
        [ -f target/dev-tables-small-$draw/hastie-1200.csv ] ||
          python3 scripts/make_dev_tables.py target/dev-tables-small-$draw $((20261127 + draw)) 180
      done
      mkdir -p target/tie-break
      for folder in dev-tables-small-1 dev-tables-small-2 dev-tables; do
        for table in "${dev_tables[@]}"; do
          [ -f target/tie-break/$folder-$table.md ] ||
            ROW_SCORES=1 sharded target/tie-break/$folder-$table.md \
              target/shards/tie-break-$folder-$table --csv target/$folder/$table.csv \
              --truth-column truth --seeds 5 --learners $dev_learners
        done
      done
      scripts/tiebreak_study.py target/shards/tie-break-dev-tables-small-{1,2}-* -- \
        "${dev_tables[@]/#/target/shards/tie-break-dev-tables-}" > results/dev-tie-break.md ;;
    few-labeled)
      # A development study, never a result: auto averaging every candidate
      # where its validation split has fewer than 10 labeled rows
      # (scripts/few_labeled_study.py holds the rule, written first), from
      # the row scores of four new draws of the six development generators
      # (180, 180, 120 and 300 rows), 10 seeds.
      mkdir -p target/few-labeled
      for draw in 20261130:180 20261131:180 20261132:120 20261133:300; do
        folder=target/dev-tables-few-${draw/:/-}
        [ -f $folder/hastie-1200.csv ] || python3 scripts/make_dev_tables.py $folder ${draw/:/ }
        for table in "${dev_tables[@]}"; do
          [ -f target/few-labeled/${draw/:/-}-$table.md ] ||
            ROW_SCORES=1 sharded target/few-labeled/${draw/:/-}-$table.md \
              target/shards/few-labeled-${draw/:/-}-$table --csv $folder/$table.csv \
              --truth-column truth --seeds 10 --learners $dev_learners
        done
      done
      scripts/few_labeled_study.py target/shards/few-labeled-* > results/dev-few-labeled.md ;;
    warmup)
      # A development study, never a result: Dist-PU on the Fashion-MNIST
      # grid, its epoch chosen with and without its warm-up judged
      # (scripts/warmup_study.py; rule in commit 9e8589c), then on the six
      # CSV development tables (the check written down in commit 7c14daa).
      sharded target/dev-distpu-warmup.md target/shards/dev-distpu-warmup --dataset fashion-mnist \
        --epochs 60 --selection-study --learners dist-pu --seeds 3 --validation-share 1.0
      scripts/warmup_study.py target/shards/dev-distpu-warmup/shard-*.json \
        > results/dev-distpu-warmup.md
      [ -f target/dev-tables/hastie-1200.csv ] || python3 scripts/make_dev_tables.py
      for table in "${dev_tables[@]}"; do
        sharded target/dev-distpu-warmup-$table.md target/shards/dev-distpu-warmup-$table \
          --csv target/dev-tables/$table.csv --truth-column truth --seeds 3 --learners dist-pu
      done
      scripts/warmup_study.py --csv "${dev_tables[@]/#/target/shards/dev-distpu-warmup-}" \
        > results/dev-distpu-warmup-csv.md ;;
    margin)
      # A development study, never a result: a later epoch replaces the
      # kept one only when its L-vs-U AUC is higher by more than one
      # standard error (scripts/margin_study.py holds the rule, written
      # first), on the Fashion-MNIST grid and on two new draws of the six
      # CSV development generators (full size, and 300 rows), 5 seeds.
      lu_learners=biased-pu,tice,nnpu,pmpu,separator,weighter
      mkdir -p target/margin
      sharded target/margin/fashion.md target/shards/margin-fashion --dataset fashion-mnist \
        --epochs 60 --seeds 3 --selection-study --validation-share 1.0 --learners $lu_learners
      for draw in 20261201 20261202:300; do
        folder=target/dev-tables-margin-${draw/:/-}
        [ -f $folder/hastie-1200.csv ] || python3 scripts/make_dev_tables.py $folder ${draw/:/ }
        for table in "${dev_tables[@]}"; do
          sharded target/margin/${draw/:/-}-$table.md target/shards/margin-csv-${draw/:/-}-$table \
            --csv $folder/$table.csv --truth-column truth --seeds 5 --learners $lu_learners
        done
      done
      scripts/margin_study.py fashion target/shards/margin-fashion/shard-*.json -- \
        csv target/shards/margin-csv-*/shard-*.json > results/dev-margin.md ;;
    en-threshold | prior-threshold)
      # Variants tried and not adopted (Elkan and Noto's verdict threshold;
      # the prior's share of U called positive, with KM2's estimate and, as
      # an oracle, with the split's true share), against the default
      # Weighter on MNIST and on the example files (settings as in `examples`).
      learners=weighter,weighter/$part
      [ "$part" = prior-threshold ] && learners+=,weighter/true-prior-threshold
      "$bin" sweep --dataset mnist "${protocol[@]}" --learners $learners \
        --out results/ablation-$part-mnist.md
      for example in "${examples[@]}"; do
        "$bin" sweep $(example_args $example) --learners biased-pu,$learners \
          --out results/ablation-$part-$example.md
      done ;;
    small-cnn)
      # MNIST with the small CNN for the Weighter and the two learners that
      # estimate the prior (the issue's targets); all learners would take
      # about 100 min on 2 cores.
      "$bin" sweep --dataset mnist "${protocol[@]}" --model small-cnn \
        --learners weighter,tice,km2 --out results/mnist-small-cnn.md ;;
    epoch-oracle)
      # Analysis, not a result: each metric at its best epoch as read on the
      # test set, for the Weighter, the two strongest baselines that use
      # no true prior, and biased PU (whose ranking peaks early and then
      # memorises U's positives as negatives). No epoch-selection rule can beat it.
      "$bin" sweep --dataset mnist "${protocol[@]}" --report test-oracle \
        --learners weighter,km2,rank-pruning,biased-pu --out results/epoch-oracle-mnist.md ;;
    checkpoint-noise)
      # Analysis, not a result: VPU in the MNIST cell whose validation split
      # is smallest (113 + 339 rows), seed by seed: what the L-vs-U AUC read
      # at the epoch it kept (docs/results.md, the checkpoint target).
      scripts/checkpoint_noise.py --learner vpu --n-labeled 1000 --rho 0.7 --binary "$bin" \
        > results/analysis-checkpoint-noise.md ;;
    crossfit)
      # A development study, never a result: auto's choice cross-fitted over
      # five folds of each development table's training rows, every run
      # once per fold (scripts/crossfit_study.py holds the rules, each written
      # before its runs), full size and, for its second rule, two new draws
      # cut to 180 and 300 rows.
      [ -f target/dev-tables/hastie-1200.csv ] || python3 scripts/make_dev_tables.py
      [ -f target/dev-tables-2/hastie-1200.csv ] ||
        python3 scripts/make_dev_tables.py target/dev-tables-2 20261127
      crossfit_dirs=()
      for draw in dev-tables dev-tables-2; do
        crossfit_tables target/$draw $draw 5
      done
      crossfit_dirs+=(--)
      for draw in 20261134:180 20261135:300; do
        crossfit_tables "$(draw_tables ${draw/:/ })" small-${draw/:/-} 10
      done
      scripts/crossfit_study.py "${crossfit_dirs[@]}" > results/dev-crossfit.md ;;
    crossfit-confirmation)
      # A development study, never a result: the third rule of
      # scripts/crossfit_study.py, bagged auto on new draws.
      crossfit_dirs=()
      crossfit_tables "$(draw_tables 20261136)" full-20261136 5
      crossfit_dirs+=(--)
      for draw in 20261137:180 20261138:300; do
        crossfit_tables "$(draw_tables ${draw/:/ })" small-${draw/:/-} 10
      done
      scripts/crossfit_study.py --confirmation "${crossfit_dirs[@]}" \
        > results/dev-crossfit-confirmation.md ;;
    auto-folds)
      # auto cross-fitted (`run --auto-folds 5`) on the reported CSV files,
      # the draws of their sweeps (the same test rows), beside those sweeps'
      # one-split auto and single learners (results/example-*.md,
      # results/table-*.md: run the examples and tables parts first).
      make_tables
      runs=target/auto-folds
      mkdir -p $runs
      [ -f $runs/commit ] || git rev-parse HEAD > $runs/commit
      for example in "${examples[@]}"; do
        auto_folds_runs $runs/example-$example $(example_args $example)
      done
      for table in "${study_tables[@]}"; do
        auto_folds_runs $runs/table-$table --csv $tables/$table.csv --truth-column truth
      done
      scripts/auto_folds_summary.py $runs > results/auto-folds.md ;;
    crossfit-files)
      # Analysis, not a result: what the cross-fitted rules of the study
      # above would give on the reported CSV files, each run again once per
      # fold of its training rows (scripts/crossfit_study.py --files).
      make_tables
      crossfit_dirs=()
      for example in "${examples[@]}"; do
        read -ra file_args <<< "$(example_args $example)"
        crossfit_folds target/shards/crossfit/files/$example 5 "${file_args[@]}"
      done
      for table in "${study_tables[@]}"; do
        crossfit_folds target/shards/crossfit/files/table-$table 5 \
          --csv $tables/$table.csv --truth-column truth
      done
      scripts/crossfit_study.py --files "${crossfit_dirs[@]}" > results/analysis-crossfit-files.md ;;
    fresh-seeds)
      # Analysis, not a result: the reported CSV files run again on seeds 6
      # to 10 (sweeps of seeds 1 to 10, and cross-fitted auto on seeds 6 to
      # 10; run auto-folds first for seeds 1 to 5), to see whether the
      # hindsight-best learner's lead holds on new draws. Written for the
      # files under 2,000 rows; the two larger blobs tables were added
      # after those had run (311c8fe), to cover every reported file.
      make_tables
      fresh=(--learners biased-pu,tice,km2,rank-pruning,pmpu,separator,weighter,vpu,dist-pu,auto
        --seeds 10)
      runs=target/fresh-seeds
      for example in "${examples[@]}"; do
        sharded $runs/example-$example.md $runs/sweeps/example-$example \
          $(example_args $example) "${fresh[@]}"
        FOLDS_SEEDS="6 7 8 9 10" auto_folds_runs $runs/folds/example-$example \
          $(example_args $example)
      done
      for table in "${study_tables[@]}"; do
        sharded $runs/table-$table.md $runs/sweeps/table-$table \
          --csv $tables/$table.csv --truth-column truth "${fresh[@]}"
        FOLDS_SEEDS="6 7 8 9 10" auto_folds_runs $runs/folds/table-$table \
          --csv $tables/$table.csv --truth-column truth
      done
      scripts/fresh_seeds_check.py $runs/sweeps $runs/folds target/auto-folds \
        > results/analysis-fresh-seeds.md ;;
    agreement)
      # Analysis, not a result: ranking auto's candidates by their agreement
      # on the unlabeled validation rows, on the crossfit part's runs (run
      # it first; fold 0 is the one-split auto).
      scripts/agreement_study.py target/shards/crossfit/dev-tables \
        target/shards/crossfit/dev-tables-2 target/shards/crossfit/small-20261134-180 \
        target/shards/crossfit/small-20261135-300 > results/analysis-agreement.md ;;
    refit)
      # A development study, never a result: auto's members trained again on
      # the training and validation rows for their kept epochs
      # (scripts/refit_study.py holds the rule, written first).
      [ -f target/dev-tables/hastie-1200.csv ] || python3 scripts/make_dev_tables.py
      for table in "${dev_tables[@]}"; do
        dir=target/shards/refit-$table
        [ -f target/refit/$table.md ] || { mkdir -p target/refit; ROW_SCORES=1 sharded \
          target/refit/$table.md $dir --csv target/dev-tables/$table.csv --truth-column truth \
          --seeds 5 --learners $dev_learners; }
        [ -f $dir/refit.done ] && continue
        scripts/refit_study.py jobs $dir | while read -r seed learner epochs; do
          echo "$dir/refit-$seed-${learner/\//-}.jsonl --first-seed $seed --learners $learner --epochs $epochs"
        done | xargs -P "$shards" -L 1 sh -c 'bin=$0 csv=$1 out=$2; shift 2
          RAYON_NUM_THREADS=1 "$bin" sweep --csv "$csv" --truth-column truth --seeds 1 \
            --validation-share 0 --row-scores "$out" "$@" > /dev/null' "$bin" target/dev-tables/$table.csv
        touch $dir/refit.done
      done
      scripts/refit_study.py "${dev_tables[@]/#/target/shards/refit-}" > results/dev-refit.md ;;
    refit-few)
      # A development study, never a result: auto refitting its members
      # where it averages every candidate (fewer than 10 labeled validation
      # rows), against keeping them as trained (scripts/refit_few_study.py
      # holds the rule, written first), on three new small draws of the six
      # development generators (180, 120 and 240 rows), 10 seeds.
      dirs=()
      for draw in 20261207:180 20261208:120 20261209:240; do
        folder=target/dev-tables-refit-few-${draw/:/-}
        [ -f $folder/hastie-1200.csv ] || python3 scripts/make_dev_tables.py $folder ${draw/:/ }
        for table in "${dev_tables[@]}"; do
          dir=target/shards/refit-few-${draw/:/-}-$table
          for arm in refit as-trained; do
            flags=(--csv $folder/$table.csv --truth-column truth --seeds 10 --learners auto)
            [ $arm = as-trained ] && flags+=(--no-refit)
            [ -f $dir/$arm.md ] || sharded $dir/$arm.md $dir/$arm "${flags[@]}"
          done
          dirs+=("$dir")
        done
      done
      scripts/refit_few_study.py "${dirs[@]}" > results/dev-refit-few.md ;;
    *)
      echo "unknown part '$part': use one of ${all_parts[*]}" >&2; exit 2 ;;
  esac
done
