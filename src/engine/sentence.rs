//! The `sentence!` macro the engine writes its messages with.

/// `format!` for the engine's messages and notes: the same text, written into a buffer sized
/// for a sentence from the start. `format!` starts from the length of the literal text (none
/// when the message opens with a value), so most messages grew their buffer two or three
/// times, about a quarter of what writing them cost (callgrind, `verify` over the English
/// logs).
macro_rules! sentence {
    ($($arg:tt)*) => {{
        let mut text = String::with_capacity(96);
        std::fmt::Write::write_fmt(&mut text, format_args!($($arg)*))
            .expect("writing into a String cannot fail");
        text
    }};
}

#[cfg(test)]
mod tests {
    /// The text is `format!`'s, however long.
    #[test]
    fn a_sentence_is_what_format_writes() {
        let long = "x".repeat(300);
        for (made, expected) in [
            (sentence!("plain"), "plain".to_string()),
            (
                sentence!("{} has {} damage", "Pikachu", 30),
                "Pikachu has 30 damage".to_string(),
            ),
            (sentence!("{long}!"), format!("{long}!")),
            (sentence!("{:>4}|{:+}", 7, 5), "   7|+5".to_string()),
        ] {
            assert_eq!(made, expected);
        }
    }
}
