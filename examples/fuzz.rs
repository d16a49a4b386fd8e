//! Fuzz harness for every reader of outside bytes: CSV reading (with column
//! roles), preview and rows to score, share links, base64url, CSV data in
//! links, saved models, `.pubin` files plain and gzipped.
//!
//! For each reader it runs N cases (default 1,000,000) from a seeded RNG:
//! mutations of valid inputs (the example CSVs, real share links, a tiny
//! `.pubin`, a model file), built with tokens that mean something to the
//! reader (separators, quotes, line ends, byte order marks, `%` escapes,
//! huge u32 fields), plus random bytes and, now and then, large inputs made
//! of one token repeated. Each case runs under `catch_unwind`, timed (a case
//! over 20 ms by the fastest of three runs), with a counting global
//! allocator measuring its peak heap bytes. Then it checks
//! that 100% of N random valid run configurations survive a share link.
//!
//! Per reader it prints: cases, panics (the first panicking input is saved
//! under `fuzz-failures/`), the slowest input, and the worst peak memory
//! against input size. Targets: no panic, no input over 1 s, and peak heap
//! at most 4 × the input size + 128 KiB (`tests/heap`). For gzip readers the size
//! is that of the data the input holds (the larger of compressed and
//! unpacked), since unpacking is their job; for CSV readers, that of the
//! file's text in UTF-8 (a Windows-1252 file's is up to 3 times its bytes),
//! since the text is what they hold.
//!
//! Run it with `scripts/fuzz.sh [CASES] [SEED]`.

#[path = "../tests/arbitrary/mod.rs"]
mod arbitrary;
#[path = "../tests/heap/mod.rs"]
mod heap;

use policypu::keyed::Keyed;
use std::io::{Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use policypu::config::{DataConfig, Learner, ModelPreset, RunConfig};
use policypu::data::column_guess::suggest_columns;
use policypu::data::csv::{
    CsvColumns, IdColumn, MAX_COLUMNS, MAX_CSV_BYTES, MissingValues, ScoringGaps,
    guess_positive_value, preview_csv, read_csv, read_feature_rows,
};
use policypu::data::examples::EXAMPLE_CSVS;
use policypu::data::pubin::{MAX_PUBIN_BYTES, parse_pubin, parse_pubin_gz};
use policypu::data::standardise::Standardiser;
use policypu::data::tabular_features::{Input, TabularFeatures};
use policypu::data::tasks::BuiltinDataset;
use policypu::page::lessons::PageView;
use policypu::page::share::{LinkCsv, from_hash, to_hash};
use policypu::page::{base64url, link_data};
use policypu::rng::PortableRng;
use policypu::saved_model::{Member, ModelHeader, ModelInput, SavedFrom, SavedModel, created_by};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// Longest a case may take.
const MAX_CASE_TIME: Duration = Duration::from_secs(1);
/// Cases slower than this are run twice more and timed by their fastest
/// run, so that pauses of a busy machine are not blamed on the input.
const RETIME_ABOVE: Duration = Duration::from_millis(20);
/// Largest input a mutation may grow to.
const MAX_INPUT_BYTES: usize = 1024 * 1024;
/// Inputs this large show how memory grows with size, past the floor.
const LARGE_INPUT_BYTES: usize = 64 * 1024;
/// Where failing inputs are written.
const FAILURES_DIR: &str = "fuzz-failures";

/// The last panic's message, kept by the panic hook.
static PANIC_MESSAGE: Mutex<Option<String>> = Mutex::new(None);

/// One reader under test.
struct Target {
    /// Name in the report and in saved file names.
    name: &'static str,
    /// Valid inputs that mutations start from.
    seeds: Vec<Vec<u8>>,
    /// Tokens that mean something to this reader.
    tokens: &'static [&'static [u8]],
    /// Whether the reader takes text: its inputs are made valid UTF-8
    /// before they are timed and measured, as a page's hash or a file's
    /// decoded text is.
    text: bool,
    /// Feeds one input to the reader.
    run: fn(&[u8]),
    /// The size an input's memory is judged against.
    size: fn(&[u8]) -> usize,
}

