//! The `policypu` binary end to end, on the shipped MNIST subset and on synthetic CSV files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use policypu::config::DataConfig;
use policypu::report::RunResult;
use policypu::rng::PortableRng;
use policypu::selection::Criterion;

/// A fresh folder for one test's files.
fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("policypu-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `policypu` with these arguments, run to the end.
fn policypu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_policypu"))
        .args(args)
        .output()
        .unwrap()
}

/// `policypu` with these arguments on `threads` rayon threads, run to a
/// successful end (its stderr shown where it fails); its stdout.
fn policypu_on_threads(threads: &str, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_policypu"))
        .env("RAYON_NUM_THREADS", threads)
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The path as an argument.
fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A PU table with a truth column `y`: x1 and x2 lean with the class, x3 is
/// noise, a third of the positives are labeled.
fn pu_csv(rows: usize, seed: u64) -> String {
    let mut rng = PortableRng::new(seed, 1);
    let mut text = String::from("x1,x2,x3,labeled,y\n");
    for i in 0..rows {
        let positive = i % 2 == 0;
        let centre = if positive { 1.5 } else { -1.5 };
        text += &format!(
            "{},{},{},{},{}\n",
            centre + rng.normal(),
            centre + rng.normal(),
            rng.normal(),
            u8::from(positive && i % 3 == 0),
            u8::from(positive)
        );
    }
    text
}

/// `csv` with a first column `id` of text (`row1`, `row2`, …).
fn with_id_column(csv: &str) -> String {
    csv.lines()
        .enumerate()
        .map(|(i, line)| {
            let id = if i == 0 {
                "id".to_string()
            } else {
                format!("row{i}")
            };
            format!("{id},{line}\n")
        })
        .collect()
}

/// `csv` with each line's cells changed by `edit`, given the line's index
/// (the header is 0).
fn with_cells(csv: &str, edit: impl Fn(usize, &mut Vec<&str>)) -> String {
    csv.lines()
        .enumerate()
        .map(|(i, line)| {
            let mut cells: Vec<&str> = line.split(',').collect();
            edit(i, &mut cells);
            cells.join(",") + "\n"
        })
        .collect()
}

/// The run file `policypu run --out` wrote at `path`.
fn read_run(path: &Path) -> RunResult {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A fresh folder for test `name` holding `data.csv`, a PU table of `rows`
/// rows (`pu_csv`); the folder and the file.
fn pu_file(name: &str, rows: usize, seed: u64) -> (PathBuf, PathBuf) {
    let dir = test_dir(name);
    let file = dir.join("data.csv");
    std::fs::write(&file, pu_csv(rows, seed)).unwrap();
    (dir, file)
}

/// `policypu sweep` of `file` (truth column `y`) with `learners`, `seeds`
/// seeds of 2 epochs, and the flags `extra`.
fn sweep_csv(file: &Path, learners: &str, seeds: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "sweep",
        "--csv",
        arg(file),
        "--truth-column",
        "y",
        "--learners",
        learners,
        "--seeds",
        seeds,
        "--epochs",
        "2",
    ];
    args.extend_from_slice(extra);
    policypu(&args)
}

/// `policypu run` of `file` (truth column `y`) with `learner` for `epochs`
/// epochs, its result written to `out`, and the flags `extra`.
fn run_csv(file: &Path, learner: &str, epochs: &str, out: &Path, extra: &[&str]) -> Output {
    policypu(&run_csv_args(file, learner, epochs, out, extra))
}

/// [`run_csv`]'s arguments.
fn run_csv_args<'a>(
    file: &'a Path,
    learner: &'a str,
    epochs: &'a str,
    out: &'a Path,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![
        "run",
        "--csv",
        arg(file),
        "--truth-column",
        "y",
        "--learner",
        learner,
        "--epochs",
        epochs,
        "--out",
        arg(out),
    ];
    args.extend_from_slice(extra);
    args
}

/// `policypu run` of `file` (no truth column) with auto for `epochs` epochs,
/// quietly, its result written to `out`, and the flags `extra`.
fn run_auto_without_truth(file: &Path, epochs: &str, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "run",
        "--csv",
        arg(file),
        "--learner",
        "auto",
        "--epochs",
        epochs,
        "--quiet",
        "--out",
        arg(out),
    ];
    args.extend_from_slice(extra);
    policypu(&args)
}

/// `policypu run` of `file` (no truth column unless `extra` names one) with
/// biased PU for one epoch, its result written to `out`.
fn run_one_epoch(file: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "run",
        "--csv",
        arg(file),
        "--learner",
        "biased-pu",
        "--epochs",
        "1",
        "--out",
        arg(out),
    ];
    args.extend_from_slice(extra);
    policypu(&args)
}

/// Train briefly on a synthetic CSV and save the model in `dir`.
fn saved_csv_model(dir: &Path) -> PathBuf {
    let train = dir.join("train.csv");
    std::fs::write(&train, pu_csv(240, 1)).unwrap();
    let model = dir.join("model.ppu");
    let output = policypu(&[
        "run",
        "--csv",
        arg(&train),
        "--truth-column",
        "y",
        "--epochs",
        "10",
        "--pretrain-epochs",
        "3",
        "--batch-size",
        "32",
        "--lr",
        "1e-3",
        "--policy-lr",
        "1e-3",
        "--quiet",
        "--out",
        arg(&dir.join("run.json")),
        "--save-model",
        arg(&model),
    ]);
    assert!(output.status.success(), "{output:?}");
    model
}

#[test]
fn run_writes_reports_and_scores() {
    let dir = test_dir("cli");
    let out = dir.join("run.json");
    let scores = dir.join("scores.csv");
    let status = Command::new(env!("CARGO_BIN_EXE_policypu"))
        .args([
            "run",
            "--dataset",
            "mnist",
            "--learner",
            "weighter",
            "--epochs",
            "5",
        ])
        .args(["--pretrain-epochs", "5", "--quiet", "--out"])
        .arg(&out)
        .arg("--dump-scores")
        .arg(&scores)
        .arg("--save-model")
        .arg(dir.join("mnist.ppu"))
        .status()
        .unwrap();
    assert!(status.success());
    let result = read_run(&out);
    assert_eq!(result.reports.len(), 5 + 5 + 5);
    let accuracy = result.last().unwrap().test.accuracy.unwrap();
    assert!(accuracy > 0.8, "accuracy {accuracy}");
    let csv = std::fs::read_to_string(&scores).unwrap();
    assert_eq!(csv.lines().next(), Some("index,row,score,label"));
    assert_eq!(csv.lines().count(), 1 + 3000);
    assert!(
        csv.lines().nth(3000).unwrap().starts_with("2999,2999,"),
        "{csv}"
    );

    std::fs::write(dir.join("rows.csv"), "x1,x2\n1,2\n").unwrap();
    let output = policypu(&[
        "predict",
        "--model",
        arg(&dir.join("mnist.ppu")),
        "--csv",
        arg(&dir.join("rows.csv")),
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("trained on MNIST images"), "{stderr}");
}

#[test]
fn run_saves_a_model_that_predict_scores_csv_rows_with() {
    let dir = test_dir("predict");
    let model = saved_csv_model(&dir);
    // Columns in another order, no labeled column, the truth column kept.
    let mut new_rows = String::from("y,x3,x2,x1\n");
    for line in pu_csv(37, 2).lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        new_rows += &format!("{},{},{},{}\n", cells[4], cells[2], cells[1], cells[0]);
    }
    let rows = dir.join("new.csv");
    std::fs::write(&rows, new_rows).unwrap();
    let scores = dir.join("scores.csv");
    let output = policypu(&[
        "predict",
        "--model",
        arg(&model),
        "--csv",
        arg(&rows),
        "--out",
        arg(&scores),
    ]);
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("accuracy") && stderr.contains(", ROC-AUC "),
        "{stderr}"
    );

    let table = std::fs::read_to_string(&scores).unwrap();
    let mut lines = table.lines();
    assert_eq!(lines.next(), Some("row,score,predicted"));
    let mut predicted_positive = 0;
    for (index, line) in lines.enumerate() {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells.len(), 3, "{line}");
        assert_eq!(cells[0], (index + 1).to_string());
        let score: f32 = cells[1].parse().unwrap();
        assert!((0.0..=1.0).contains(&score), "{line}");
        assert_eq!(cells[2], if score >= 0.5 { "1" } else { "0" }, "{line}");
        predicted_positive += usize::from(score >= 0.5);
    }
    assert_eq!(table.lines().count(), 1 + 37);
    assert!(predicted_positive > 0 && predicted_positive < 37, "{table}");

    // Without --out the table goes to standard output, the same table.
    let output = policypu(&["predict", "--model", arg(&model), "--csv", arg(&rows)]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), table);
}

