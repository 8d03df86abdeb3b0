//! Sizes: a game-shaped log of the largest size allowed, and a store's bytes on disk. Plain
//! functions with no dependency, shared with the product's tests (`tests/common`).

use std::path::Path;

/// A game-shaped log of just under `max` bytes: `log`'s lines repeated as one long game, its
/// last line (the end of the game) written once at the end, so every line is verified (a
/// plain repeat would end the game after the first copy).
pub fn max_size_log(log: &[u8], max: usize) -> Vec<u8> {
    let text = String::from_utf8_lossy(log);
    let trimmed = text.trim_end();
    let (body, end) = trimmed.rsplit_once('\n').unwrap_or((trimmed, ""));
    let body = format!("{body}\n");
    let copies = (max.saturating_sub(1024 + end.len()) / body.len().max(1)).max(1);
    let mut out = body.repeat(copies);
    out.push_str(end);
    out.push('\n');
    out.into_bytes()
}

/// The bytes of every file under `dir` (a store's size on disk).
pub fn dir_bytes(dir: &Path) -> u64 {
    let mut total = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            match e.metadata() {
                Ok(m) if m.is_dir() => stack.push(e.path()),
                Ok(m) => total += m.len(),
                Err(_) => {}
            }
        }
    }
    total
}
