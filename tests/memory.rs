//! Hostile inputs cost memory in proportion to their size: at most 4 bytes
//! of heap per input byte (for a UTF-16 file, per byte of the UTF-8 text it
//! decodes to, and that decoded copy) plus 128 KiB, measured with the
//! counting allocator of `tests/heap`, as the fuzzer measures it.
//! One test, so no other test allocates while it measures.

mod heap;

use policypu::data::column_guess::suggest_columns;
use policypu::data::csv::{
    CsvColumns, CsvError, MissingValues, guess_positive_value, preview_csv, read_csv,
};
use policypu::page::share::from_hash;

/// Fails unless `peak` is within the budget for `input` bytes.
fn assert_within_budget(what: &str, peak: usize, input: usize) {
    let budget = heap::budget(input);
    assert!(
        peak <= budget,
        "{what}: {peak} bytes of heap for {input} bytes of input (budget {budget})"
    );
}

#[test]
fn hostile_inputs_cost_memory_in_proportion_to_their_size() {
    // A header of 8 million separators: one column each used to cost about
    // 70 bytes (a String and the record's field bounds), 570 MB here.
    let header = format!("a{}\n1\n", ",".repeat(8 * 1024 * 1024));
    let (result, peak) = heap::peak_of(|| read_csv(header.as_bytes(), &CsvColumns::default()));
    assert!(
        matches!(result, Err(CsvError::TooManyColumns { found, .. }) if found == 8 * 1024 * 1024 + 1)
    );
    assert_within_budget("comma header", peak, header.len());

    let (result, peak) = heap::peak_of(|| preview_csv(header.as_bytes(), 10));
    assert!(matches!(result, Err(CsvError::TooManyColumns { .. })));
    assert_within_budget("comma header, preview", peak, header.len());

    // The same in Windows-1252 (an é, 0xE9, makes it so), where the header
    // line is decoded as a whole; and its quote left open, so that the
    // header line runs to the end of the file.
    for (what, text) in [
        (
            "Windows-1252 comma header",
            header.replacen('a', "\u{e9}", 1),
        ),
        (
            "Windows-1252 open quote",
            header.replacen('a', "\"\u{e9}", 1),
        ),
    ] {
        let bytes: Vec<u8> = text.chars().map(|c| c as u8).collect();
        let (result, peak) = heap::peak_of(|| read_csv(&bytes, &CsvColumns::default()));
        assert!(
            matches!(
                result,
                Err(CsvError::TooManyColumns { .. } | CsvError::UnclosedQuote { .. })
            ),
            "{what}: {result:?}"
        );
        assert_within_budget(what, peak, bytes.len());
    }

    // The same header in UTF-16, decoded to UTF-8 as a whole first; and a
    // name of a million CJK characters, 2 bytes each in UTF-16 and 3 in
    // UTF-8, the costliest text to decode. Judged, as the fuzz harness
    // judges it, against the text in UTF-8 the reader holds, with the
    // decoded copy held whole beside it counted once more.
    let cjk = format!("{},labeled\n1,1\n2,0\n", "\u{4e2d}".repeat(1024 * 1024));
    // The header also without the byte order mark, as pandas' "utf-16-le"
    // writes it.
    for (what, text, mark) in [
        ("UTF-16 comma header", &header, &[0xff, 0xfe][..]),
        ("UTF-16 comma header without its mark", &header, &[]),
        ("UTF-16 CJK name", &cjk, &[0xff, 0xfe]),
    ] {
        let bytes: Vec<u8> = mark
            .iter()
            .copied()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let held = text.len() + text.len() / 4;
        let (_, peak) = heap::peak_of(|| read_csv(&bytes, &CsvColumns::default()));
        assert_within_budget(what, peak, held);
        let (_, peak) = heap::peak_of(|| {
            preview_csv(&bytes, 10).map(|preview| suggest_columns(&preview, &CsvColumns::default()))
        });
        assert_within_budget(&format!("{what}, preview and guess"), peak, held);
    }

    // A data row as wide.
    let row = format!("x,labeled\n1,1\n2{}\n", ",".repeat(4 * 1024 * 1024));
    let (result, peak) = heap::peak_of(|| read_csv(row.as_bytes(), &CsvColumns::default()));
    assert!(matches!(result, Err(CsvError::Ragged { line: 3, .. })));
    assert_within_budget("comma row", peak, row.len());

    // A flag column whose name is half a million words: the labeled
    // column's guess reads its words without a String for each (17 times
    // the file's size in a 1M-case fuzz run before).
    let wordy = format!("x,{}\n1,0\n2,1\n3,0\n", "w.".repeat(512 * 1024));
    let (columns, peak) = heap::peak_of(|| {
        preview_csv(wordy.as_bytes(), 10)
            .map(|preview| suggest_columns(&preview, &CsvColumns::default()))
    });
    assert_eq!(columns.map(|c| c.labeled.len()), Ok(1024 * 1024));
    assert_within_budget("a name of many words, preview and guess", peak, wordy.len());
    // A feature named by one word of a million letters: whether it names an
    // identifier is read from its last word without a list of its
    // characters (16 bytes each; 17 times the file in the fuzz run).
    let long = format!("{},labeled\n1,1\n2,0\n3,1\n", "a".repeat(1024 * 1024));
    let (columns, peak) = heap::peak_of(|| {
        preview_csv(long.as_bytes(), 10)
            .map(|preview| suggest_columns(&preview, &CsvColumns::default()))
    });
    assert_eq!(columns.map(|c| c.labeled), Ok("labeled".to_string()));
    assert_within_budget(
        "a name of one long word, preview and guess",
        peak,
        long.len(),
    );

    // 500 columns of one-letter names, the widest file the reader takes,
    // in a few rows: each column's judgement held a dozen vectors, its
    // tally lived until the end, and each shown cell and listed value was
    // a String (327,885 bytes of heap for one row of numbers, 2,000
    // bytes). Numbers, so that a column lists up to 12 values; one word
    // throughout; and words after a column of row names, which the
    // header does not name (its room doubled to take it, 12 KB more).
    for rows in [1, 2, 3, 5, 10, 12, 20] {
        for what in ["numbers", "words", "words after row names"] {
            let cell = |row: usize| match what {
                "numbers" => format!("{row}"),
                _ => "x".to_owned(),
            };
            // A header a name short: the first column holds the rows' names.
            let names = if what.ends_with("row names") {
                499
            } else {
                500
            };
            let mut wide = vec!["a"; names].join(",") + "\n";
            for row in 0..rows {
                wide += &(vec![cell(row); 500].join(",") + "\n");
            }
            // As the page does: the preview kept while the positive value
            // is guessed from the file.
            let (columns, peak) = heap::peak_of(|| {
                preview_csv(wide.as_bytes(), 10).map(|preview| {
                    let columns = suggest_columns(&preview, &CsvColumns::default());
                    let positive = guess_positive_value(wide.as_bytes(), &columns);
                    (preview, columns, positive)
                })
            });
            let labeled = if names == 500 { "a" } else { "(column 1)" };
            assert_eq!(columns.map(|(_, c, _)| c.labeled), Ok(labeled.to_string()));
            assert_within_budget(
                &format!("500 columns of {what} in {rows} row(s), preview and guesses"),
                peak,
                wide.len(),
            );
        }
    }

    // The widest file read for training: 499 features of one repeated
    // name and a labeled column, in a few rows. Each feature's first cell
    // that is not a number took 64 bytes while none was (32 KB here).
    for rows in [2, 3, 10] {
        let mut wide = vec!["a"; 499].join(",") + ",labeled\n";
        for row in 0..rows {
            wide += &(vec![format!("{row}"); 499].join(",") + &format!(",{}\n", row % 2));
        }
        let (data, peak) = heap::peak_of(|| read_csv(wide.as_bytes(), &CsvColumns::default()));
        assert_eq!(data.map(|d| d.feature_names().len()), Ok(499));
        assert_within_budget(
            &format!("499 features in {rows} row(s), read"),
            peak,
            wide.len(),
        );
    }

    // 499 columns of 64 two-letter words, each in two rows: each column's
    // distinct values are counted, to tell categories from names, by the
    // preview for every column and by the read for each one chosen.
    let word = |row: usize| {
        let letter = |i: usize| char::from(b'a' + u8::try_from(i % 8).unwrap_or(0));
        format!("{}{}", letter(row / 8), letter(row))
    };
    let names: Vec<String> = (0..499).map(|c| format!("c{c}")).collect();
    let mut words = names.join(",") + ",labeled\n";
    for row in 0..128 {
        words += &vec![word(row % 64); names.len()].join(",");
        words += &format!(",{}\n", row % 2);
    }
    let (preview, peak) = heap::peak_of(|| {
        preview_csv(words.as_bytes(), 10).map(|p| {
            let columns = suggest_columns(&p, &CsvColumns::default());
            (p, columns)
        })
    });
    let (preview, _) = preview.unwrap();
    assert_eq!(preview.categories(498), Some(64));
    assert_within_budget("columns of 64 words, preview and guess", peak, words.len());
    let chosen = CsvColumns {
        features: Some(names),
        ..CsvColumns::default()
    };
    let (result, peak) = heap::peak_of(|| read_csv(words.as_bytes(), &chosen));
    assert!(
        matches!(result, Err(CsvError::TooManyInputs { inputs, .. }) if inputs == 499 * 64),
        "{result:?}"
    );
    assert_within_budget("columns of 64 words, read", peak, words.len());

    // 200 chosen columns, empty but for a word in one row: until a column
    // shows it holds no dates, a missing cell costs a bit (it cost 8 bytes,
    // twice the file's size here), so the word's row changes little.
    let names: Vec<String> = (0..200).map(|c| format!("c{c}")).collect();
    let blanks = |word_row: usize| {
        let mut text = names.join(",") + ",labeled\n";
        let empty_row = ",".repeat(names.len());
        let word_row_text = vec!["word"; names.len()].join(",") + ",";
        for row in 0..20_000 {
            let cells = if row == word_row {
                &word_row_text
            } else {
                &empty_row
            };
            text += &format!("{cells}{}\n", row % 2);
        }
        text
    };
    let chosen = CsvColumns {
        features: Some(names.clone()),
        missing: MissingValues::ColumnMean,
        ..CsvColumns::default()
    };
    let (first, last) = (blanks(0), blanks(19_999));
    let (result, word_first) = heap::peak_of(|| read_csv(first.as_bytes(), &chosen));
    assert!(result.is_err(), "{result:?}");
    let (result, word_last) = heap::peak_of(|| read_csv(last.as_bytes(), &chosen));
    assert!(result.is_err(), "{result:?}");
    assert!(
        word_last <= word_first + last.len() / 4,
        "blank columns: {word_last} bytes of heap with the word last, {word_first} with it \
         first, for {} bytes of input",
        last.len()
    );

    // The shortest rows, more of them than a run trains on: read twice, the
    // second time as a sample, and never whole.
    let short: String = std::iter::once("x,labeled\n".to_owned())
        .chain((0..100_000).map(|i| format!("{},{}\n", i % 10, i % 2)))
        .collect();
    let (result, peak) = heap::peak_of(|| read_csv(short.as_bytes(), &CsvColumns::default()));
    assert_eq!(result.map(|table| table.rows()).ok(), Some(50_000));
    assert_within_budget("short rows, sampled", peak, short.len());

    // A share link of 2 MiB of `x=1&`: 524,288 notices used to be kept.
    let flood = "x=1&".repeat(512 * 1024);
    let (run, peak) = heap::peak_of(|| from_hash(&flood));
    assert_eq!(run.notices.len(), 4);
    assert_within_budget("share link flood", peak, flood.len());
}