/// What one reader did over all its cases.
#[derive(Default)]
struct Tally {
    cases: u64,
    panics: u64,
    first_panic: Option<String>,
    slowest: (Duration, usize),
    /// Most of its memory budget a case used, with its peak and size.
    worst_budget: (f64, usize, usize),
    /// Largest peak / size among inputs of at least [`LARGE_INPUT_BYTES`].
    worst_large: f64,
    over_memory: u64,
    over_time: u64,
}

const CSV_TOKENS: &[&[u8]] = &[
    b",",
    b";",
    b"\t",
    b"\"",
    b"\"\"",
    b"\n",
    b"\r",
    b"\r\n",
    b"\xef\xbb\xbf",
    b"\0",
    b" ",
    b"nan",
    b"inf",
    b"-3.4e38",
    b"3.4e38",
    b"1e999",
    b"1,5",
    b"-0,25e2",
    b"\"1,000.5\"",
    b"-12,345,678",
    b"1.200,5",
    b"1\xc2\xa0200,5",
    b"12\xe2\x80\xaf345",
    b"(column 1)",
    b"$",
    b"\xe2\x82\xac",
    b"%",
    b"-12,50 \xe2\x82\xac",
    b"2024-02-29",
    b"T23:59:59.5Z",
    b"PK\x03\x04",
    b"[{\"",
    b"\x00",
    b"sep=",
    b"sep=;\n",
    b"yes",
    b"P",
    b"U",
    b"pos",
    b"benign",
    b"labeled",
    b"\xff",
    b"\xff\xfe",
    b"\xfe\xff",
    b"\xc3",
    b"0",
    b"1",
    b"-1",
    b"+1",
    b"-0",
    b"\x1b[31m",
    b"x",
];
const LINK_TOKENS: &[&[u8]] = &[
    b"&",
    b"=",
    b"~",
    b",",
    b"%",
    b"%2C",
    b"%7E",
    b"%00",
    b"%ff",
    b"%zz",
    b"+",
    b"#",
    b".",
    b"data.kind=csv",
    b"data.kind=builtin",
    b"data.columns.features=",
    b"data.columns.truth=",
    b"data.columns.truth_value=",
    b"data.positive_classes=",
    b"split.rho=",
    b"nnpu.prior=",
    b"optim.epochs=2000",
    b"optim.batch_size=2",
    b"learner=",
    b"csv=",
    b"autorun=1",
    b"1e-400",
    b"1e400",
    b"-0",
    b"18446744073709551616",
    b"256",
    b"\xff",
];
const BASE64_TOKENS: &[&[u8]] = &[
    b"=",
    b"-",
    b"_",
    b"+",
    b"/",
    b"A",
    b"\n",
    b" ",
    b"H4sI",
    b"\xc3\xa9",
];
const BINARY_TOKENS: &[&[u8]] = &[
    b"\0\0\0\0",
    b"\xff\xff\xff\xff",
    b"\0\0\0\x80",
    b"\0\0\x01\0",
    b"\x01\0\0\0",
    b"PUDS",
    b"PPUMODEL",
    b"{",
    b"}",
    b"\"",
    b"null",
    b"1e999",
    b"\x1f\x8b\x08\0",
];

