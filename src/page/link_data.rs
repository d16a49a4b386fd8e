//! A CSV file carried inside a share link: gzip, then base64url, kept only in
//! the URL's hash (browsers never send the hash to a server).
//!
//! Both directions are bounded: a file goes into a link only while it is at
//! most [`MAX_LINK_DATA_BYTES`] compressed, and a link's data is unpacked
//! only up to [`MAX_CSV_BYTES`], the most the page reads from any file, so
//! a small link cannot expand into a huge one.

use std::io::{Read, Write};

use flate2::Compression;
use flate2::bufread::GzDecoder;
use flate2::write::GzEncoder;

use crate::data::csv::MAX_CSV_BYTES;
use crate::page::base64url;

/// Largest compressed file a link carries. Links of this size work in
/// current browsers and chat tools; larger ones get cut.
pub const MAX_LINK_DATA_BYTES: usize = 32 * 1024;

/// Bytes compressed at a time.
const PACK_CHUNK: usize = 64 * 1024;
/// Bytes unpacked at a time.
const UNPACK_CHUNK: usize = 8192;

/// Why a file cannot go into a link, or a link's data cannot be read.
/// Messages are sentences for end users.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LinkDataError {
    /// The file compresses to more than [`MAX_LINK_DATA_BYTES`].
    #[error(
        "The file is over {} kB after compression, more than a link may carry: the link \
         holds the settings only, so send the file along with it.",
        MAX_LINK_DATA_BYTES / 1024
    )]
    TooLargeForLink,
    /// The text is not base64url.
    #[error("The CSV data in this link is damaged ({0}); ask for the link again.")]
    Damaged(String),
    /// The bytes are not gzip data, or stop early.
    #[error(
        "The CSV data in this link cannot be unpacked ({0}); it was probably cut short (a chat \
         or mail program may shorten long links): ask for the link again, or for the file itself."
    )]
    Unpack(String),
    /// The data unpacks to more than [`MAX_CSV_BYTES`].
    #[error(
        "The CSV data in this link unpacks to more than {} MiB, the most the page reads \
         from a file; load the file itself instead.",
        MAX_CSV_BYTES / (1024 * 1024)
    )]
    TooLarge,
}

/// The file as link text (gzip, then base64url).
///
/// # Errors
/// [`LinkDataError::TooLargeForLink`] when it compresses to more than
/// [`MAX_LINK_DATA_BYTES`].
pub fn encode(bytes: &[u8]) -> Result<String, LinkDataError> {
    // Compressing stops as soon as the output is too large, so a big file
    // costs no more than what fits. Writing into memory cannot fail; were
    // it to, the file would stay out of the link all the same.
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    for part in bytes.chunks(PACK_CHUNK) {
        encoder
            .write_all(part)
            .map_err(|_| LinkDataError::TooLargeForLink)?;
        if encoder.get_ref().len() > MAX_LINK_DATA_BYTES {
            return Err(LinkDataError::TooLargeForLink);
        }
    }
    let packed = encoder
        .finish()
        .map_err(|_| LinkDataError::TooLargeForLink)?;
    if packed.len() > MAX_LINK_DATA_BYTES {
        return Err(LinkDataError::TooLargeForLink);
    }
    Ok(base64url::encode(&packed))
}

/// The file a link's data text carries, unpacked to at most [`MAX_CSV_BYTES`].
///
/// # Errors
/// [`LinkDataError::Damaged`], [`LinkDataError::Unpack`] or
/// [`LinkDataError::TooLarge`].
pub fn decode(text: &str) -> Result<Vec<u8>, LinkDataError> {
    let packed = base64url::decode(text).map_err(LinkDataError::Damaged)?;
    let mut decoder = GzDecoder::new(packed.as_slice());
    let mut bytes = Vec::new();
    let mut chunk = [0u8; UNPACK_CHUNK];
    loop {
        let read = decoder
            .read(&mut chunk)
            .map_err(|e| LinkDataError::Unpack(e.to_string()))?;
        let Some(part) = chunk.get(..read).filter(|part| !part.is_empty()) else {
            return Ok(bytes);
        };
        if bytes.len() + part.len() > MAX_CSV_BYTES {
            return Err(LinkDataError::TooLarge);
        }
        // Grow by half, not double: the file is most of what decoding holds.
        if bytes.capacity() - bytes.len() < part.len() {
            bytes.reserve_exact((bytes.len() / 2).max(part.len()));
        }
        bytes.extend_from_slice(part);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_file() {
        let csv = b"x,labeled\n1,1\n2,0\n".repeat(100);
        let text = encode(&csv).unwrap();
        assert!(text.len() < csv.len() / 4, "{}", text.len());
        assert_eq!(decode(&text).unwrap(), csv);
    }

    #[test]
    fn reads_gzip_written_by_other_encoders() {
        // `printf 'a,b\n1,2\n' | gzip -9n`, base64url-encoded: gzip from another encoder, as a browser's
        // CompressionStream writes it (header fields differ, data does not).
        let text = "H4sIAAAAAAACA0vUSeIy1DHiAgB7B5cKCAAAAA";
        assert_eq!(decode(text).unwrap(), b"a,b\n1,2\n");
    }

    #[test]
    fn a_small_link_cannot_unpack_into_a_huge_file() {
        // 33 MiB of zeros compress to about 33 kB: over the 32 MiB a file may hold.
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        encoder
            .write_all(&vec![b'0'; MAX_CSV_BYTES + 1024 * 1024])
            .unwrap();
        let text = base64url::encode(&encoder.finish().unwrap());
        assert!(text.len() < 64 * 1024, "{}", text.len());
        assert_eq!(decode(&text), Err(LinkDataError::TooLarge));
        assert_eq!(
            LinkDataError::TooLarge.to_string(),
            "The CSV data in this link unpacks to more than 32 MiB, the most the page reads \
             from a file; load the file itself instead."
        );
        let exactly = vec![b'1'; MAX_CSV_BYTES];
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        encoder.write_all(&exactly).unwrap();
        let text = base64url::encode(&encoder.finish().unwrap());
        assert_eq!(decode(&text).map(|b| b.len()), Ok(MAX_CSV_BYTES));
    }

    #[test]
    fn refuses_damaged_or_cut_data_and_files_too_big_for_a_link() {
        assert!(
            matches!(decode("H4s!"), Err(LinkDataError::Damaged(m)) if m.contains("character 4"))
        );
        let text = encode(b"x,labeled\n1,1\n").unwrap();
        let cut = &text[..text.len() - 8];
        let error = decode(cut).unwrap_err();
        assert!(matches!(error, LinkDataError::Unpack(_)), "{error:?}");
        assert!(
            error
                .to_string()
                .ends_with("ask for the link again, or for the file itself.")
        );
        assert!(matches!(decode("AAAA"), Err(LinkDataError::Unpack(_))));
        let mut rng = crate::rng::PortableRng::new(1, 0);
        let noise: Vec<u8> = (0..40_000).map(|_| rng.below(256) as u8).collect();
        assert_eq!(encode(&noise), Err(LinkDataError::TooLargeForLink));
        assert!(
            LinkDataError::TooLargeForLink
                .to_string()
                .starts_with("The file is over 32 kB after compression")
        );
        // A file far too large is refused after compressing only what fits.
        let mut big = noise.repeat(100);
        big.extend(b"x,labeled\n");
        assert_eq!(encode(&big), Err(LinkDataError::TooLargeForLink));
    }
}
