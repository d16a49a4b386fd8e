//! Where a results file came from: the command and the commit.

/// The command line and the commit it ran at, for a results file's head.
pub fn provenance() -> String {
    let command: Vec<String> = std::env::args().skip(1).collect();
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    // A copy of the tree whose .git is absent or stale (a cluster's scratch
    // copy) names its commit in POLICYPU_COMMIT, which then wins over git.
    let named = std::env::var("POLICYPU_COMMIT").ok();
    let commit = named
        .clone()
        .or_else(|| git(&["rev-parse", "HEAD"]))
        .unwrap_or_else(|| "unknown (not a git checkout)".into());
    let dirty = git(&[
        "status",
        "--porcelain",
        "--untracked-files=no",
        "--",
        "src",
        "Cargo.toml",
        "Cargo.lock",
    ])
    .is_some_and(|s| !s.is_empty())
        && named.is_none();
    format!(
        "Command: `policypu {}`\n\nCommit: {commit}{}\n",
        command.join(" "),
        if dirty {
            " (with uncommitted changes to the source)"
        } else {
            ""
        }
    )
}
