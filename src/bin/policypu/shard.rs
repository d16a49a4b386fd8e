//! `sweep --shard I/N` and `sweep --merge`: a grid cut into N parts that any
//! job scheduler can run on N machines (a Slurm job array, Kubernetes Jobs),
//! each writing its runs to a JSON file, and the tables made from all the
//! files at once. The unit of work is one split (grid point and seed) with
//! every learner row on it, so `auto` shares its candidates' runs as in one
//! process; units are dealt round-robin.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use policypu::report::RunResult;
use serde::{Deserialize, Serialize};

use crate::seeds::Seeds;

/// Part `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part, 1..=count.
    pub index: usize,
    /// How many parts.
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("--shard {s:?}: write I/N with 1 ≤ I ≤ N, e.g. 3/16");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<usize>().map_err(|_| bad())?,
            n.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    /// True when unit `unit` (from 0, in the grid's order) is this part's.
    pub fn owns(&self, unit: usize) -> bool {
        unit % self.count == self.index - 1
    }
}

/// Where a learner row of one split ended: its run and, for `auto`, its
/// candidates' runs; or why it failed.
pub type Outcome = Result<(RunResult, Vec<RunResult>), String>;

/// One trained row: its place in the grid and its outcome.
#[derive(Debug, Serialize, Deserialize)]
pub struct Placed {
    /// Index of the n_l table.
    pub table: usize,
    /// Index of the ρ column.
    pub column: usize,
    /// The seed.
    pub seed: u64,
    /// Index of the learner row.
    pub row: usize,
    /// What it gave.
    pub outcome: Outcome,
}

/// How many n_l tables, ρ columns and learner rows, and which seeds, a
/// grid has: every run a shard file places must lie inside it.
#[derive(Clone, Copy, Debug)]
pub struct GridSize {
    /// n_l tables.
    pub tables: usize,
    /// ρ columns.
    pub columns: usize,
    /// Learner rows.
    pub rows: usize,
    /// Seeds.
    pub seeds: Seeds,
}

impl Placed {
    /// True when its place lies inside a grid of `size`.
    fn inside(&self, size: GridSize) -> bool {
        self.table < size.tables
            && self.column < size.columns
            && self.row < size.rows
            && size.seeds.range().contains(&self.seed)
    }
}

/// What one shard writes.
#[derive(Debug, Serialize, Deserialize)]
pub struct ShardFile {
    /// The grid it belongs to ([`grid_key`]); a merge refuses other grids.
    pub grid: String,
    /// Which part it is, "I/N".
    pub shard: String,
    /// The command and commit that ran it.
    pub provenance: String,
    /// Where it ran.
    pub device: String,
    /// Its wall time in minutes.
    pub minutes: f64,
    /// Its rows.
    pub runs: Vec<Placed>,
}

/// The facts of a sweep that shards and their merge must share.
pub fn grid_key(
    rows: &[String],
    tables: &[Option<usize>],
    rhos: &[Option<f64>],
    seeds: Seeds,
) -> String {
    format!(
        "rows {rows:?}; n_l {tables:?}; ρ {rhos:?}; seeds {}",
        seeds.key()
    )
}

/// A run without what tables never read (curves and the per-example view
/// of U), so shard files stay small.
pub fn slim(mut result: RunResult) -> RunResult {
    for report in &mut result.reports {
        report.curves = Default::default();
        report.unlabeled = None;
    }
    if let Some(averaged) = &mut result.averaged {
        averaged.curves = Default::default();
    }
    result
}

/// Write a shard's runs as JSON.
pub fn write(path: &Path, file: &ShardFile) -> Result<(), String> {
    let text = serde_json::to_string(file).map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Read shard files of the grid `grid`, checking that together they hold
/// every part once.
pub fn load(paths: &[PathBuf], grid: &str, size: GridSize) -> Result<Vec<ShardFile>, String> {
    let mut files = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read shard file {}: {e}", path.display()))?;
        let file: ShardFile = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a sweep shard file: {e}", path.display()))?;
        if file.grid != grid {
            return Err(format!(
                "{} belongs to another sweep ({}); merge with the shards' own flags ({grid} here)",
                path.display(),
                file.grid
            ));
        }
        if let Some(p) = file.runs.iter().find(|p| !p.inside(size)) {
            return Err(format!(
                "{} is damaged: it places a run outside its grid (table {}, column {}, row {}, \
                 seed {}); run that shard again",
                path.display(),
                p.table,
                p.column,
                p.row,
                p.seed
            ));
        }
        files.push(file);
    }
    let parts: Vec<Shard> = files
        .iter()
        .map(|f| f.shard.parse())
        .collect::<Result<_, _>>()?;
    let count = parts.first().map_or(0, |p| p.count);
    let missing: Vec<String> = (1..=count)
        .filter(|i| !parts.iter().any(|p| p.index == *i && p.count == count))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if count == 0 || !missing.is_empty() || parts.len() != count {
        return Err(format!(
            "the merge needs each of the {count} shards exactly once; missing: {}; given: {}",
            if missing.is_empty() {
                "none".into()
            } else {
                missing.join(", ")
            },
            files
                .iter()
                .map(|f| f.shard.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_deal_units_round_robin() {
        let s: Shard = "2/3".parse().unwrap();
        let owned: Vec<usize> = (0..7).filter(|&u| s.owns(u)).collect();
        assert_eq!(owned, vec![1, 4]);
        for bad in ["0/3", "4/3", "3", "a/b"] {
            assert!(bad.parse::<Shard>().unwrap_err().contains("I/N"), "{bad}");
        }
    }

    #[test]
    fn a_merge_refuses_a_missing_or_foreign_shard() {
        let dir = std::env::temp_dir().join(format!("policypu-shards-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let size = GridSize {
            tables: 1,
            columns: 1,
            rows: 2,
            seeds: Seeds { first: 1, count: 1 },
        };
        let placed = |row: usize| Placed {
            table: 0,
            column: 0,
            seed: 1,
            row,
            outcome: Err("failed".into()),
        };
        let file = |shard: &str, grid: &str, runs: Vec<Placed>| {
            let path = dir.join(shard.replace('/', "-"));
            let f = ShardFile {
                grid: grid.into(),
                shard: shard.into(),
                provenance: String::new(),
                device: String::new(),
                minutes: 0.0,
                runs,
            };
            write(&path, &f).unwrap();
            path
        };
        let (a, b) = (
            file("1/2", "g", vec![placed(0)]),
            file("2/2", "g", vec![placed(1)]),
        );
        assert_eq!(load(&[a.clone(), b.clone()], "g", size).unwrap().len(), 2);
        assert!(
            load(std::slice::from_ref(&a), "g", size)
                .unwrap_err()
                .contains("missing: 2/2")
        );
        assert!(
            load(&[a.clone(), b], "other", size)
                .unwrap_err()
                .contains("another sweep")
        );
        // A hand-edited file placing a run in a third row.
        let damaged = file("2/2", "g", vec![placed(2)]);
        assert!(load(&[a, damaged], "g", size).unwrap_err().contains(
            "is damaged: it places a run outside its grid (table 0, column 0, row 2, seed 1)"
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