fn main() {
    let mut args = std::env::args().skip(1);
    let cases: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut message) = PANIC_MESSAGE.lock() {
            *message = Some(info.to_string());
        }
    }));
    println!("policypu fuzz: {cases} cases per target, seed {seed}");
    println!(
        "limits: no panic; each case under {} ms; peak heap ≤ {} × input + {} KiB",
        MAX_CASE_TIME.as_millis(),
        heap::BYTES_PER_INPUT_BYTE,
        heap::FLOOR_BYTES / 1024
    );
    println!(
        "budget: the largest share of that limit a case used (over 1 misses it), with the \
         case's peak and input bytes; peak/input: the worst ratio among inputs of {} KiB or more",
        LARGE_INPUT_BYTES / 1024
    );
    println!(
        "{:<17} {:>8} {:>6} {:>12} {:>9} {:>7} {:>10} {:>9} {:>10} {:>5}",
        "target",
        "cases",
        "panics",
        "slowest ms",
        "its bytes",
        "budget",
        "its peak",
        "its input",
        "peak/input",
        "over"
    );
    let mut failed = false;
    for (index, target) in targets().iter().enumerate() {
        let mut rng = PortableRng::new(seed, 100 + index as u64);
        let tally = fuzz(target, cases, &mut rng);
        failed |= tally.panics > 0 || tally.over_memory > 0 || tally.over_time > 0;
        println!(
            "{:<17} {:>8} {:>6} {:>12.2} {:>9} {:>7.3} {:>10} {:>9} {:>10.2} {:>5}",
            target.name,
            tally.cases,
            tally.panics,
            tally.slowest.0.as_secs_f64() * 1e3,
            tally.slowest.1,
            tally.worst_budget.0,
            tally.worst_budget.1,
            tally.worst_budget.2,
            tally.worst_large,
            tally.over_memory + tally.over_time,
        );
        if let Some(message) = tally.first_panic {
            println!("  first panic: {message}");
        }
    }
    let (kept, tried, first_loss) = share_round_trips(cases, seed);
    println!(
        "share round trip: {kept} of {tried} random valid configurations survived to_hash → from_hash ({:.3}%)",
        100.0 * kept as f64 / tried.max(1) as f64
    );
    if let Some(loss) = first_loss {
        println!("  first loss: {loss}");
        failed = true;
    }
    println!("{}", if failed { "FAILED" } else { "all targets met" });
    if failed {
        std::process::exit(1);
    }
}

/// Runs `cases` inputs through one target.
fn fuzz(target: &Target, cases: u64, rng: &mut PortableRng) -> Tally {
    let mut tally = Tally::default();
    for _ in 0..cases {
        let mut input = next_input(target, rng);
        if target.text {
            input = String::from_utf8_lossy(&input).into_owned().into_bytes();
        }
        let size = (target.size)(&input);
        let started = Instant::now();
        let (outcome, peak) =
            heap::peak_of(|| catch_unwind(AssertUnwindSafe(|| (target.run)(&input))));
        let mut elapsed = started.elapsed();
        if outcome.is_ok() && elapsed > RETIME_ABOVE {
            for _ in 0..2 {
                let started = Instant::now();
                (target.run)(&input);
                elapsed = elapsed.min(started.elapsed());
            }
        }
        tally.cases += 1;
        if outcome.is_err() {
            tally.panics += 1;
            if tally.first_panic.is_none() {
                let message = PANIC_MESSAGE
                    .lock()
                    .ok()
                    .and_then(|mut m| m.take())
                    .unwrap_or_default();
                let file = save(target.name, "panic", &input);
                tally.first_panic = Some(format!("{message} (input saved to {file})"));
            }
        }
        if elapsed > tally.slowest.0 {
            tally.slowest = (elapsed, input.len());
        }
        if elapsed > MAX_CASE_TIME {
            tally.over_time += 1;
            save(target.name, "slow", &input);
        }
        let used = peak as f64 / heap::budget(size) as f64;
        if used > tally.worst_budget.0 {
            tally.worst_budget = (used, peak, size);
        }
        if size >= LARGE_INPUT_BYTES {
            tally.worst_large = tally.worst_large.max(peak as f64 / size as f64);
        }
        if used > 1.0 {
            tally.over_memory += 1;
            if tally.over_memory == 1 {
                save(target.name, "memory", &input);
            }
        }
    }
    tally
}

/// Writes an input under [`FAILURES_DIR`]; the file's path.
fn save(target: &str, what: &str, input: &[u8]) -> String {
    let path = format!("{FAILURES_DIR}/{target}-{what}.bin");
    let written = std::fs::create_dir_all(FAILURES_DIR).and_then(|()| std::fs::write(&path, input));
    match written {
        Ok(()) => path,
        Err(error) => format!("nowhere: {error}"),
    }
}

