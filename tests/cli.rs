//! The `policypu` binary end to end on the shipped MNIST subset.

use std::process::Command;

use policypu::report::RunResult;

#[test]
fn run_writes_reports_and_scores() {
    let dir = std::env::temp_dir().join(format!("policypu-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
        .status()
        .unwrap();
    assert!(status.success());
    let result: RunResult = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(result.reports.len(), 5 + 5 + 5);
    let accuracy = result.last().unwrap().test.accuracy.unwrap();
    assert!(accuracy > 0.8, "accuracy {accuracy}");
    let csv = std::fs::read_to_string(&scores).unwrap();
    assert_eq!(csv.lines().next(), Some("index,score,label"));
    assert_eq!(csv.lines().count(), 1 + 3000);
}

#[test]
fn bad_flags_fail_with_a_message() {
    let output = Command::new(env!("CARGO_BIN_EXE_policypu"))
        .args(["run", "--rho", "1.5", "--epochs", "1"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("split.rho"), "{stderr}");
}