#[test]
fn a_truth_column_of_class_names_reads_with_the_guessed_or_named_value() {
    let dir = test_dir("class-names");
    let named: String = pu_csv(200, 3)
        .lines()
        .map(
            |line| match (line.strip_suffix(",1"), line.strip_suffix(",0")) {
                (Some(positive), _) => format!("{positive},Sick\n"),
                (_, Some(negative)) => format!("{negative},Well\n"),
                _ => format!("{line}\n"),
            },
        )
        .collect();
    assert!(named.starts_with("x1,x2,x3,labeled,y\n"), "{named}");
    let file = dir.join("named.csv");
    std::fs::write(&file, &named).unwrap();
    let out = dir.join("run.json");
    let model = dir.join("model.ppu");
    let output = run_csv(
        &file,
        "biased-pu",
        "3",
        &out,
        &["--quiet", "--save-model", arg(&model)],
    );
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("\"Sick\" in column \"y\" is taken to mean positive, as 34 of the 34 labeled rows hold it"),
        "{stderr}"
    );
    let result = read_run(&out);
    let accuracy = result.last().unwrap().test.accuracy.unwrap();
    assert!(accuracy > 0.8, "accuracy {accuracy}");
    let scored = policypu(&["predict", "--model", arg(&model), "--csv", arg(&file)]);
    assert!(scored.status.success(), "{scored:?}");
    let stderr = String::from_utf8_lossy(&scored.stderr);
    assert!(
        stderr.contains("against column \"y\" (200 rows)"),
        "{stderr}"
    );
    let healthy = dir.join("healthy.csv");
    std::fs::write(&healthy, "x1,x2,x3,y\n1,2,3,Well\n2,1,0,well\n").unwrap();
    let scored = policypu(&["predict", "--model", arg(&model), "--csv", arg(&healthy)]);
    let stderr = String::from_utf8_lossy(&scored.stderr);
    assert!(
        scored.status.success()
            && stderr.contains("No row of column \"y\" holds \"Sick\", the value the model's run"),
        "{stderr}"
    );
    // A row whose class is missing is scored and left out of the measures;
    // the file's identifier column comes after the row number.
    std::fs::write(
        &healthy,
        "Patient ID,x1,x2,x3,y\n\"P,1\",1,2,3,Well\nP2,2,1,0,NA\nP3,0,0,1,Sick\n",
    )
    .unwrap();
    let partly = policypu(&["predict", "--model", arg(&model), "--csv", arg(&healthy)]);
    let stderr = String::from_utf8_lossy(&partly.stderr);
    assert!(
        partly.status.success()
            && stderr.contains("against column \"y\" (2 rows)")
            && stderr.contains(
                "1 row has no true class in column \"y\": it is scored, and left out of the \
                 accuracy and ROC-AUC."
            )
            && !stderr.contains("trained on a file named"),
        "{stderr}"
    );
    let table = String::from_utf8_lossy(&partly.stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    assert_eq!(lines[0], "row,Patient ID,score,predicted");
    assert!(
        lines[1].starts_with("1,\"P,1\",") && lines[2].starts_with("2,P2,"),
        "{table}"
    );
    // The model says what it is and where it was trained; a column named
    // with --id-column is carried instead, and "" carries none.
    assert!(
        stderr.contains("model: biased PU, trained on named.csv, saved 20")
            && stderr.contains(" UTC by policypu "),
        "{stderr}"
    );
    let predict_with_id_column = |id: &str| {
        policypu(&[
            "predict",
            "--model",
            arg(&model),
            "--csv",
            arg(&healthy),
            "--id-column",
            id,
        ])
    };
    let chosen = predict_with_id_column("x1");
    let table = String::from_utf8_lossy(&chosen.stdout);
    assert!(table.starts_with("row,x1,score,predicted\n1,1,"), "{table}");
    let without = predict_with_id_column("");
    let table = String::from_utf8_lossy(&without.stdout);
    assert!(table.starts_with("row,score,predicted\n1,0."), "{table}");
    assert!(
        !String::from_utf8_lossy(&without.stderr).contains("--id-column"),
        "{without:?}"
    );
    let absent = predict_with_id_column("account_no");
    let stderr = String::from_utf8_lossy(&absent.stderr);
    assert!(
        !absent.status.success()
            && stderr.contains(
                "The file has no column \"account_no\", which was chosen as the identifier column."
            )
            && !stderr.contains("The model reads the feature columns"),
        "{stderr}"
    );
    let unnamed = policypu(&["predict", "--model", arg(&model), "--csv", arg(&file)]);
    let stderr = String::from_utf8_lossy(&unnamed.stderr);
    assert!(
        stderr.contains(
            "note: No column's name marks it as the rows' identifier (such as \"id\" or \
             \"customer_id\"): join the scores to the file by \"row\", each row's number in it. \
             To carry one of its columns instead, name it with --id-column NAME.\n"
        ) && stderr.contains("note: the model was trained on a file named named.csv: if it is"),
        "{stderr}"
    );

    let swapped = run_csv(&file, "biased-pu", "1", &out, &["--truth-value", "well"]);
    assert!(swapped.status.success(), "{swapped:?}");
    let stderr = String::from_utf8_lossy(&swapped.stderr);
    assert!(
        stderr.contains("34 of the 34 labeled rows have a negative true class")
            && !stderr.contains("taken to mean positive"),
        "{stderr}"
    );
    let absent = run_csv(&file, "biased-pu", "1", &out, &["--truth-value", "ill"]);
    assert!(!absent.status.success());
    let stderr = String::from_utf8_lossy(&absent.stderr);
    assert!(
        stderr.contains("No row's true class is positive"),
        "{stderr}"
    );
}

#[test]
fn a_column_of_words_trains_as_categories_and_predict_reads_a_word_never_seen() {
    let dir = test_dir("categories");
    let file = dir.join("colours.csv");
    // The colour tells the classes apart but for one row in ten; x1 is noise.
    let mut text = String::from("x1,colour,labeled,y\n");
    for i in 0..200 {
        let positive = i % 2 == 0;
        let red = positive != (i % 10 == 3);
        let colour = if red { "red" } else { "blue" };
        text += &format!(
            "{}.5,{colour},{},{}\n",
            i % 7,
            u8::from(positive && i % 3 == 0),
            u8::from(positive)
        );
    }
    std::fs::write(&file, text).unwrap();
    let model = dir.join("colours.ppumodel");
    let output = run_csv(
        &file,
        "rank-pruning",
        "3",
        &dir.join("r.json"),
        &[
            "--feature-columns",
            "x1,colour",
            "--save-model",
            arg(&model),
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "Column \"colour\" was read as 2 categories, each its own 0/1 input: \"blue\", \"red\"."
        ),
        "{stderr}"
    );
    let rows = dir.join("new.csv");
    std::fs::write(&rows, "colour,x1\nred,3.5\nblue,3.5\ngreen,3.5\n").unwrap();
    let output = policypu(&["predict", "--model", arg(&model), "--csv", arg(&rows)]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "Column \"colour\" holds a value the model was not trained on in 1 cell (the first, \
             \"green\""
        ),
        "{stderr}"
    );
    let table = String::from_utf8_lossy(&output.stdout).into_owned();
    let scores: Vec<f32> = table
        .lines()
        .skip(1)
        .map(|line| line.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(scores.len(), 3, "{table}");
    assert!(scores[0] > scores[1], "red scores above blue: {table}");
}

