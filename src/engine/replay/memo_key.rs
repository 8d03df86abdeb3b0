//! The keys of the replay's memos: a card name, then the uses or parts that tell one reading
//! from another, apart (`\u{1f}` between them). Most lookups find a key already made, so a
//! lookup writes it into a buffer kept for the thread and makes a string of its own only when
//! the memo takes a new entry.

use std::cell::RefCell;

use crate::log::Text;

/// `find` on the key `write` makes, written into the thread's buffer (`find` must not look a
/// key up itself).
pub(super) fn looked_up<R>(write: impl FnOnce(&mut String), find: impl FnOnce(&str) -> R) -> R {
    thread_local! {
        static KEY: RefCell<String> = const { RefCell::new(String::new()) };
    }
    KEY.with(|key| {
        let mut key = key.borrow_mut();
        key.clear();
        write(&mut key);
        find(&key)
    })
}

/// The key of parts, as a string of its own.
pub(super) fn memo_key(parts: &[&str]) -> String {
    let mut key = String::with_capacity(parts.iter().map(|p| p.len() + 1).sum());
    write_parts(&mut key, parts.iter().copied());
    key
}

/// The parts of a key, apart.
pub(super) fn write_parts<'p>(key: &mut String, parts: impl IntoIterator<Item = &'p str>) {
    for (i, part) in parts.into_iter().enumerate() {
        if i > 0 {
            key.push('\u{1f}');
        }
        key.push_str(part);
    }
}

/// The key of a Pokémon name and what it was seen to use.
pub(super) fn write_prints_key(key: &mut String, name: &str, uses: &[Text]) {
    write_parts(
        key,
        std::iter::once(name).chain(uses.iter().map(Text::as_str)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key looked up through the buffer is the key a memo stores, and the buffer holds
    /// nothing of an earlier key.
    #[test]
    fn the_buffer_writes_the_key_the_memo_stores() {
        let long = looked_up(
            |k| write_parts(k, ["use", "Pikachu ex", "Thunderbolt"]),
            str::to_string,
        );
        assert_eq!(long, memo_key(&["use", "Pikachu ex", "Thunderbolt"]));
        let short = looked_up(|k| write_parts(k, ["card", "Iono"]), str::to_string);
        assert_eq!(short, "card\u{1f}Iono");
        let uses = [Text::from("Thunderbolt"), Text::from("Tackle")];
        let prints = looked_up(|k| write_prints_key(k, "Pikachu", &uses), str::to_string);
        assert_eq!(prints, "Pikachu\u{1f}Thunderbolt\u{1f}Tackle");
    }
}
