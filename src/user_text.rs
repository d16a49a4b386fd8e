//! Text that came from a user (cell values, column names, link values) as it
//! is quoted in messages: clipped to a few dozen characters, with control
//! characters escaped, so a message stays short and readable whatever the
//! input holds; and lists of such messages cut to a readable length.

/// Longest piece of user text quoted in a message, in characters.
pub const MAX_SHOWN_CHARS: usize = 40;

/// `text` for a message: control characters (and a byte order mark) escaped
/// as `\n`, `\u{0}`…, cut after [`MAX_SHOWN_CHARS`] characters with an
/// ellipsis.
pub fn clip(text: &str) -> String {
    let mut shown = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == MAX_SHOWN_CHARS {
            shown.push('…');
            break;
        }
        push_escaped(&mut shown, c);
    }
    shown
}

/// `text` whole, with control characters (and a byte order mark) escaped as
/// [`clip`] escapes them: for a parser's message that may quote the input.
pub fn escaped(text: &str) -> String {
    let mut shown = String::new();
    for c in text.chars() {
        push_escaped(&mut shown, c);
    }
    shown
}

fn push_escaped(shown: &mut String, c: char) {
    if c.is_control() || c == '\u{feff}' {
        shown.extend(c.escape_default());
    } else {
        shown.push(c);
    }
}

/// Longest file name kept from outside text, in characters: no common file
/// system allows a longer one.
pub const MAX_FILE_NAME_CHARS: usize = 255;

/// The last part of a path, after its last `/` or `\\` (either system's
/// folders): "data/churn.csv" and "C:\\data\\churn.csv" give "churn.csv".
pub fn without_folders(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// A file's name as a link or another outside source gives it: whole, as it
/// names the file, with control characters escaped as [`clip`] escapes them,
/// cut after [`MAX_FILE_NAME_CHARS`] characters.
pub fn file_name(text: &str) -> String {
    let kept: String = text.chars().take(MAX_FILE_NAME_CHARS).collect();
    escaped(&kept)
}

/// The names clipped, quoted and comma-separated, at most `limit` of them,
/// then "and N more".
pub fn quoted_list(names: &[String], limit: usize) -> String {
    let shown: Vec<String> = names
        .iter()
        .take(limit)
        .map(|name| format!("\"{}\"", clip(name)))
        .collect();
    let more = names.len().saturating_sub(limit);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// At most `limit` messages: past that, the first `limit - 1` and a last
/// line "…and N more".
pub fn capped(mut messages: Vec<String>, limit: usize) -> Vec<String> {
    if messages.len() > limit {
        let kept = limit.saturating_sub(1);
        let more = messages.len() - kept;
        messages.truncate(kept);
        messages.push(format!("…and {more} more"));
    }
    messages
}

/// "the mean of A, B and C", or "A" for one name: a model that averages
/// classifiers, in words.
pub fn mean_of(names: &[String]) -> String {
    match names {
        [_, _, ..] => format!("the mean of {}", listed(names)),
        _ => listed(names),
    }
}

/// "A, B and C", "A and B", or "A": names in a sentence.
pub fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `text` with its first letter upper case: "Test accuracy" from "test
/// accuracy", a sentence from a message written to follow "error: ". A
/// symbol stays as it is (π is not Π).
pub fn capitalised(text: &str) -> String {
    let mut text = text.to_owned();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// "s" unless the count is one, for "1 row" and "2 rows".
pub fn plural_s(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// The count with its noun, plural unless one: "1 row", "3 rows".
pub fn counted(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", plural_s(count))
}

/// A file's size in the unit that reads best: "12.3 kB" up to a mebibyte,
/// "4.2 MB" from there (1,024 bytes to the kB, as the browser's file
/// dialogs count them).
pub fn file_size(bytes: usize) -> String {
    const KIB: f64 = 1024.0;
    let bytes = bytes as f64;
    if bytes < KIB * KIB {
        format!("{:.1} kB", bytes / KIB)
    } else {
        format!("{:.1} MB", bytes / (KIB * KIB))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reads_as_a_sentence() {
        assert_eq!(capitalised("the CSV has"), "The CSV has");
        assert_eq!(capitalised("π is"), "π is");
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn file_sizes_read_in_kb_then_mb() {
        assert_eq!(file_size(1536), "1.5 kB");
        assert_eq!(file_size(1000 * 1024), "1000.0 kB");
        assert_eq!(file_size(4_361_728), "4.2 MB");
    }

    #[test]
    fn names_read_as_a_list_or_a_mean() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(listed(&names(&[])), "");
        assert_eq!(listed(&names(&["A"])), "A");
        assert_eq!(listed(&names(&["A", "B", "C"])), "A, B and C");
        assert_eq!(mean_of(&names(&["A"])), "A");
        assert_eq!(mean_of(&names(&["A", "B"])), "the mean of A and B");
    }

    #[test]
    fn folders_of_either_system_are_left_out() {
        assert_eq!(without_folders("data/churn.csv"), "churn.csv");
        assert_eq!(without_folders("C:\\data\\churn.csv"), "churn.csv");
        assert_eq!(without_folders("churn.csv"), "churn.csv");
        assert_eq!(without_folders("data/"), "");
    }

    #[test]
    fn clips_long_text_and_escapes_control_characters() {
        assert_eq!(clip("plain"), "plain");
        let long = "x".repeat(50 * 1024 * 1024);
        assert_eq!(clip(&long), format!("{}…", "x".repeat(MAX_SHOWN_CHARS)));
        assert_eq!(clip("a\0b\nc\r\t\u{1b}"), "a\\u{0}b\\nc\\r\\t\\u{1b}");
        assert_eq!(clip("\u{feff}name"), "\\u{feff}name");
        assert_eq!(clip("ünïcødé ✓"), "ünïcødé ✓");
    }

    #[test]
    fn lists_are_clipped_and_shortened() {
        let names: Vec<String> = (0..40).map(|i| format!("c{i}")).collect();
        let listed = quoted_list(&names, 30);
        assert!(listed.starts_with("\"c0\", \"c1\""));
        assert!(listed.ends_with("\"c29\" and 10 more"));
        let long = vec!["y".repeat(100), "a\nb".to_owned()];
        assert_eq!(
            quoted_list(&long, 5),
            format!("\"{}…\", \"a\\nb\"", "y".repeat(MAX_SHOWN_CHARS))
        );
    }

    #[test]
    fn caps_a_list_of_messages() {
        let many: Vec<String> = (0..524_288).map(|i| format!("n{i}")).collect();
        let kept = capped(many, 10);
        assert_eq!(kept.len(), 10);
        assert_eq!(kept[8], "n8");
        assert_eq!(kept[9], "…and 524279 more");
        let few = vec!["a".to_owned(), "b".to_owned()];
        assert_eq!(capped(few.clone(), 2), few);
    }

    #[test]
    fn plurals() {
        assert_eq!(
            [0, 1, 2].map(|n| format!("{n} row{}", plural_s(n))),
            ["0 rows", "1 row", "2 rows"]
        );
    }
}