/// The next input: mostly a mutated seed, sometimes random bytes or tokens,
/// rarely a large input of one repeated token.
fn next_input(target: &Target, rng: &mut PortableRng) -> Vec<u8> {
    let pick = |rng: &mut PortableRng, n: usize| rng.below(n as u64) as usize;
    match rng.below(1000) {
        0 => {
            let token = target.tokens[pick(rng, target.tokens.len())];
            let seed = &target.seeds[pick(rng, target.seeds.len())];
            let repeats = 1 + pick(rng, MAX_INPUT_BYTES / token.len().max(1));
            let mut input = seed
                .get(..pick(rng, seed.len() + 1))
                .unwrap_or_default()
                .to_vec();
            for _ in 0..repeats {
                input.extend_from_slice(token);
            }
            input.extend_from_slice(seed);
            input.truncate(MAX_INPUT_BYTES);
            input
        }
        1..=40 => (0..pick(rng, 512)).map(|_| rng.below(256) as u8).collect(),
        41..=80 => (0..pick(rng, 64))
            .flat_map(|_| target.tokens[pick(rng, target.tokens.len())].to_vec())
            .collect(),
        _ => {
            let mut input = target.seeds[pick(rng, target.seeds.len())].clone();
            for _ in 0..1 + pick(rng, 8) {
                mutate(&mut input, target, rng);
            }
            input
        }
    }
}

/// One structure-aware edit.
fn mutate(input: &mut Vec<u8>, target: &Target, rng: &mut PortableRng) {
    let pick = |rng: &mut PortableRng, n: usize| rng.below(n.max(1) as u64) as usize;
    let at = pick(rng, input.len() + 1);
    match rng.below(8) {
        0 if at < input.len() => input[at] = rng.below(256) as u8,
        1 => {
            let token = target.tokens[pick(rng, target.tokens.len())];
            input.splice(at..at, token.iter().copied());
        }
        2 => {
            let end = (at + pick(rng, 64)).min(input.len());
            input.drain(at..end);
        }
        3 => {
            let end = (at + 1 + pick(rng, 32)).min(input.len());
            let part = input.get(at..end).unwrap_or_default().to_vec();
            for _ in 0..pick(rng, 64) {
                if input.len() + part.len() > MAX_INPUT_BYTES {
                    break;
                }
                input.splice(at..at, part.iter().copied());
            }
        }
        4 if at + 4 <= input.len() => {
            let values = [
                0u32,
                1,
                2,
                255,
                256,
                65_536,
                0x7fff_ffff,
                0x8000_0000,
                u32::MAX,
            ];
            let value = values[pick(rng, values.len())];
            input[at..at + 4].copy_from_slice(&value.to_le_bytes());
        }
        5 => {
            let other = &target.seeds[pick(rng, target.seeds.len())];
            let from = pick(rng, other.len());
            let part = &other[from..(from + pick(rng, 256)).min(other.len())];
            input.splice(at..at, part.iter().copied());
        }
        6 => input.truncate(at),
        _ => {
            let token = target.tokens[pick(rng, target.tokens.len())];
            if at + token.len() <= input.len() {
                input[at..at + token.len()].copy_from_slice(token);
            }
        }
    }
    input.truncate(MAX_INPUT_BYTES);
}

/// A file as wide as the reader takes ([`MAX_COLUMNS`] one-letter
/// columns), in three rows of numbers.
fn widest_csv() -> Vec<u8> {
    let line = |cell: &str| vec![cell; MAX_COLUMNS].join(",") + "\n";
    [line("a"), line("1"), line("2"), line("3")]
        .concat()
        .into_bytes()
}

