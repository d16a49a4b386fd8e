//! Checking the files a command will write before it does any work: each
//! names a file in a folder that exists, none is a file the command reads
//! (writing it would destroy the user's data), and no two are the same file.

use std::path::{Path, PathBuf};

use crate::args::RunArgs;

/// A file named on the command line, with the flag that named it.
#[derive(Clone, Copy)]
pub struct Named<'a> {
    /// The flag, `--out`.
    pub flag: &'static str,
    /// The file.
    pub path: &'a Path,
}

impl<'a> Named<'a> {
    /// `path`, named by `flag`, if given.
    pub fn given(flag: &'static str, path: Option<&'a Path>) -> Option<Self> {
        path.map(|path| Self { flag, path })
    }
}

/// The files a run's settings read: its CSV file and its `--config` file.
pub fn run_inputs(run: &RunArgs) -> impl Iterator<Item = Named<'_>> {
    Named::given("--csv", run.csv.as_deref())
        .into_iter()
        .chain(Named::given("--config", run.config.as_deref()))
}

/// Refuses, before any work, an output that names a folder or lies in a
/// folder that does not exist (found otherwise only once the work is done),
/// one that is a file the command reads, and two outputs naming one file.
pub fn check_outputs<'a>(
    outputs: impl IntoIterator<Item = Named<'a>>,
    inputs: impl IntoIterator<Item = Named<'a>>,
) -> Result<(), String> {
    let inputs: Vec<(Named<'a>, Option<PathBuf>)> = inputs
        .into_iter()
        .map(|input| (input, identity(input.path)))
        .collect();
    let mut written: Vec<(Named<'a>, Option<PathBuf>)> = Vec::new();
    for output in outputs {
        check_output_folder(output.path)?;
        let same = identity(output.path);
        let is = |(_, other): &&(Named<'a>, Option<PathBuf>)| same.is_some() && *other == same;
        if let Some((input, _)) = inputs.iter().find(is) {
            return Err(format!(
                "cannot write {} ({}): it is the file {} reads, which would be lost. Name \
                 another file for {}.",
                output.path.display(),
                output.flag,
                input.flag,
                output.flag
            ));
        }
        if let Some((earlier, _)) = written.iter().find(is) {
            return Err(format!(
                "cannot write {} for both {} and {}: name a file for each.",
                output.path.display(),
                earlier.flag,
                output.flag
            ));
        }
        written.push((output, same));
    }
    Ok(())
}

/// What a path names, with links and `..` resolved: the file if it exists,
/// else its name in its folder; None if the folder cannot be resolved.
fn identity(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok().or_else(|| {
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
        let folder = std::fs::canonicalize(folder.unwrap_or(Path::new("."))).ok()?;
        Some(folder.join(path.file_name()?))
    })
}

/// Refuses an output file that names a folder or lies in a folder that
/// does not exist.
fn check_output_folder(path: &Path) -> Result<(), String> {
    let names_folder = path.is_dir() || path.as_os_str().to_string_lossy().ends_with(['/', '\\']);
    if names_folder {
        return Err(format!(
            "cannot write {}: it names a folder, and a file is needed. Name a file in it.",
            path.display()
        ));
    }
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if folder.is_dir() {
        Ok(())
    } else {
        Err(format!(
            "cannot write {}: the folder {} does not exist. Create it, or name another file.",
            path.display(),
            folder.display()
        ))
    }
}
