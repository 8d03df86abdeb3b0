//! Values stored in 4 KB pieces under `{key}/{n}`. sled keeps large values in memory well past
//! its cache bound (measured: 100 KB values grew the process by about their size each, while
//! 4 KB values levelled off near the cache size), and reports and pages are tens of KB.

const CHUNK: usize = 4096;

fn prefix(key: &str) -> String {
    format!("{key}/")
}

fn chunk_key(key: &str, n: usize) -> String {
    format!("{key}/{n:08}")
}

/// Store `bytes` under `key`, replacing what was there.
pub fn put(tree: &sled::Tree, key: &str, bytes: &[u8]) -> sled::Result<()> {
    remove(tree, key)?;
    if bytes.is_empty() {
        tree.insert(chunk_key(key, 0), &[][..])?;
    }
    for (n, chunk) in bytes.chunks(CHUNK).enumerate() {
        tree.insert(chunk_key(key, n), chunk)?;
    }
    Ok(())
}

/// The bytes under `key`, reassembled in order; `None` when nothing is stored.
pub fn get(tree: &sled::Tree, key: &str) -> sled::Result<Option<Vec<u8>>> {
    let mut out = Vec::new();
    let mut found = false;
    for item in tree.scan_prefix(prefix(key)) {
        let (_, value) = item?;
        found = true;
        out.extend_from_slice(&value);
    }
    Ok(found.then_some(out))
}

/// The size of the bytes under `key`, from its last piece (every other piece is full);
/// `None` when nothing is stored.
pub fn len(tree: &sled::Tree, key: &str) -> sled::Result<Option<usize>> {
    let Some((last_key, last)) = tree.scan_prefix(prefix(key)).next_back().transpose()? else {
        return Ok(None);
    };
    let pieces_before = std::str::from_utf8(&last_key[prefix(key).len()..])
        .ok()
        .and_then(|n| n.parse::<usize>().ok());
    match pieces_before {
        Some(n) => Ok(Some(n * CHUNK + last.len())),
        // A key this module did not write: count the bytes.
        None => Ok(get(tree, key)?.map(|bytes| bytes.len())),
    }
}

pub fn remove(tree: &sled::Tree, key: &str) -> sled::Result<()> {
    for item in tree.scan_prefix(prefix(key)) {
        let (k, _) = item?;
        tree.remove(k)?;
    }
    Ok(())
}

/// The keys stored in `tree`, in order.
pub fn keys(tree: &sled::Tree) -> impl Iterator<Item = sled::Result<String>> + '_ {
    tree.iter().filter_map(|item| match item {
        Ok((k, _)) => {
            let k = String::from_utf8_lossy(&k);
            let (key, n) = k.rsplit_once('/')?;
            (n.bytes().all(|b| b == b'0')).then(|| Ok(key.to_string()))
        }
        Err(e) => Some(Err(e)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_of_any_size_come_back_whole() {
        let db = sled::Config::new().temporary(true).open().unwrap();
        let tree = db.open_tree("t").unwrap();
        let big: Vec<u8> = (0..20_000u32).map(|i| (i % 251) as u8).collect();
        put(&tree, "a", &big).unwrap();
        put(&tree, "ab", b"short").unwrap();
        put(&tree, "e", b"").unwrap();
        assert_eq!(get(&tree, "a").unwrap().unwrap(), big);
        assert_eq!(get(&tree, "ab").unwrap().unwrap(), b"short");
        assert_eq!(get(&tree, "e").unwrap().unwrap(), b"");
        assert_eq!(get(&tree, "zz").unwrap(), None);
        let whole = vec![9u8; 2 * CHUNK];
        put(&tree, "w", &whole).unwrap();
        for key in ["a", "ab", "e", "w", "zz"] {
            let got = get(&tree, key).unwrap().map(|b| b.len());
            assert_eq!(len(&tree, key).unwrap(), got, "the size of {key}");
        }
        put(&tree, "a", b"smaller now").unwrap();
        assert_eq!(len(&tree, "a").unwrap(), Some(11));
        assert_eq!(get(&tree, "a").unwrap().unwrap(), b"smaller now");
        let all: Vec<String> = keys(&tree).map(Result::unwrap).collect();
        assert_eq!(all, ["a", "ab", "e", "w"]);
        remove(&tree, "a").unwrap();
        assert_eq!(get(&tree, "a").unwrap(), None);
    }
}