fn targets() -> Vec<Target> {
    let csvs: Vec<Vec<u8>> = EXAMPLE_CSVS
        .iter()
        .map(|example| {
            std::fs::read(format!("public/examples/{}", example.file))
                .unwrap_or_else(|e| panic!("run from the repository root: {}: {e}", example.file))
        })
        .chain([b"x,labeled\n1,1\n2,0\n".to_vec(), widest_csv()])
        // Excel's "Unicode Text": UTF-16 with its byte order mark, tabs;
        // and pandas' "utf-16-le", without the mark.
        .chain([&[0xff, 0xfe][..], &[]].map(|mark| {
            mark.iter()
                .copied()
                .chain(
                    "x\tlabeled\r\n1,5\t1\r\n2,5\t0\r\n"
                        .encode_utf16()
                        .flat_map(u16::to_le_bytes),
                )
                .collect()
        }))
        .collect();
    let links: Vec<Vec<u8>> = csvs
        .iter()
        .filter_map(|csv| link_data::encode(csv).ok())
        .map(String::into_bytes)
        .collect();
    let hashes = share_links(
        links
            .first()
            .map(|l| String::from_utf8_lossy(l).into_owned()),
    );
    let pubin = tiny_pubin();
    vec![
        Target {
            name: "csv_read",
            text: false,
            seeds: csvs.clone(),
            tokens: CSV_TOKENS,
            run: |input| {
                let _ = read_csv(input, &example_columns(input));
            },
            size: csv_text_len,
        },
        Target {
            name: "csv_preview",
            text: false,
            seeds: csvs.clone(),
            tokens: CSV_TOKENS,
            run: |input| {
                if let Ok(preview) = preview_csv(input, 10) {
                    let columns = suggest_columns(&preview, &CsvColumns::default());
                    let _ = guess_positive_value(input, &columns);
                }
            },
            size: csv_text_len,
        },
        Target {
            name: "csv_feature_rows",
            text: false,
            seeds: csvs,
            tokens: CSV_TOKENS,
            run: |input| {
                let columns = example_columns(input);
                let names = ["mean_radius", "alcohol", "x", "y", "proline"].map(String::from);
                let mut names: Vec<Input> = names[input.len() % 3..]
                    .iter()
                    .cloned()
                    .map(Input::Number)
                    .collect();
                // A quarter of the cases read a column of categories too.
                if input.len() % 4 == 1 {
                    names.extend(["benign", "malignant"].map(|value| Input::Category {
                        column: "diagnosis".into(),
                        value: value.into(),
                    }));
                }
                let fill = vec![0.0; names.len()];
                let gaps = ScoringGaps {
                    choice: MissingValues::ALL[input.len() % MissingValues::ALL.len()],
                    fill: &fill,
                };
                let _ = read_feature_rows(
                    input,
                    &names,
                    columns.truth.as_deref(),
                    columns.truth_value.as_deref(),
                    &IdColumn::Guessed,
                    gaps,
                );
            },
            size: csv_text_len,
        },
        Target {
            name: "share_link",
            text: true,
            seeds: hashes,
            tokens: LINK_TOKENS,
            run: |input| {
                let _ = from_hash(text_of(input));
            },
            size: <[u8]>::len,
        },
        Target {
            name: "base64url",
            text: true,
            seeds: links.clone(),
            tokens: BASE64_TOKENS,
            run: |input| {
                let _ = base64url::decode(text_of(input));
            },
            size: <[u8]>::len,
        },
        Target {
            name: "link_csv_data",
            text: true,
            seeds: links,
            tokens: BASE64_TOKENS,
            run: |input| {
                let _ = link_data::decode(text_of(input));
            },
            size: |input| {
                let unpacked = base64url::decode(text_of(input))
                    .map_or(0, |packed| gunzipped_len(&packed, MAX_CSV_BYTES));
                input.len().max(unpacked)
            },
        },
        Target {
            name: "saved_model",
            text: false,
            seeds: model_files(),
            tokens: BINARY_TOKENS,
            run: |input| {
                let _ = SavedModel::from_bytes(input);
            },
            size: <[u8]>::len,
        },
        Target {
            name: "pubin",
            text: false,
            seeds: vec![pubin.clone()],
            tokens: BINARY_TOKENS,
            run: |input| {
                let _ = parse_pubin(input);
            },
            size: <[u8]>::len,
        },
        Target {
            name: "pubin_gz",
            text: false,
            seeds: vec![gzipped(&pubin)],
            tokens: BINARY_TOKENS,
            run: |input| {
                let _ = parse_pubin_gz(input);
            },
            size: |input| input.len().max(gunzipped_len(input, MAX_PUBIN_BYTES)),
        },
    ]
}

