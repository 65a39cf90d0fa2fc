//! The docs' picture of the explorer's screen kept true: the screen under the caption "The
//! screen at WxH (`knights-tour …`, then `KEY` N times)", in README.md or GUIDE.md wherever it
//! stands, is what the explorer draws after those keys, so the docs cannot drift from the
//! program. The caption says what is replayed: edit it and the test replays the new keys.

use super::*;
use clap::Parser;
use knights_tour::explorer::ExplorerArgs;

/// The options of the explorer, parsed by its own argument definitions.
#[derive(Parser)]
struct Explorer {
    #[command(flatten)]
    args: ExplorerArgs,
}

/// What a caption asks for: the terminal's size, the command line and the keys pressed.
#[derive(Debug, PartialEq)]
struct Caption {
    width: u16,
    height: u16,
    command: String,
    keys: String,
}

/// The counts a caption may spell out: `once`, `twice`, `three times` … `twenty times`.
const COUNT_WORDS: [&str; 20] = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// How many times the text after a key says to press it: `once`, `twice`, `twelve times`,
/// `12 times`; once when it says nothing.
fn times(after: &str) -> usize {
    let mut words = after
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty());
    let (Some(count), next) = (words.next(), words.next()) else {
        return 1;
    };
    match (count, next) {
        ("once", _) => 1,
        ("twice", _) => 2,
        (count, Some("times")) => count.parse().unwrap_or_else(|_| {
            let word = COUNT_WORDS.iter().position(|&word| word == count);
            word.unwrap_or_else(|| panic!("{count:?} is not a count")) + 1
        }),
        _ => 1,
    }
}

/// The characters a key in a caption stands for: itself, or a named key.
fn key_text(key: &str) -> &str {
    match key {
        "Enter" => "\n",
        "Space" => " ",
        "Esc" => "\x1b",
        key => key,
    }
}

/// Reads a caption: `The screen at 80×24 (`knights-tour`, then `n` twelve times):`. The first
/// quoted text is the command line, each one after it a key, with its count after it.
fn parse_caption(caption: &str) -> Caption {
    let size = caption
        .split_whitespace()
        .find_map(|word| {
            let (width, height) = word.split_once(['×', 'x'])?;
            Some((width.parse().ok()?, height.parse().ok()?))
        })
        .unwrap_or_else(|| panic!("no WxH in {caption:?}"));
    let parts: Vec<&str> = caption.split('`').collect();
    let command = parts
        .get(1)
        .unwrap_or_else(|| panic!("no `command` in {caption:?}"));
    let mut keys = String::new();
    for pair in parts.get(3..).unwrap_or_default().chunks(2) {
        let after = pair.get(1).copied().unwrap_or("");
        keys.push_str(&key_text(pair[0]).repeat(times(after)));
    }
    // The text between the command and the first key says that keys follow.
    assert!(
        keys.is_empty() || parts[2].contains("then"),
        "{caption:?}: keys come after `then`"
    );
    Caption {
        width: size.0,
        height: size.1,
        command: command.to_string(),
        keys,
    }
}

/// The caption that begins with `The screen at` and the text block under it, if `doc` has one.
fn screen_in(doc: &str) -> Option<(String, String)> {
    let at = doc.find("The screen at ")?;
    let rest = &doc[at..];
    let (caption, rest) = rest
        .split_once("\n\n")
        .expect("a blank line after the caption");
    let block = rest
        .strip_prefix("```text\n")
        .expect("a ```text block under the caption");
    let (block, _) = block.split_once("\n```").expect("the block ends");
    Some((caption.replace('\n', " "), block.to_string()))
}

/// The explorer the command line of a caption opens.
fn opened_by(command: &str) -> App {
    let mut words = command.split_whitespace().peekable();
    assert_eq!(words.next(), Some("knights-tour"), "{command}");
    words.next_if_eq(&"tui");
    let words = std::iter::once("knights-tour").chain(words);
    let explorer = Explorer::try_parse_from(words).expect("the caption's command parses");
    explorer
        .args
        .app()
        .expect("the caption's options are valid")
}

/// `screen` with the elapsed time, which depends on the clock, masked in every line and the
/// ends of the lines trimmed.
fn masked(screen: &str) -> Vec<String> {
    const ELAPSED: &str = "Elapsed    ";
    screen
        .lines()
        .map(|line| {
            let line = line.trim_end();
            let Some(at) = line.find(ELAPSED) else {
                return line.to_string();
            };
            let end = line[at..].find('│').map_or(line.len(), |end| at + end);
            let width = line[at..end].chars().count();
            format!(
                "{}{:<width$}{}",
                &line[..at],
                "Elapsed    [time]",
                &line[end..]
            )
        })
        .collect()
}

#[test]
fn the_caption_names_the_size_the_command_and_the_keys() {
    let caption =
        parse_caption("The screen at 80×24 (`knights-tour`, then `n` twelve times, `Space` once):");
    assert_eq!(
        caption,
        Caption {
            width: 80,
            height: 24,
            command: "knights-tour".into(),
            keys: format!("{} ", "n".repeat(12)),
        }
    );
    let caption = parse_caption(
        "The screen at 100x30 (`knights-tour tui --size 6`, then `f` 3 times and `z`):",
    );
    assert_eq!((caption.width, caption.height), (100, 30));
    assert_eq!(caption.keys, "fffz");
}

#[test]
fn the_docs_show_the_screen_the_explorer_draws() {
    let (doc, (caption, shown)) = ["README.md", "GUIDE.md"]
        .into_iter()
        .find_map(|doc| {
            let path = format!("{}/{doc}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).expect("the docs at the top level");
            screen_in(&text).map(|screen| (doc, screen))
        })
        .expect("README.md or GUIDE.md has a caption \"The screen at …\"");
    let caption = parse_caption(&caption);
    let mut app = opened_by(&caption.command);
    press(&mut app, &caption.keys);
    let drawn = screen(&app, Look::standard(), caption.width, caption.height);
    assert!(
        masked(&shown) == masked(&drawn),
        "{doc}'s screen is not what the explorer draws ({caption:?}).\n\
         {doc}:\n{shown}\nthe explorer:\n{drawn}"
    );
}
