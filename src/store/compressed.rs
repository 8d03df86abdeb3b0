//! Records and rendered pages are stored compressed (zstd): a report of a large log is many
//! times the log as JSON, and compresses to a fraction of it. A value written before
//! compression (plain JSON or HTML) is read as it is: compressed values start with zstd's magic
//! number, which neither can.

/// zstd's frame magic number.
const MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// The compression level: fast, and about 10 times smaller on reports.
const LEVEL: i32 = 3;

/// `bytes`, compressed.
pub fn pack(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    zstd::bulk::compress(bytes, LEVEL)
}

/// A stored value as written: decompressed when it was compressed.
pub fn unpack(stored: Vec<u8>) -> std::io::Result<Vec<u8>> {
    if stored.starts_with(&MAGIC) {
        zstd::stream::decode_all(&stored[..])
    } else {
        Ok(stored)
    }
}

/// A compressor that values are written into piece by piece (buffered: a serializer writes
/// many tiny pieces, and the compressor's own call per write is not cheap).
pub struct Writer(std::io::BufWriter<zstd::stream::Encoder<'static, Vec<u8>>>);

impl Writer {
    pub fn new() -> std::io::Result<Writer> {
        let encoder = zstd::stream::Encoder::new(Vec::new(), LEVEL)?;
        Ok(Writer(std::io::BufWriter::with_capacity(
            64 * 1024,
            encoder,
        )))
    }

    /// The compressed bytes.
    pub fn finish(self) -> std::io::Result<Vec<u8>> {
        self.0.into_inner().map_err(|e| e.into_error())?.finish()
    }
}

impl std::io::Write for Writer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// A stored value, read as written: through the decompressor when it was compressed.
pub fn reader(stored: &[u8]) -> std::io::Result<Box<dyn std::io::Read + '_>> {
    if stored.starts_with(&MAGIC) {
        Ok(Box::new(std::io::BufReader::new(
            zstd::stream::Decoder::with_buffer(stored)?,
        )))
    } else {
        Ok(Box::new(stored))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_old_values() {
        let json = br#"{"id":"x","report":{"steps":[1,2,3,1,2,3,1,2,3]}}"#.repeat(100);
        let packed = pack(&json).unwrap();
        assert!(packed.len() < json.len() / 5);
        assert_eq!(unpack(packed).unwrap(), json);
        // Written before compression: read as it is.
        assert_eq!(unpack(b"{\"a\":1}".to_vec()).unwrap(), b"{\"a\":1}");
        // Written piece by piece, read as a stream: the same bytes.
        let mut writer = Writer::new().unwrap();
        std::io::Write::write_all(&mut writer, &json).unwrap();
        let packed = writer.finish().unwrap();
        let mut back = Vec::new();
        std::io::Read::read_to_end(&mut reader(&packed).unwrap(), &mut back).unwrap();
        assert_eq!(back, json);
        let mut plain = Vec::new();
        std::io::Read::read_to_end(&mut reader(b"{}").unwrap(), &mut plain).unwrap();
        assert_eq!(plain, b"{}");
        assert_eq!(
            unpack(b"<!DOCTYPE html>".to_vec()).unwrap(),
            b"<!DOCTYPE html>"
        );
    }
}