/// The length of a CSV file's text in UTF-8, which the readers hold: its
/// bytes for a UTF-8 file; for a UTF-16 one, the UTF-8 it decodes to and a
/// quarter more, as that decoded copy is held whole beside the reader's own
/// work on it (so its budget is 4 bytes per byte of text, and the copy):
/// with its byte order mark, decoded in that order; without, an input
/// with a zero byte among its first 64 (as the reader's test for such a
/// file needs) is judged by the larger of both orders and its other
/// readings. For one read as Windows-1252, two bytes for each byte from
/// 0xA0 and at most three for each from 0x80 to 0x9F (€ is three, ƒ two),
/// as gzipped inputs are judged against what they unpack to.
fn csv_text_len(input: &[u8]) -> usize {
    let utf16 = |unit: fn([u8; 2]) -> u16, mark: usize| {
        let (pairs, _) = input[mark..].as_chunks::<2>();
        let decoded: usize = char::decode_utf16(pairs.iter().map(|&pair| unit(pair)))
            .map(|c| c.map_or(3, char::len_utf8))
            .sum();
        (decoded + decoded / 4).max(input.len())
    };
    match input {
        [0xff, 0xfe, ..] => utf16(u16::from_le_bytes, 2),
        [0xfe, 0xff, ..] => utf16(u16::from_be_bytes, 2),
        _ if input.iter().take(64).any(|&b| b == 0) => utf16(u16::from_le_bytes, 0)
            .max(utf16(u16::from_be_bytes, 0))
            .max(one_byte_text_len(input)),
        _ => one_byte_text_len(input),
    }
}

/// [`csv_text_len`] of a file read as UTF-8 or Windows-1252.
fn one_byte_text_len(input: &[u8]) -> usize {
    if std::str::from_utf8(input).is_ok() {
        return input.len();
    }
    input
        .iter()
        .map(|&byte| match byte {
            0x80..=0x9F => 3,
            0xA0..=0xFF => 2,
            _ => 1,
        })
        .sum()
}

/// The input of a text reader, which the harness made valid UTF-8.
fn text_of(input: &[u8]) -> &str {
    std::str::from_utf8(input).unwrap_or_default()
}

/// One of the example files' column choices, or the default, by input length.
fn example_columns(input: &[u8]) -> CsvColumns {
    let columns = EXAMPLE_CSVS
        .get(input.len() % (EXAMPLE_CSVS.len() + 1))
        .map_or_else(CsvColumns::default, |example| example.columns());
    // Half the lengths read the truth column as class names, by a value.
    CsvColumns {
        truth_value: (input.len() / (EXAMPLE_CSVS.len() + 1) % 2 == 1).then(|| "benign".to_owned()),
        ..columns
    }
}

/// Real share links: defaults, the paper's settings, a CSV run with the
/// example's columns and, when given, its data.
fn share_links(csv_data: Option<String>) -> Vec<Vec<u8>> {
    let csv_run = RunConfig {
        data: DataConfig::Csv {
            columns: EXAMPLE_CSVS[2].columns(),
        },
        ..RunConfig::default()
    };
    vec![
        to_hash(
            &RunConfig::default(),
            false,
            &LinkCsv::default(),
            &PageView::default(),
        ),
        to_hash(
            &RunConfig::paper(
                BuiltinDataset::Cifar10,
                policypu::config::Learner::Separator,
            ),
            true,
            &LinkCsv::default(),
            &PageView::default(),
        ),
        policypu::page::lessons::LESSONS[2].hash(),
        to_hash(
            &csv_run,
            true,
            &LinkCsv {
                name: Some(EXAMPLE_CSVS[2].file.to_string()),
                data: csv_data,
            },
            &PageView::default(),
        ),
    ]
    .into_iter()
    .map(|hash| format!("#{hash}").into_bytes())
    .collect()
}