#[test]
fn predict_refuses_a_csv_without_a_feature_column_and_a_file_that_is_no_model() {
    let dir = test_dir("predict-errors");
    let model = saved_csv_model(&dir);
    let rows = dir.join("no-x2.csv");
    std::fs::write(&rows, "x1,x3\n0.5,1\n").unwrap();
    let output = policypu(&["predict", "--model", arg(&model), "--csv", arg(&rows)]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no column \"x2\", which the model reads as a feature")
            && !stderr.contains("Choose one of them"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());

    let bad_cell = dir.join("bad-cell.csv");
    std::fs::write(&bad_cell, "x1,x2,x3\n0.5,1,2\n0.5,oops,2\n").unwrap();
    let output = policypu(&["predict", "--model", arg(&model), "--csv", arg(&bad_cell)]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("data row 2") && stderr.contains("column \"x2\""),
        "{stderr}"
    );

    // The model's run refused missing values, so scoring does too unless
    // told otherwise; dropping keeps each row's number in the file, filling
    // takes the training means.
    let gap = dir.join("gap.csv");
    std::fs::write(&gap, "x1,x2,x3\n0.5,1,2\n0.5,,2\n0.7,1,2\n").unwrap();
    let output = policypu(&["predict", "--model", arg(&model), "--csv", arg(&gap)]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("fill each with its column's mean over the model's training rows")
            && stderr.contains("--missing drop or --missing mean"),
        "{stderr}"
    );
    let scored = |missing: &str| {
        let output = policypu(&[
            "predict",
            "--model",
            arg(&model),
            "--csv",
            arg(&gap),
            "--missing",
            missing,
        ]);
        assert!(output.status.success(), "{output:?}");
        let table = String::from_utf8_lossy(&output.stdout).into_owned();
        let numbers: Vec<String> = table
            .lines()
            .skip(1)
            .map(|line| line.split(',').next().unwrap().to_owned())
            .collect();
        (
            numbers,
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (numbers, stderr) = scored("drop");
    assert_eq!(numbers, ["1", "3"]);
    assert!(
        stderr.contains("Dropped 1 of 3 rows with 1 missing feature value."),
        "{stderr}"
    );
    let (numbers, stderr) = scored("mean");
    assert_eq!(numbers, ["1", "2", "3"]);
    assert!(
        stderr.contains("with the column's mean over the model's training rows"),
        "{stderr}"
    );

    let output = policypu(&["predict", "--model", arg(&rows), "--csv", arg(&rows)]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not a policypu model file"), "{stderr}");

    // A byte of the weights changed after saving: refused, not scored.
    let mut bytes = std::fs::read(&model).unwrap();
    let weight = bytes.len() - 40;
    bytes[weight] ^= 0x10;
    let damaged = dir.join("damaged.ppu");
    std::fs::write(&damaged, bytes).unwrap();
    let output = policypu(&["predict", "--model", arg(&damaged), "--csv", arg(&gap)]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("its bytes have changed since it was saved"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn bench_times_a_csv_step_and_prints_no_table_for_a_refused_one() {
    let (_, file) = pu_file("bench", 120, 3);
    let bench = |batch: &str| {
        policypu(&[
            "bench",
            "--csv",
            arg(&file),
            "--models",
            "fast",
            "--learners",
            "biased-pu",
            "--batch-size",
            batch,
        ])
    };
    let timed = bench("8");
    assert!(timed.status.success(), "{timed:?}");
    let stdout = String::from_utf8_lossy(&timed.stdout);
    assert!(stdout.contains("| fast | biased PU | "), "{stdout}");
    // 90 training rows are under one mini-batch of 128: no step is timed.
    let refused = bench("128");
    assert!(!refused.status.success());
    assert!(
        refused.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&refused.stdout)
    );
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("time it with a smaller --batch-size"),
        "{stderr}"
    );
}

#[test]
fn bad_flags_fail_with_a_message() {
    let output = Command::new(env!("CARGO_BIN_EXE_policypu"))
        .args(["run", "--rho", "1.5", "--epochs", "1"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("'--rho <X>': must be between 0 and 0.95"),
        "{stderr}"
    );
    // No seed to run is refused before any table is read.
    for (command, data) in [("sweep", "--csv"), ("priors", "--tables")] {
        let output = policypu(&[command, data, "t.csv", "--seeds", "0"]);
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("'--seeds <SEEDS>': must be at least 1"),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn a_csv_with_gaps_and_a_text_column_trains_after_one_choice() {
    let dir = test_dir("gaps");
    let file = dir.join("gaps.csv");
    let text = with_cells(&pu_csv(120, 7), |i, cells| {
        if i == 5 {
            cells[1] = "";
        }
    });
    // Row 5's x2 is empty, and the id column holds text.
    std::fs::write(&file, with_id_column(&text)).unwrap();
    let run = |missing: &str| {
        policypu(&[
            "run",
            "--csv",
            arg(&file),
            "--truth-column",
            "y",
            "--learner",
            "biased-pu",
            "--epochs",
            "1",
            "--quiet",
            "--missing",
            missing,
            "--out",
            arg(&dir.join("run.json")),
        ])
    };
    let refused = run("refuse");
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("column \"x2\": an empty cell is not a number"),
        "{stderr}"
    );
    assert!(
        stderr.contains("--missing drop or --missing mean"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Left out: \"id\" holds text of many different values"),
        "{stderr}"
    );
    for (missing, note) in [
        (
            "drop",
            "Dropped 1 of 120 rows with 1 missing feature value.",
        ),
        (
            "mean",
            "Filled 1 missing feature value in 1 row (1 column) with the column's mean",
        ),
    ] {
        let output = run(missing);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{missing}: {stderr}");
        assert!(stderr.contains(note), "{missing}: {stderr}");
    }
}

#[test]
fn a_labeled_column_that_leaves_unlabeled_rows_empty_is_read_by_its_value() {
    let dir = test_dir("blank-labeled");
    let file = dir.join("blank.csv");
    // "1" for labeled rows, nothing for the others.
    let text = with_cells(&pu_csv(120, 9), |_, cells| {
        if cells[3] == "0" {
            cells[3] = "";
        }
    });
    std::fs::write(&file, text).unwrap();
    let out = dir.join("run.json");
    let output = run_csv(&file, "biased-pu", "1", &out, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "column \"labeled\" leaves rows empty, so the rows holding \"1\" are taken as the \
             labeled positives"
        ),
        "{stderr}"
    );
    let guessed = read_run(&out);
    let named_out = dir.join("named.json");
    let named = run_csv(
        &file,
        "biased-pu",
        "1",
        &named_out,
        &["--labeled-value", "1"],
    );
    assert!(named.status.success());
    assert!(!String::from_utf8_lossy(&named.stderr).contains("leaves rows empty"));
    let named = read_run(&named_out);
    // The guess is the value named: the same rows labeled, the same run.
    assert_eq!(guessed.config, named.config);
    assert_eq!(guessed.reports[0].test, named.reports[0].test);
}

#[test]
fn a_run_file_given_as_the_configuration_runs_again_with_its_columns() {
    let (dir, file) = pu_file("config-file", 150, 6);
    let first = dir.join("first.json");
    let output = run_csv(&file, "biased-pu", "2", &first, &["--missing", "drop"]);
    assert!(output.status.success());
    let again = dir.join("again.json");
    // Only the file: the truth column and the rest come from the run file.
    let output = policypu(&[
        "run",
        "--config",
        arg(&first),
        "--csv",
        arg(&file),
        "--quiet",
        "--out",
        arg(&again),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (first, again) = (read_run(&first), read_run(&again));
    assert_eq!(again.config, first.config);
    let metrics = |r: &RunResult| -> Vec<_> { r.reports.iter().map(|e| e.test.clone()).collect() };
    assert_eq!(metrics(&again), metrics(&first));
    assert!(first.reports.iter().all(|e| e.test.roc_auc.is_some()));
    // A misspelt key is refused, not dropped.
    let misspelt = dir.join("misspelt.json");
    std::fs::write(&misspelt, r#"{"optim": {"epoch": 3}}"#).unwrap();
    let output = policypu(&["run", "--config", arg(&misspelt), "--csv", arg(&file)]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("\"epoch\" in \"optim\" is not a setting; the settings there are"),
        "{stderr}"
    );
}

/// A CSV error that asks for a choice in the page's words names the flag
/// that makes it on the command line.
#[test]
fn csv_errors_name_the_flag_that_makes_the_choice() {
    let dir = test_dir("csv-error-flags");
    let out = dir.join("run.json");
    let labeled = dir.join("labeled.csv");
    std::fs::write(&labeled, "x,labeled\n0.5,2\n1.5,0\n2.5,0\n").unwrap();
    let truth = dir.join("truth.csv");
    std::fs::write(&truth, "x,labeled,truth\n0.5,1,1\n1.5,0,2\n2.5,0,0\n").unwrap();
    for (file, extra, flag) in [
        (
            &labeled,
            vec![],
            "On the command line: --labeled-value VALUE names the value.",
        ),
        (
            &truth,
            vec!["--truth-column", "truth"],
            "On the command line: --truth-value VALUE names the value that means positive.",
        ),
    ] {
        let output = run_one_epoch(file, &out, &extra);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{stderr}");
        assert!(stderr.contains(flag), "{stderr}");
    }
}

/// A flag this run's data has no use for is refused before anything is
/// read, never ignored (and written into the run file as if used).
#[test]
fn flags_for_other_data_are_refused() {
    let (_dir, file) = pu_file("other-data", 60, 3);
    for (args, expected) in [
        (
            vec!["run", "--csv", arg(&file), "--rho", "0.5"],
            "--rho applies to the built-in image data, and a CSV file is already PU",
        ),
        (
            vec!["run", "--csv", arg(&file), "--dataset", "mnist"],
            "--dataset names built-in image data and --csv a CSV file",
        ),
        (
            vec!["run", "--csv", arg(&file), "--positive", "1"],
            "--positive picks the positive classes of the built-in image data",
        ),
        (
            vec!["run", "--dataset", "mnist", "--test-share", "0.1"],
            "--test-share applies to a CSV file, and this run is on the built-in image data",
        ),
        (
            vec!["sweep", "--csv", arg(&file), "--learner", "weighter"],
            "a sweep trains the learners of --learners",
        ),
        (
            vec!["sweep", "--dataset", "mnist", "--rho", "0.5"],
            "a sweep's rho values are its grid's: give them with --grid-rho",
        ),
        (
            vec!["sweep", "--dataset", "mnist", "--grid-rho", "0.3,1.5"],
            "must be between 0 and 0.95",
        ),
        // Every cell is checked before the first trains.
        (
            vec![
                "sweep",
                "--dataset",
                "mnist",
                "--grid-n-labeled",
                "300,6000",
            ],
            "at n_l=6000 ρ=0.3: the training data has",
        ),
        (
            vec!["run", "--paper", "--csv", arg(&file)],
            "the argument '--paper' cannot be used with '--csv <CSV>'",
        ),
        // Before training, not after it.
        (
            vec![
                "run",
                "--csv",
                arg(&file),
                "--out",
                "/no-such-folder/run.json",
            ],
            "cannot write /no-such-folder/run.json: the folder /no-such-folder does not exist",
        ),
        (
            vec![
                "run",
                "--csv",
                arg(&file),
                "--out",
                arg(file.parent().unwrap()),
            ],
            "it names a folder, and a file is needed",
        ),
        (
            vec!["run", "--csv", arg(&file), "--epochs", "-1"],
            "'--epochs <N>': must be between 1 and 2000",
        ),
        (
            vec!["run", "--dataset", "mnist", "--positive", "0,2,11"],
            "11 is not a class id: they run from 0 to 9",
        ),
        (
            vec!["run", "--csv", arg(&file), "--feature-columns", "x1,x2,x1"],
            "--feature-columns names \"x1\" twice: name each feature once",
        ),
        (
            vec!["priors", "--tables", arg(&file), "--epochs", "7"],
            "trains nothing, so --epochs does not apply: remove it",
        ),
        (
            vec!["priors", "--tables", arg(&file), "--seed", "3"],
            "--seed (the study's splits are seeds 1 to --seeds) does not apply",
        ),
        (
            vec!["priors", "--tables", arg(&file), "--csv", arg(&file)],
            "--csv (name the files with --tables) does not apply",
        ),
    ] {
        let output = policypu(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

/// With threads to spare a sweep trains one split's runs side by side;
/// its table is the one it prints on one thread.
#[test]
fn a_sweep_on_two_threads_prints_the_table_of_one() {
    let (_dir, file) = pu_file("sweep-threads", 200, 9);
    let table_on = |threads: &str| {
        let stdout = policypu_on_threads(
            threads,
            &[
                "sweep",
                "--csv",
                arg(&file),
                "--truth-column",
                "y",
                "--learners",
                "biased-pu,km2,vpu,auto,rank-pruning",
                "--seeds",
                "2",
                "--epochs",
                "2",
                "--validation-share",
                "0.5",
            ],
        );
        // All but the line that times the sweep.
        let lines: Vec<String> = stdout
            .lines()
            .filter(|l| !l.contains("finished in"))
            .map(str::to_owned)
            .collect();
        lines
    };
    let one = table_on("1");
    assert!(
        one.iter()
            .any(|l| l.starts_with("| auto (chosen on PU data) | 0.")),
        "{}",
        one.join("\n")
    );
    assert_eq!(one, table_on("2"));
}

#[test]
fn sweep_of_a_csv_has_one_column_group_and_refuses_grid_settings() {
    let (dir, file) = pu_file("sweep-csv", 200, 4);
    // A text column, left out with a note that is shown once for the sweep.
    std::fs::write(&file, with_id_column(&pu_csv(200, 4))).unwrap();
    let refused = policypu(&["sweep", "--csv", arg(&file), "--n-labeled", "50"]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains(
            "--n-labeled applies to the built-in image data, and a CSV file is already PU"
        )
    );
    let grid = policypu(&["sweep", "--csv", arg(&file), "--grid-rho", "0.5"]);
    assert!(
        !grid.status.success()
            && String::from_utf8_lossy(&grid.stderr).contains(
                "--grid-rho sets the built-in image data's grid, and a CSV file is already PU"
            ),
        "{grid:?}"
    );
    let out = dir.join("table.md");
    let output = sweep_csv(&file, "biased-pu,tice", "2", &["--out", arg(&out)]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let note = format!("note: {}: Left out: \"id\" holds text", file.display());
    assert_eq!(stderr.matches(&note).count(), 1, "{stderr}");
    let table = std::fs::read_to_string(&out).unwrap();
    assert!(
        table.contains(
            "### data.csv (mean ± std over 2 seeds; each run at the epoch its PU validation \
             split chose, with no negative seen)"
        ),
        "{table}"
    );
    assert!(
        table.contains("### data.csv (mean ± std over 2 seeds; each run at its last epoch)"),
        "{table}"
    );
    assert!(table.contains("| ROC-AUC | Acc | PR-AUC |"), "{table}");
    assert!(
        table.contains("| TIcE+nnPU |") && table.contains("Class prior π used"),
        "{table}"
    );
    assert!(
        table.starts_with("Command: `policypu sweep --csv"),
        "{table}"
    );
    // Without validation rows every run keeps its last epoch: one table,
    // which says so, and no heading that claims a split chose.
    let unchosen = sweep_csv(&file, "biased-pu", "1", &["--validation-share", "0"]);
    let stdout = String::from_utf8_lossy(&unchosen.stdout);
    assert!(
        unchosen.status.success()
            && stdout.contains("### data.csv (mean ± std over 1 seed; each run at its last epoch)")
            && stdout.contains("No run had PU validation rows to choose an epoch by")
            && !stdout.contains("validation split chose"),
        "{stdout}"
    );
}

#[test]
fn priors_measures_every_estimator_on_each_table_and_notes_each_file_once() {
    let dir = test_dir("priors");
    // Two tables whose text column is left out with a note, each shown once
    // though every seed reads its table again.
    let tables: Vec<PathBuf> = [("a", 3), ("b", 5)]
        .into_iter()
        .map(|(name, seed)| {
            let file = dir.join(format!("{name}.csv"));
            std::fs::write(&file, with_id_column(&pu_csv(200, seed))).unwrap();
            file
        })
        .collect();
    let list = format!("{},{}", arg(&tables[0]), arg(&tables[1]));
    let out = dir.join("priors.md");
    let output = policypu(&[
        "priors",
        "--tables",
        &list,
        "--truth-column",
        "y",
        "--seeds",
        "2",
        "--out",
        arg(&out),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for file in &tables {
        let note = format!("note: {}: Left out: \"id\" holds text", file.display());
        assert_eq!(stderr.matches(&note).count(), 1, "{stderr}");
    }
    assert!(stderr.contains("priors: 20 estimates"), "{stderr}");
    let table = std::fs::read_to_string(&out).unwrap();
    // Half the rows are positive and a third of those labeled, so about
    // 66 of the 166 unlabeled rows are positive; the hold-outs move it a little.
    for name in ["a", "b"] {
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("no row for {name}: {table}"));
        let truth: f64 = row.split('|').nth(3).unwrap().trim().parse().unwrap();
        assert!((truth - 0.40).abs() < 0.06, "{row}");
    }
    assert!(table.contains("(the default) |"), "{table}");
    assert!(
        table.contains("| TIcE | ") && table.contains("| KM2 | "),
        "{table}"
    );
    assert!(table.contains("/4 |"), "{table}");
    // A column that looks like the truth is taken as it, as `run` takes it.
    let guessed = policypu(&["priors", "--tables", arg(&tables[0]), "--seeds", "1"]);
    let stderr = String::from_utf8_lossy(&guessed.stderr);
    assert!(
        guessed.status.success() && stderr.contains("so it is taken as the truth column"),
        "{stderr}"
    );
    let no_truth = dir.join("no-truth.csv");
    let text = std::fs::read_to_string(&tables[0]).unwrap();
    let stripped: String = text
        .lines()
        .map(|line| format!("{}\n", line.rsplit_once(',').unwrap().0))
        .collect();
    std::fs::write(&no_truth, stripped).unwrap();
    let without_truth = policypu(&["priors", "--tables", arg(&no_truth), "--seeds", "1"]);
    assert!(!without_truth.status.success());
    assert!(
        String::from_utf8_lossy(&without_truth.stderr)
            .contains("name the column that holds it with --truth-column, or add one"),
        "{}",
        String::from_utf8_lossy(&without_truth.stderr)
    );
    // A configuration file's truth column is read; its training settings
    // are said not to be used.
    let config = dir.join("config.json");
    std::fs::write(
        &config,
        r#"{"data": {"kind": "csv", "columns": {"labeled": "labeled", "truth": "y"}}, "optim": {"lr": 0.5}}"#,
    )
    .unwrap();
    let from_config = policypu(&[
        "priors",
        "--tables",
        arg(&tables[0]),
        "--seeds",
        "1",
        "--config",
        arg(&config),
    ]);
    let stderr = String::from_utf8_lossy(&from_config.stderr);
    assert!(from_config.status.success(), "{stderr}");
    assert!(
        stderr.contains("its learner and training settings are not used"),
        "{stderr}"
    );
}

#[test]
fn vpu_keeps_its_epoch_by_its_own_variational_loss() {
    let (dir, file) = pu_file("vpu-loss", 300, 4);
    let out = dir.join("r.json");
    let output = run_csv(&file, "vpu", "8", &out, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let result = read_run(&out);
    let losses: Vec<f64> = result
        .reports
        .iter()
        .map(|r| r.validation.as_ref().unwrap().variational_loss.unwrap())
        .collect();
    let lowest = losses.iter().copied().fold(f64::INFINITY, f64::min);
    let kept = result.kept().unwrap();
    assert_eq!(
        kept.validation.as_ref().unwrap().variational_loss,
        Some(lowest)
    );
    assert_eq!(
        result.selected.map(|s| s.criterion),
        Some(Criterion::VariationalLoss),
        "VPU's default rule"
    );
    // The kept line shows the loss itself, not the negated value ranked.
    let line = stdout.lines().find(|l| l.starts_with("kept: ")).unwrap();
    assert!(
        line.ends_with(&format!(
            "variational loss on the PU validation split ({lowest:.3})"
        )),
        "{line} against {losses:?}"
    );
}

#[test]
fn without_a_truth_column_only_what_needs_no_negatives_is_reported() {
    let dir = test_dir("no-truth");
    let file = dir.join("data.csv");
    let text: String = pu_csv(200, 5)
        .lines()
        .map(|l| l.rsplit_once(',').map_or(l, |(head, _)| head).to_string() + "\n")
        .collect();
    std::fs::write(&file, text).unwrap();
    // A CSV file trains auto unless a flag or a configuration file names
    // another learner.
    let default_out = dir.join("default.json");
    let first_line = |extra: &[&str]| {
        let mut args = vec!["run", "--csv", arg(&file), "--epochs", "1", "--quiet"];
        args.extend_from_slice(extra);
        args.extend(["--out", arg(&default_out)]);
        let stderr = String::from_utf8_lossy(&policypu(&args).stderr).to_string();
        let line = stderr
            .lines()
            .find(|l| l.contains(" on CPU"))
            .map(str::to_owned);
        line.unwrap_or(stderr)
    };
    assert_eq!(
        first_line(&[]),
        "auto (chosen on PU data) on CPU (Burn flex)"
    );
    let config = dir.join("learner.json");
    std::fs::write(&config, r#"{"learner": "biased-pu"}"#).unwrap();
    assert_eq!(
        first_line(&["--config", arg(&config)]),
        "biased PU on CPU (Burn flex)"
    );
    let output = run_one_epoch(&file, &dir.join("r.json"), &[]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().find(|l| l.starts_with("final")).unwrap();
    assert!(
        last.contains("recall ") && last.contains("(n=") && !last.contains("roc-auc"),
        "{last}"
    );
    assert!(
        stdout.contains("accuracy, ROC-AUC and PR-AUC cannot be computed")
            && stdout.contains("assuming π = "),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(", estimated by min(KM2, BBE); no truth column")
            && stderr.contains("over 10 bootstrap resamples of these rows, not an error bar")
            && stderr.contains("no truth column to compare with")
            && stderr.contains("This learner trains without a prior"),
        "{stderr}"
    );
    // nnPU's true prior: without a truth column it must be given.
    let nnpu_out = dir.join("n.json");
    let nnpu = |extra: &[&str]| {
        let mut args = vec![
            "run",
            "--csv",
            arg(&file),
            "--learner",
            "nnpu",
            "--epochs",
            "1",
            "--quiet",
            "--out",
            arg(&nnpu_out),
        ];
        args.extend_from_slice(extra);
        policypu(&args)
    };
    let refused = nnpu(&[]);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("nnPU (true π) trains with the true class prior")
            && stderr.contains("or --prior on the command line")
            && stderr.contains("such as KM2+nnPU"),
        "{stderr}"
    );
    // Refused before the run is announced as training.
    assert!(!stderr.contains(" on CPU"), "{stderr}");
    // A sweep's table names the recall for what it is.
    let sweep = policypu(&[
        "sweep",
        "--csv",
        arg(&file),
        "--learners",
        "biased-pu",
        "--seeds",
        "1",
        "--epochs",
        "1",
    ]);
    assert!(sweep.status.success());
    let stdout = String::from_utf8_lossy(&sweep.stdout);
    assert!(
        stdout.contains("| ROC-AUC | Recall on held-out positives | PR-AUC |"),
        "{stdout}"
    );
    // A learner that needs the truth the file lacks is refused before any
    // run; the default rows leave it out, with a note.
    let sweep_of = |learners: Option<&str>, seeds: &str, extra: &[&str]| {
        let mut args = vec![
            "sweep",
            "--csv",
            arg(&file),
            "--seeds",
            seeds,
            "--epochs",
            "1",
        ];
        args.extend(learners.map(|l| ["--learners", l]).into_iter().flatten());
        args.extend_from_slice(extra);
        policypu(&args)
    };
    let refused = sweep_of(Some("biased-pu,nnpu,oracle-pn"), "1", &[]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        !refused.status.success()
            && stderr.contains(
                "data.csv has no truth column, and nnPU (true π) trains with the true class \
                 prior unless --prior gives one and optimal PN trains on the true labels: name \
                 the truth column with --truth-column, or leave them out of --learners."
            )
            && !stderr.contains("sweep: "),
        "{stderr}"
    );
    let defaults = sweep_of(None, "1", &[]);
    let stderr = String::from_utf8_lossy(&defaults.stderr);
    assert!(
        defaults.status.success()
            && stderr.contains(
                "note: the sweep leaves out nnPU (true π) and optimal PN: data.csv has no truth \
                 column"
            )
            && stderr.contains("sweep: 7 runs"),
        "{stderr}"
    );
    // A prior given lets nnPU train.
    let given = sweep_of(Some("nnpu"), "1", &["--prior", "0.4"]);
    let stderr = String::from_utf8_lossy(&given.stderr);
    assert!(
        given.status.success() && stderr.contains("sweep: 1 run on"),
        "{stderr}"
    );
    // A sweep whose every run fails says so in its exit status (the
    // oracle ablation's verdict needs the true prior when it trains).
    let sweep = sweep_of(Some("weighter/true-prior-threshold"), "2", &[]);
    assert!(!sweep.status.success());
    let stderr = String::from_utf8_lossy(&sweep.stderr);
    assert!(
        stderr.contains("all 2 runs failed; the notes under the tables say why"),
        "{stderr}"
    );
    // One that fails in part writes its tables and says so in its status too.
    let partly = sweep_of(Some("biased-pu,weighter/true-prior-threshold"), "2", &[]);
    assert!(!partly.status.success());
    assert!(
        String::from_utf8_lossy(&partly.stdout).contains("| biased PU |"),
        "{}",
        String::from_utf8_lossy(&partly.stdout)
    );
    assert!(
        String::from_utf8_lossy(&partly.stderr).contains("2 of 4 runs failed"),
        "{}",
        String::from_utf8_lossy(&partly.stderr)
    );
    let given = nnpu(&["--prior", "0.4"]);
    assert!(
        given.status.success(),
        "{}",
        String::from_utf8_lossy(&given.stderr)
    );
    // auto's leaderboard shows the recall, and its mean what P and U measure.
    let auto_out = dir.join("a.json");
    let auto = run_auto_without_truth(&file, "1", &auto_out, &["--pretrain-epochs", "1"]);
    assert!(
        auto.status.success(),
        "{}",
        String::from_utf8_lossy(&auto.stderr)
    );
    let auto_stdout = String::from_utf8_lossy(&auto.stdout);
    // Its validation split holds under 10 labeled rows: the mean of all.
    let candidates = policypu::config::Learner::Auto.spec().candidates.len();
    let kept = auto_stdout
        .lines()
        .find(|l| l.starts_with(&format!("kept:  the mean of {candidates} classifiers")))
        .unwrap_or_else(|| panic!("{auto_stdout}"));
    assert!(
        auto_stdout.contains(&format!(
            "auto keeps the mean of all {candidates} candidates"
        )) && auto_stdout.contains("too few to rank the candidates")
            && auto_stdout.contains(&format!(
                "| {} (not used to rank) |",
                policypu::auto_learner::AUTO_CRITERION.label()
            )),
        "{auto_stdout}"
    );
    assert!(
        auto_stdout.contains("| L-vs-U AUC | recall on held-out positives (not used) |\n")
            && !auto_stdout.contains("ROC-AUC (not used)")
            && kept.contains("recall ")
            && kept.contains("(n=")
            && auto_stdout.contains("accuracy, ROC-AUC and PR-AUC cannot be computed"),
        "{auto_stdout}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&auto_out).unwrap()).unwrap();
    let pu = &json["averaged"]["kept"]["pu"];
    let recall = pu["recall"].as_f64().unwrap();
    assert_eq!(json["averaged"]["kept"]["accuracy"].as_f64(), Some(recall));
    assert!(pu["u_positive_rate"].as_f64().is_some(), "{pu}");
}

#[test]
fn auto_leaves_out_a_candidate_that_cannot_train_and_keeps_the_others() {
    // Two labeled rows and one unlabeled: one labeled row is the test set,
    // and RankPruning's cross-validation has no rows for its folds.
    let dir = test_dir("auto-left-out");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/fixtures/three_rows.csv");
    let out = dir.join("auto.json");
    let output = run_auto_without_truth(&file, "2", &out, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let left_out: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("auto leaves "))
        .collect();
    assert_eq!(left_out.len(), 2, "{stdout}");
    assert!(
        left_out[0].starts_with("auto leaves RankPruning (fast) out. The cross-validate stage")
            && left_out[1].starts_with("auto leaves RankPruning (linear) out. The cross-validate"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| – | RankPruning | n/a |")
            && stdout.contains("auto keeps the mean of all 9 candidates"),
        "{stdout}"
    );
    let run = read_run(&out);
    assert_eq!(run.averaged.map(|a| a.members.len()), Some(9));
}

#[test]
fn auto_trains_its_candidates_and_saves_the_mean_of_the_first_three() {
    let (dir, file) = pu_file("auto", 300, 6);
    let out = dir.join("auto.json");
    let model = dir.join("auto.ppu");
    let output = run_csv(
        &file,
        "auto",
        "2",
        &out,
        &[
            "--pretrain-epochs",
            "1",
            "--quiet",
            // Enough labeled validation rows (at least 10) to rank by.
            "--validation-share",
            "0.5",
            "--save-model",
            arg(&model),
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let criterion = policypu::auto_learner::AUTO_CRITERION.label();
    assert!(
        stdout.contains(&format!(
            "| rank | candidate | kept epoch | {criterion} (ranks) | L-vs-U AUC | \
             test accuracy (not used) | test ROC-AUC (not used) |"
        )) && stdout.contains("| 3 (in the mean) |")
            && !stdout.contains("| 4 (in the mean) |")
            && stdout.contains("\nauto keeps the mean of ")
            && stdout.contains(&format!("the candidates with the best {criterion}"))
            && stdout.contains("No test-set score was read to choose")
            && stdout.contains("kept:  the mean of 3 classifiers  acc "),
        "{stdout}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let standings = json["auto"]["standings"].as_array().unwrap();
    let candidates = policypu::config::Learner::Auto.spec().candidates.len();
    assert_eq!(standings.len(), candidates, "{}", json["auto"]);
    assert_eq!(json["config"]["learner"], "auto");
    // Its prior is the one the leaderboard assumed: on a CSV file the default
    // estimate, which auto itself does not train with.
    assert_eq!(json["prior"]["rho"], json["auto"]["prior"], "{json}");
    assert_eq!(
        json["prior"]["source"]["estimated"], "km2-bbe",
        "{}",
        json["prior"]
    );
    assert_eq!(json["prior"]["learner_uses"], false, "{}", json["prior"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("estimated by min(KM2, BBE)")
            && stderr.contains("auto trains with no prior of its own: its mean's estimates")
            && !stderr.contains("This learner trains without a prior"),
        "{stderr}"
    );
    // The members are the first three on the leaderboard, in its order.
    let members: Vec<&serde_json::Value> = json["averaged"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    let first: Vec<&serde_json::Value> = standings[..3].iter().map(|s| &s["candidate"]).collect();
    assert_eq!(members, first);
    let accuracy = json["averaged"]["kept"]["accuracy"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&accuracy));
    let values: Vec<f64> = standings
        .iter()
        .map(|s| s["value"].as_f64().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    // The saved model holds the three members, named as ranked.
    let saved =
        policypu::saved_model::SavedModel::from_bytes(&std::fs::read(&model).unwrap()).unwrap();
    let saved_members: Vec<String> = saved
        .header
        .members
        .iter()
        .map(|m| serde_json::to_value(m.learner).unwrap().to_string())
        .collect();
    let ranked: Vec<String> = standings[..3]
        .iter()
        .map(|s| s["learner"].to_string())
        .collect();
    assert_eq!(saved_members, ranked);
    let scored = policypu(&["predict", "--model", arg(&model), "--csv", arg(&file)]);
    assert!(
        scored.status.success(),
        "{}",
        String::from_utf8_lossy(&scored.stderr)
    );
    let table = String::from_utf8_lossy(&scored.stdout);
    assert_eq!(table.lines().count(), 301, "{table}");
}

/// On a CSV file auto trains its members again on the training and
/// validation rows for the epochs they kept: the same leaderboard and the
/// same last epochs as `--no-refit`, another kept mean, a saved model of
/// the refits; a sweep's merge finds the refits its shard trained.
#[test]
fn auto_trains_its_members_again_on_the_validation_rows_unless_told_not_to() {
    let (dir, file) = pu_file("refit", 300, 6);
    let run = |extra: &[&str]| {
        let name = if extra.is_empty() {
            "refit"
        } else {
            "as-trained"
        };
        let out = dir.join(format!("{name}.json"));
        let model = dir.join(format!("{name}.ppu"));
        let mut flags = vec![
            "--pretrain-epochs",
            "1",
            "--quiet",
            "--validation-share",
            "0.5",
        ];
        flags.extend_from_slice(&["--save-model", arg(&model)]);
        flags.extend_from_slice(extra);
        let output = run_csv(&file, "auto", "3", &out, &flags);
        let stdout = String::from_utf8_lossy(&output.stdout).to_string();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        let scored = policypu(&["predict", "--model", arg(&model), "--csv", arg(&file)]);
        assert!(
            scored.status.success(),
            "{}",
            String::from_utf8_lossy(&scored.stderr)
        );
        (
            stdout,
            json,
            String::from_utf8_lossy(&scored.stdout).to_string(),
        )
    };
    let (stdout, refit, predicted) = run(&[]);
    let (stdout_as_trained, as_trained, predicted_as_trained) = run(&["--no-refit"]);
    let sentence = "Then each member trained again on the training and validation rows together";
    assert!(stdout.contains(sentence), "{stdout}");
    assert!(!stdout_as_trained.contains(sentence), "{stdout_as_trained}");
    assert_eq!(refit["auto"], as_trained["auto"]);
    let members = refit["averaged"]["members"].as_array().unwrap().clone();
    let refitted = refit["averaged"]["refitted"].as_array().unwrap().clone();
    assert!(
        !refitted.is_empty() && refitted.iter().all(|r| members.contains(r)),
        "{refit}"
    );
    assert_eq!(as_trained["averaged"].get("refitted"), None);
    assert_eq!(refit["averaged"]["last"], as_trained["averaged"]["last"]);
    assert_ne!(predicted, predicted_as_trained);
    assert_eq!(predicted.lines().count(), 301);
    // A shard and its merge make the row the one process makes.
    let shard = dir.join("shard.json");
    let sweep = |extra: &[&str]| {
        let mut flags = vec!["--validation-share", "0.5", "--pretrain-epochs", "1"];
        flags.extend_from_slice(extra);
        let output = sweep_csv(&file, "auto", "1", &flags);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stdout = String::from_utf8_lossy(&output.stdout).to_string();
        stdout
            .lines()
            .find(|l| l.starts_with("| auto (chosen on PU data) |"))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    let one_process = sweep(&[]);
    assert!(one_process.contains("| 0."), "{one_process}");
    sweep(&["--shard", "1/1", "--out", arg(&shard)]);
    assert_eq!(sweep(&["--merge", arg(&shard)]), one_process);
    assert_ne!(sweep(&["--no-refit"]), one_process);
}

/// On threads to spare auto's candidates train side by side; each is the
/// run it is on one thread: the same leaderboard (kept epochs, PU-only and
/// test scores) and the same mean, in the planned order.
#[test]
fn auto_trains_its_candidates_side_by_side_as_one_after_another() {
    let (dir, file) = pu_file("auto-threads", 240, 8);
    let leaderboard_on = |threads: &str| {
        let out = dir.join(format!("auto-{threads}.json"));
        policypu_on_threads(
            threads,
            &run_csv_args(
                &file,
                "auto",
                "3",
                &out,
                &[
                    "--pretrain-epochs",
                    "1",
                    "--validation-share",
                    "0.5",
                    "--quiet",
                ],
            ),
        );
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        (json["auto"].clone(), json["averaged"]["kept"].clone())
    };
    let (one, mean_one) = leaderboard_on("1");
    let (two, mean_two) = leaderboard_on("2");
    let candidates = policypu::config::Learner::Auto.spec().candidates.len();
    assert_eq!(one["standings"].as_array().map(Vec::len), Some(candidates));
    assert_eq!(one, two);
    assert_eq!(mean_one, mean_two);
    // Cross-fitted, the folds train side by side too: the same folds'
    // leaderboards and mean, printed in order.
    let cross_fitted_on = |threads: &str| {
        let out = dir.join(format!("folds-{threads}.json"));
        let stdout = policypu_on_threads(
            threads,
            &run_csv_args(
                &file,
                "auto",
                "2",
                &out,
                &["--pretrain-epochs", "1", "--quiet", "--auto-folds", "2"],
            ),
        );
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        (
            stdout,
            json["folds"].clone(),
            json["averaged"]["kept"].clone(),
        )
    };
    let (stdout, folds, mean) = cross_fitted_on("1");
    assert_eq!(folds.as_array().map(Vec::len), Some(2), "{folds}");
    assert!(
        stdout.find("Validation fold 1 of 2:") < stdout.find("Validation fold 2 of 2:"),
        "{stdout}"
    );
    assert_eq!((stdout, folds, mean), cross_fitted_on("2"));
}

#[test]
fn sweep_row_scores_hold_each_run_once_and_auto_s_ranking() {
    let (dir, file) = pu_file("row-scores", 240, 8);
    let rows = dir.join("rows.jsonl");
    let output = sweep_csv(&file, "biased-pu,auto", "1", &["--row-scores", arg(&rows)]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&rows)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let candidates = policypu::config::Learner::Auto.spec().candidates.len();
    // biased PU's row is one of auto's candidates: trained, and written, once.
    let runs: Vec<&serde_json::Value> = lines.iter().filter(|l| l.get("test").is_some()).collect();
    assert_eq!(runs.len(), candidates);
    for run in &runs {
        let test = run["test"].as_array().unwrap();
        assert_eq!(test.len(), run["truth"].as_str().unwrap().len());
        assert!(
            test.iter()
                .all(|p| (0.0..=1.0).contains(&p.as_f64().unwrap()))
        );
        let validation = run["validation"].as_array().unwrap();
        let labeled = run["validation_labeled"].as_str().unwrap();
        assert_eq!(validation.len(), labeled.len());
        assert!(labeled.contains('1') && labeled.contains('0'), "{labeled}");
    }
    let autos: Vec<&serde_json::Value> = lines.iter().filter(|l| l.get("auto").is_some()).collect();
    assert_eq!(autos.len(), 1);
    let mut order: Vec<u64> = autos[0]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i.as_u64().unwrap())
        .collect();
    order.sort_unstable();
    assert_eq!(order, (0..candidates as u64).collect::<Vec<_>>());
}

#[test]
fn a_column_that_looks_like_the_truth_is_taken_as_it_unless_named_a_feature() {
    let (dir, file) = pu_file("truth-guess", 120, 2);
    let out = dir.join("r.json");
    let run = |extra: &[&str]| {
        let output = run_one_epoch(&file, &out, extra);
        let stderr = String::from_utf8_lossy(&output.stderr).to_string();
        assert!(output.status.success(), "{stderr}");
        let DataConfig::Csv { columns } = read_run(&out).config.data else {
            panic!("not a CSV run");
        };
        (stderr, columns)
    };
    let taken = "column \"y\" looks like the true class, so it is taken as the truth column, \
                 as the page would";
    let pointed_out = "column \"y\" looks like the true class, and the features you named \
                       make it one";
    let (stderr, columns) = run(&[]);
    assert!(
        stderr.contains(taken) && !stderr.contains(pointed_out),
        "{stderr}"
    );
    assert_eq!(columns.truth.as_deref(), Some("y"));
    // A name given with blanks around it is the column the reader finds.
    let (stderr, columns) = run(&["--label-column", " labeled "]);
    assert!(stderr.contains(taken), "{stderr}");
    assert_eq!(columns.labeled, "labeled");
    assert_eq!(columns.truth.as_deref(), Some("y"));
    let (stderr, columns) = run(&["--truth-column", "y"]);
    assert!(!stderr.contains("looks like the true class"), "{stderr}");
    assert_eq!(columns.truth.as_deref(), Some("y"));
    let (stderr, columns) = run(&["--feature-columns", "x1,x2,y"]);
    assert!(
        stderr.contains(pointed_out) && !stderr.contains(taken),
        "{stderr}"
    );
    assert_eq!(columns.truth, None);
    // Saying there is no truth column is an answer too; the column named
    // as the truth still does not become a feature unasked.
    let (stderr, columns) = run(&["--truth-column", ""]);
    assert!(!stderr.contains("looks like the true class"), "{stderr}");
    assert_eq!(columns.truth, None);
    assert!(
        stderr.contains(
            "Left out: \"y\" is named as truth columns usually are and holds the values \"1\", \
             \"0\": as a feature it could hand the learners the answer. Make it a feature to use \
             it anyway, or choose it as the truth column."
        ),
        "{stderr}"
    );
    // A labeled column the file lacks: the run refuses it, with no guess of
    // the truth column beside the refusal (the guess might take the column
    // the user meant).
    let refused = run_one_epoch(&file, &out, &["--label-column", "Labeled"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        stderr.contains("Column \"labeled\" differs from it only in case"),
        "{stderr}"
    );
    assert!(!stderr.contains("looks like the true class"), "{stderr}");
}

#[test]
fn left_out_columns_are_noted_each_with_its_own_remedy() {
    let dir = test_dir("left-out");
    let file = dir.join("three-classes.csv");
    // x2 holds one stray word; "class" holds three classes, so it is no
    // truth column and no feature.
    let mut text = String::from("x1,x2,labeled,class\n");
    for i in 0..60 {
        let x2 = if i == 7 {
            "abc".to_owned()
        } else {
            format!("{}", i % 5)
        };
        text += &format!("{}.5,{x2},{},{}\n", i % 11, u8::from(i % 4 == 0), i % 3);
    }
    std::fs::write(&file, text).unwrap();
    let output = run_one_epoch(&file, &dir.join("r.json"), &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // A note a line, the stray cell's first, then the named column's.
    let file = file.display();
    assert!(
        stderr.contains(&format!(
            "choose what to do with missing values (--missing drop or --missing mean), to use \
             the column.\nnote: {file}: Left out: \"class\" is named as truth columns"
        )),
        "{stderr}"
    );
}

#[test]
fn without_a_labeled_column_of_the_expected_name_the_page_s_guess_is_taken() {
    let dir = test_dir("labeled-guess");
    let file = dir.join("data.csv");
    let text = with_cells(&pu_csv(120, 3), |i, cells| {
        if i == 0 {
            cells[3] = "known";
        }
    });
    std::fs::write(&file, text).unwrap();
    let out = dir.join("r.json");
    let output = run_one_epoch(&file, &out, &["--truth-column", "y"]);
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "the file has no column \"labeled\", so column \"known\" is taken as the labeled \
             column, as the page would"
        ),
        "{stderr}"
    );
    let DataConfig::Csv { columns } = read_run(&out).config.data else {
        panic!("not a CSV run");
    };
    assert_eq!(columns.labeled, "known");
    // 20 labeled rows, of which a fifth of three quarters go to validation.
    assert!(
        stderr.contains("note: It was chosen on only 3 labeled validation rows, fewer than 10"),
        "{stderr}"
    );
    // A column of two words: the rarer marks the labeled rows.
    let words = with_cells(&pu_csv(120, 3), |i, cells| {
        cells[3] = match (i, cells[3]) {
            (0, _) => "status",
            (_, "1") => "known",
            _ => "unknown",
        };
    });
    std::fs::write(&file, words).unwrap();
    let output = run_one_epoch(&file, &out, &["--truth-column", "y"]);
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "column \"status\" holds two words, so the rarer, \"known\", is taken to mark the \
             labeled positives"
        ),
        "{stderr}"
    );
    let DataConfig::Csv { columns } = read_run(&out).config.data else {
        panic!("not a CSV run");
    };
    assert_eq!(
        (columns.labeled.as_str(), columns.labeled_value.as_deref()),
        ("status", Some("known"))
    );
    // A named labeled column is never replaced by the guess.
    let output = run_one_epoch(&file, &out, &["--label-column", "labeled"]);
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(!output.status.success());
    assert!(
        stderr.contains("The file has no column \"labeled\""),
        "{stderr}"
    );
}

#[test]
fn an_output_that_is_an_input_or_another_output_is_refused_before_any_work() {
    let (dir, file) = pu_file("outputs", 60, 4);
    let before = std::fs::read(&file).unwrap();
    let run = dir.join("run.json");
    let same = dir.join(".").join("data.csv");
    for (args, expected) in [
        (
            vec!["run", "--csv", arg(&file), "--save-model", arg(&same)],
            "(--save-model): it is the file --csv reads, which would be lost. Name another \
             file for --save-model.",
        ),
        (
            vec!["run", "--csv", arg(&file), "--out", arg(&file)],
            "(--out): it is the file --csv reads",
        ),
        (
            vec![
                "run",
                "--csv",
                arg(&file),
                "--out",
                arg(&run),
                "--dump-scores",
                arg(&run),
            ],
            "for both --out and --dump-scores: name a file for each.",
        ),
        (
            vec![
                "predict",
                "--model",
                arg(&run),
                "--csv",
                arg(&file),
                "--out",
                arg(&file),
            ],
            "(--out): it is the file --csv reads",
        ),
        (
            vec!["sweep", "--csv", arg(&file), "--out", arg(&file)],
            "(--out): it is the file --csv reads",
        ),
    ] {
        let output = policypu(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "{args:?}");
    }
    assert!(!run.exists());
}

/// Trains biased PU on `file` (truth column `y`) for 2 epochs with the flags
/// `extra`, saving the model and the test rows' scores in `dir`, checks
/// that `predict` scores each test row as the run did, and gives the
/// run's standard error and the test rows' numbers in the file.
fn run_and_predict_alike(dir: &Path, file: &Path, extra: &[&str]) -> (String, Vec<usize>) {
    let (dumped, model) = (dir.join("dumped.csv"), dir.join("model.ppu"));
    let mut flags = vec![
        "--quiet",
        "--dump-scores",
        arg(&dumped),
        "--save-model",
        arg(&model),
    ];
    flags.extend_from_slice(extra);
    let output = run_csv(file, "biased-pu", "2", &dir.join("r.json"), &flags);
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let output = policypu(&["predict", "--model", arg(&model), "--csv", arg(file)]);
    assert!(output.status.success(), "{output:?}");
    let predicted: Vec<f64> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .skip(1)
        .map(|line| line.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    let mut rows = Vec::new();
    for line in std::fs::read_to_string(&dumped).unwrap().lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let row: usize = cells[1].parse().unwrap();
        let score: f64 = cells[2].parse().unwrap();
        assert!(
            (score - predicted[row - 1]).abs() < 1e-6,
            "row {row}: run {score}, predict {}",
            predicted[row - 1]
        );
        rows.push(row);
    }
    (stderr, rows)
}

#[test]
fn a_run_and_predict_fill_a_missing_value_alike() {
    // Every seventh row's x1 is missing: the run fills it with the mean over
    // the rows it trains on, as predict does with the saved model, so a
    // test row scores the same in both.
    let (dir, file) = pu_file("fill-alike", 160, 11);
    let text = with_cells(&std::fs::read_to_string(&file).unwrap(), |i, cells| {
        if i > 0 && i.is_multiple_of(7) {
            cells[0] = "";
        }
    });
    std::fs::write(&file, &text).unwrap();
    let (stderr, rows) = run_and_predict_alike(&dir, &file, &["--missing", "mean"]);
    assert!(
        stderr.contains(
            "Filled 22 missing feature values in 22 rows (1 column) with the column's mean \
             over the rows trained on."
        ),
        "{stderr}"
    );
    let filled_rows = rows.iter().filter(|row| row.is_multiple_of(7)).count();
    assert!(filled_rows >= 3, "{filled_rows} test rows with a gap");
}

/// A file whose first column, "visit", holds the date `date(i)` in data
/// row `i`.
fn file_of_visits(name: &str, date: impl Fn(usize) -> String) -> (PathBuf, PathBuf) {
    let (dir, file) = pu_file(name, 160, 12);
    let text: String = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(i, line)| match i {
            0 => format!("visit,{line}\n"),
            _ => format!("{},{line}\n", date(i)),
        })
        .collect();
    std::fs::write(&file, &text).unwrap();
    (dir, file)
}

#[test]
fn dates_written_day_first_train_and_predict_reads_them_alike() {
    // Column "visit" writes dates day first; days past 12 show it.
    let (dir, file) = file_of_visits("day-first", |i| {
        format!("{:02}/{:02}/2023", 1 + i % 28, 1 + i % 12)
    });
    let (stderr, rows) =
        run_and_predict_alike(&dir, &file, &["--feature-columns", "visit,x1,x2,x3"]);
    assert!(
        stderr.contains(
            "Column \"visit\" was read as dates written day first (day/month/year), as a \
             first part past 12 shows, each as its days since 1970-01-01."
        ),
        "{stderr}"
    );
    assert_eq!(rows.len(), 40);
}

#[test]
fn dates_that_show_no_order_read_in_the_order_named_by_date_order() {
    // The first of each month, day first: no part past 12 shows it.
    let (dir, file) = file_of_visits("date-order", |i| format!("01/{:02}/2023", 1 + i % 12));
    let features = ["--feature-columns", "visit,x1,x2,x3"];
    let output = run_csv(&file, "biased-pu", "1", &dir.join("r.json"), &features);
    assert!(!output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "no date in the column has a part past 12 to show whether it is written day or \
             month first"
        ) && stderr
            .contains("On the command line: --date-order day-first or --date-order month-first."),
        "{stderr}"
    );
    // Not named, the column is left out with the flag that reads it.
    let output = run_csv(&file, "biased-pu", "1", &dir.join("r.json"), &[]);
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "name their order (--date-order day-first or --date-order month-first) and choose \
             it as a feature (name it in --feature-columns, with the others)"
        ),
        "{stderr}"
    );
    let flags = [&features[..], &["--date-order", "day-first"]].concat();
    let (stderr, rows) = run_and_predict_alike(&dir, &file, &flags);
    assert!(
        stderr.contains(
            "Column \"visit\" was read as dates written day first (day/month/year), the order \
             chosen for the file's dates, each as its days since 1970-01-01."
        ),
        "{stderr}"
    );
    assert_eq!(rows.len(), 40);
}

#[test]
fn dumped_test_scores_name_each_row_s_line_in_the_file() {
    // Data rows 2 and 7 have a gap and row 5 no class: all are left out, so
    // the rows after them keep their own numbers, not their places in the
    // table (three places off, so their classes, which alternate, differ).
    let (dir, file) = pu_file("dump-rows", 120, 6);
    let text = with_cells(
        &std::fs::read_to_string(&file).unwrap(),
        |i, cells| match i {
            2 | 7 => cells[0] = "",
            5 => cells[4] = "NA",
            _ => {}
        },
    );
    std::fs::write(&file, &text).unwrap();
    let truth: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    let scores = dir.join("scores.csv");
    let output = run_one_epoch(
        &file,
        &dir.join("r.json"),
        &[
            "--truth-column",
            "y",
            "--missing",
            "drop",
            "--dump-scores",
            arg(&scores),
        ],
    );
    assert!(output.status.success(), "{output:?}");
    let dumped = std::fs::read_to_string(&scores).unwrap();
    let mut rows = Vec::new();
    for line in dumped.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let row: usize = cells[1].parse().unwrap();
        assert_eq!(
            cells[3],
            truth[row - 1],
            "{line}: the file's class of row {row}"
        );
        rows.push(row);
    }
    assert_eq!(rows.len(), 29, "{dumped}");
    assert!(![2, 5, 7].iter().any(|r| rows.contains(r)), "{rows:?}");
    assert!(rows.iter().any(|&r| r > 5), "{rows:?}");
}

#[test]
fn a_prior_the_learner_takes_none_of_is_said_to_be_unused() {
    let (dir, file) = pu_file("unused-prior", 120, 3);
    let out = dir.join("r.json");
    let unused = "note: the class prior π = 0.3 given (by --prior or the --config file) is not \
                  used: biased PU takes no given prior";
    for (learner, said) in [("biased-pu", true), ("nn-pu", false)] {
        let output = run_csv(&file, learner, "1", &out, &["--prior", "0.3"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        assert_eq!(stderr.contains("is not used"), said, "{learner}: {stderr}");
        assert_eq!(stderr.contains(unused), said, "{learner}: {stderr}");
    }
}

/// `policypu predict`'s (score, predicted) of each data row of `file` with `model`.
fn predicted_rows(model: &Path, file: &Path) -> Vec<(f64, bool)> {
    let scored = policypu(&["predict", "--model", arg(model), "--csv", arg(file)]);
    assert!(scored.status.success(), "{scored:?}");
    String::from_utf8_lossy(&scored.stdout)
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            (cells[1].parse().unwrap(), cells[2] == "1")
        })
        .collect()
}

/// The model file `model` (auto's mean, trained on `file`, whose text is
/// `csv`) read back, after checking that it scores the test rows as
/// `--dump-scores` wrote them (`dumped`) and that the run's accuracy in its
/// JSON `json` is that of those scores.
fn saved_mean_scores_as_dumped(
    model: &Path,
    file: &Path,
    csv: &str,
    dumped: &Path,
    json: &serde_json::Value,
) -> policypu::saved_model::SavedModel {
    let predicted = predicted_rows(model, file);
    let truth: Vec<bool> = csv.lines().skip(1).map(|l| l.ends_with(",1")).collect();
    let mut right = 0;
    let mut rows = 0;
    for line in std::fs::read_to_string(dumped).unwrap().lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let row: usize = cells[1].parse().unwrap();
        let score: f64 = cells[2].parse().unwrap();
        assert!((score - predicted[row - 1].0).abs() < 1e-6, "{line}");
        right += usize::from((score >= 0.5) == truth[row - 1]);
        rows += 1;
    }
    let accuracy = json["averaged"]["kept"]["accuracy"].as_f64().unwrap();
    assert!(
        (accuracy - right as f64 / rows as f64).abs() < 1e-9,
        "{accuracy}"
    );
    policypu::saved_model::SavedModel::from_bytes(&std::fs::read(model).unwrap()).unwrap()
}

#[test]
fn auto_cross_fitted_counts_each_fold_alike_where_they_kept_different_numbers() {
    // 26 labeled rows of 156, two folds of half the training rows each: at
    // a seed that trains on 19 labeled rows, one fold validates on 10 (it
    // ranks, and keeps 3 candidates) and the other on 9 (too few: it keeps
    // every candidate).
    let (dir, file) = pu_file("auto-folds-weighted", 156, 6);
    let (out, model, dumped) = (
        dir.join("a.json"),
        dir.join("a.ppu"),
        dir.join("scores.csv"),
    );
    for seed in 1..=10 {
        let output = run_csv(
            &file,
            "auto",
            "1",
            &out,
            &[
                "--pretrain-epochs",
                "1",
                "--validation-share",
                "0.5",
                "--auto-folds",
                "2",
                "--seed",
                &seed.to_string(),
                "--quiet",
                "--save-model",
                arg(&model),
                "--dump-scores",
                arg(&dumped),
            ],
        );
        assert!(output.status.success(), "{output:?}");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        let kept: Vec<usize> = json["folds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["averaged"]["members"].as_array().unwrap().len())
            .collect();
        if kept[0] == kept[1] {
            continue;
        }
        let saved = saved_mean_scores_as_dumped(&model, &file, &pu_csv(156, 6), &dumped, &json);
        let shares: Vec<f64> = kept
            .iter()
            .flat_map(|&n| std::iter::repeat_n(0.5 / n as f64, n))
            .collect();
        let weights = saved.header.weights.clone().expect("weights");
        assert_eq!(weights.len(), shares.len());
        assert!(
            weights
                .iter()
                .zip(&shares)
                .all(|(w, s)| (w - s).abs() < 1e-12),
            "{weights:?} against {kept:?}"
        );
        assert!(saved.header.describe().starts_with("the weighted mean of"));
        return;
    }
    panic!("no seed from 1 to 10 gave folds that kept different numbers of members");
}

#[test]
fn auto_cross_fitted_keeps_every_fold_s_members_in_one_model() {
    let (dir, file) = pu_file("auto-folds", 300, 6);
    let (out, model, dumped) = (
        dir.join("a.json"),
        dir.join("a.ppu"),
        dir.join("scores.csv"),
    );
    // A validation share of 0.5 deals two folds.
    let flags = ["--pretrain-epochs", "1", "--validation-share", "0.5"];
    let output = run_csv(
        &file,
        "auto",
        "2",
        &out,
        &[
            &flags[..],
            &["--auto-folds", "2", "--save-model", arg(&model)],
            &["--quiet", "--dump-scores", arg(&dumped)],
        ]
        .concat(),
    );
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let folds = json["folds"].as_array().unwrap();
    assert_eq!(folds.len(), 2, "{json}");
    let mut members = Vec::new();
    for (k, fold) in folds.iter().enumerate() {
        assert_eq!(fold["config"]["split"]["validation_fold"], k, "{fold}");
        assert!(fold["auto"]["standings"].as_array().unwrap().len() > 3);
        members.extend(fold["averaged"]["members"].as_array().unwrap().clone());
    }
    assert_eq!(json["averaged"]["members"].as_array().unwrap(), &members);
    assert!(json["config"]["split"].get("validation_fold").is_none());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains(&format!(
            "kept:  the mean of 2 folds' means ({} classifiers)  acc ",
            members.len()
        )),
        "{stdout}"
    );
    // Each fold's leaderboard under its heading; each fold's validation
    // rows and prior on a line of their own, and no one-split note saying
    // rows were never trained on (every fold trains on the others' rows).
    let stderr = String::from_utf8_lossy(&output.stderr);
    for fold in 1..=2 {
        assert!(
            stdout.contains(&format!("Validation fold {fold} of 2:\n\n| rank |")),
            "{stdout}"
        );
        let rows_line = stderr
            .lines()
            .find(|l| l.starts_with(&format!("fold {fold}: ")) && l.contains(" labeled, "));
        assert!(
            rows_line
                .is_some_and(|l| l.ends_with("set aside to choose the epoch; never trained on")),
            "{stderr}"
        );
        // A fold's estimate comes without the bootstrap spread.
        let prior_line = stderr
            .lines()
            .find(|l| l.starts_with(&format!("fold {fold}: class prior π = ")));
        assert!(prior_line.is_some_and(|l| !l.contains('±')), "{stderr}");
    }
    let mut rows_lines = stderr.lines().filter(|l| l.contains("PU validation rows"));
    assert!(rows_lines.all(|l| l.starts_with("fold ")), "{stderr}");
    assert_eq!(stderr.matches("bootstrap resamples").count(), 0, "{stderr}");
    // The saved model holds every fold's members, and scores the test rows
    // as the run did; the run's accuracy is that of those scores.
    let saved = saved_mean_scores_as_dumped(&model, &file, &pu_csv(300, 6), &dumped, &json);
    assert_eq!(saved.header.members.len(), members.len());
    assert_eq!(saved.header.weights, None, "the folds kept as many");

    // Without a truth column, the share of U called positive is the model's
    // on every unlabeled row of the file (all of them are training rows of
    // some fold, trained on or validated on).
    let plain = dir.join("plain.csv");
    std::fs::write(&plain, with_cells(&pu_csv(300, 6), |_, c| c.truncate(4))).unwrap();
    let (out, model) = (dir.join("p.json"), dir.join("p.ppu"));
    let output = run_auto_without_truth(
        &plain,
        "2",
        &out,
        &[
            &flags[..],
            &["--auto-folds", "2", "--save-model", arg(&model)],
        ]
        .concat(),
    );
    assert!(output.status.success(), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains(" classifiers)  recall "),
        "{output:?}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let labeled: Vec<bool> = pu_csv(300, 6)
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(3) == Some("1"))
        .collect();
    let on_u: Vec<bool> = predicted_rows(&model, &plain)
        .into_iter()
        .zip(&labeled)
        .filter(|(_, l)| !**l)
        .map(|((_, called), _)| called)
        .collect();
    let share = on_u.iter().filter(|c| **c).count() as f64 / on_u.len() as f64;
    let shown = json["averaged"]["kept"]["pu"]["u_positive_rate"]
        .as_f64()
        .unwrap();
    assert!((shown - share).abs() < 1e-9, "{shown} against {share}");
}

#[test]
fn auto_folds_are_refused_outside_auto_s_csv_runs_and_the_share_s_folds() {
    let (dir, file) = pu_file("auto-folds-refused", 60, 2);
    let out = dir.join("r.json");
    for (learner, folds, share, expected) in [
        ("biased-pu", "2", "0.2", "give --learner auto"),
        ("auto", "1", "0.2", "at least 2 folds"),
        (
            "auto",
            "6",
            "0.2",
            "a validation share of 0.2 deals 5 folds; give at most 5",
        ),
    ] {
        let output = run_csv(
            &file,
            learner,
            "1",
            &out,
            &["--auto-folds", folds, "--validation-share", share],
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !output.status.success() && stderr.contains(expected),
            "{stderr}"
        );
    }
    let output = policypu(&[
        "run",
        "--dataset",
        "mnist",
        "--learner",
        "auto",
        "--auto-folds",
        "2",
        "--out",
        arg(&out),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("give --csv"), "{stderr}");
    assert!(!out.exists());
}
