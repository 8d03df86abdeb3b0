//! The `sentence!` macro the engine writes its messages with.

use std::cell::RefCell;
use std::fmt::Write;

/// `format!` for the engine's messages and notes: the same text, written into a buffer kept
/// for the thread and then copied into a string of its exact length. `format!` sizes its
/// buffer from the literal text (nothing when a message opens with a value), so most messages
/// grew it two or three times, about a quarter of what writing them cost (callgrind, `verify`
/// over the English logs); a larger first buffer instead kept its spare room in every stored
/// message (the service's memory grew by a fifth).
macro_rules! sentence {
    ($($arg:tt)*) => {
        $crate::engine::sentence::write(format_args!($($arg)*))
    };
}

/// The text of `args` (see [`sentence!`]).
pub(crate) fn write(args: std::fmt::Arguments<'_>) -> String {
    if let Some(plain) = args.as_str() {
        return plain.to_string();
    }
    thread_local! {
        static BUFFER: RefCell<String> = RefCell::new(String::with_capacity(256));
    }
    BUFFER.with(|buffer| match buffer.try_borrow_mut() {
        Ok(mut text) => {
            text.clear();
            text.write_fmt(args)
                .expect("writing into a String cannot fail");
            String::from(text.as_str())
        }
        // A value whose text is itself written with `sentence!` while the buffer is in use.
        Err(_) => std::fmt::format(args),
    })
}

#[cfg(test)]
mod tests {
    /// The text is `format!`'s, however long, and exactly as long as it needs.
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
            assert_eq!(made.capacity(), made.len(), "{made}");
        }
    }

    /// A value whose text is written with `sentence!` inside another sentence.
    #[test]
    fn a_sentence_may_hold_another() {
        struct Inner;
        impl std::fmt::Display for Inner {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&sentence!("inner {}", 1))
            }
        }
        assert_eq!(
            sentence!("outer {} and {}", Inner, 2),
            "outer inner 1 and 2"
        );
    }
}