/// A valid `.pubin` file: four 1×2×2 images in three classes.
fn tiny_pubin() -> Vec<u8> {
    let mut bytes = b"PUDS".to_vec();
    for field in [1u32, 4, 1, 2, 2, 3] {
        bytes.extend(field.to_le_bytes());
    }
    bytes.extend([0u8, 1, 2, 1]);
    bytes.extend((0..16u8).map(|i| i * 16));
    bytes
}

/// Valid model files: a CSV model, an MNIST one, a CSV model averaging
/// two classifiers, and one weighing them unequally.
fn model_files() -> Vec<Vec<u8>> {
    let csv = ModelHeader {
        created_by: created_by(),
        config: RunConfig {
            data: DataConfig::Csv {
                columns: CsvColumns::default(),
            },
            ..RunConfig::default()
        },
        input: ModelInput::Tabular(TabularFeatures {
            inputs: vec![
                Input::Number("a".into()),
                Input::Category {
                    column: "b".into(),
                    value: "x".into(),
                },
            ],
            standardiser: Standardiser {
                mean: vec![1.0, -2.0],
                std: vec![2.0, 0.5],
            },
        }),
        members: vec![Member::of(&RunConfig::default())],
        weights: None,
        saved: Some(SavedFrom::new(Some("churn.csv"), 1_796_157_060)),
    };
    let image = ModelHeader {
        created_by: created_by(),
        config: RunConfig::default(),
        input: ModelInput::Builtin {
            shape: BuiltinDataset::Mnist.shape(),
        },
        members: vec![Member::of(&RunConfig::default())],
        weights: None,
        saved: None,
    };
    let mut averaging = csv.clone();
    averaging.members.push(Member {
        learner: Learner::Vpu,
        model: ModelPreset::Linear,
    });
    let weighted = ModelHeader {
        weights: Some(vec![0.25, 0.75]),
        ..averaging.clone()
    };
    [csv, image, averaging, weighted]
        .into_iter()
        .filter_map(|header| {
            SavedModel {
                classifier_records: vec![vec![7; 40]; header.members.len()],
                header,
            }
            .to_bytes()
            .ok()
        })
        .collect()
}

fn gzipped(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// Bytes the gzip data unpacks to before it ends or breaks, counted up to
/// `limit` + 1 without keeping them.
fn gunzipped_len(gz: &[u8], limit: usize) -> usize {
    let mut decoder = flate2::bufread::GzDecoder::new(gz);
    let mut chunk = [0u8; 8192];
    let mut total = 0;
    while total <= limit {
        match decoder.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(read) => total += read,
        }
    }
    total
}

/// Of `cases` random valid configurations (the property tests' strategy,
/// seeded), how many read back from their link unchanged; the first that
/// did not, in words.
fn share_round_trips(cases: u64, seed: u64) -> (u64, u64, Option<String>) {
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
    );
    let strategy = arbitrary::valid_run_config();
    let (mut kept, mut tried, mut first_loss) = (0, 0, None);
    while tried < cases {
        let Ok(tree) = strategy.new_tree(&mut runner) else {
            continue;
        };
        let config = tree.current();
        tried += 1;
        let hash = to_hash(&config, true, &LinkCsv::default(), &PageView::default());
        let run = catch_unwind(|| from_hash(&hash));
        match run {
            Ok(run) if run.config == config && run.notices.is_empty() => kept += 1,
            other => {
                if first_loss.is_none() {
                    first_loss = Some(format!("{config:?} → {:?}", other.map(|r| r.notices)));
                }
            }
        }
    }
    (kept, tried, first_loss)
}
