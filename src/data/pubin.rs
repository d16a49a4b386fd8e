//! Reader for the `.pubin` image subsets shipped in `public/data/`.
//!
//! Format (little endian): magic `PUDS`, u32 version 1, u32 n, u32 channels,
//! u32 height, u32 width, u32 n_classes, then n u8 labels, then n·C·H·W u8
//! pixels, sample-major and channel-major inside a sample. Files are gzipped.

use std::io::Read;

use super::{Dataset, FeatureShape};

/// Why a `.pubin` file could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PubinError {
    /// The gzip layer is broken.
    #[error("the dataset file is not valid gzip data ({0}); download it again")]
    Gzip(String),
    /// The file does not start with the `PUDS` header.
    #[error("the dataset file does not start with the PUDS header; is it a .pubin file?")]
    BadMagic,
    /// A version this reader does not know.
    #[error("the dataset file has format version {0}; this program reads version 1")]
    Version(u32),
    /// Fewer bytes than the header promises.
    #[error("the dataset file is truncated: expected {expected} bytes, found {found}")]
    Truncated {
        /// Bytes the header promises.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The header declares more data than a dataset file may hold.
    #[error(
        "the dataset file's header declares {n} images of {shape} pixels, more than the \
         {} MiB a dataset file may hold; the file is damaged: download it again",
        limit / (1024 * 1024)
    )]
    TooLarge {
        /// Declared number of images.
        n: usize,
        /// Declared shape of one image.
        shape: FeatureShape,
        /// Most bytes a file may hold, [`MAX_PUBIN_BYTES`].
        limit: usize,
    },
    /// A label outside `0..n_classes`.
    #[error("sample {index} has class {class}, but the file declares {n_classes} classes")]
    BadLabel {
        /// Sample index.
        index: usize,
        /// Its class id.
        class: u8,
        /// Declared number of classes.
        n_classes: usize,
    },
}

/// Bytes before the labels: magic and six u32 fields.
const HEADER_LEN: usize = 28;
/// Largest uncompressed file read (the biggest shipped one, CIFAR-10's
/// training subset, is 23 MB); a header declaring more is refused before
/// anything is allocated for it.
pub const MAX_PUBIN_BYTES: usize = 256 * 1024 * 1024;
/// Pixels converted per read when unpacking a gzipped file.
const CHUNK_BYTES: usize = 4096;

/// The fixed-size start of a `.pubin` file, checked.
struct Header {
    /// Number of images.
    n: usize,
    /// Shape of one image.
    shape: FeatureShape,
    /// Pixels per image.
    per_example: usize,
    /// Number of classes the labels are drawn from.
    n_classes: usize,
    /// Bytes the whole file needs: header, labels and pixels.
    total: usize,
}

impl Header {
    /// Reads the header from the first [`HEADER_LEN`] bytes of `start`, which
    /// holds `found` bytes in all (for the truncation message).
    fn parse(start: &[u8], found: usize) -> Result<Header, PubinError> {
        let Some(fields) = start.get(..HEADER_LEN) else {
            return Err(if start.starts_with(b"PUDS") || start.len() < 4 {
                PubinError::Truncated {
                    expected: HEADER_LEN,
                    found,
                }
            } else {
                PubinError::BadMagic
            });
        };
        if !fields.starts_with(b"PUDS") {
            return Err(PubinError::BadMagic);
        }
        let field = |i: usize| {
            let at = 4 + 4 * i;
            fields
                .get(at..at + 4)
                .and_then(|b| <[u8; 4]>::try_from(b).ok())
                .map_or(0, u32::from_le_bytes)
        };
        let version = field(0);
        if version != 1 {
            return Err(PubinError::Version(version));
        }
        let [n, channels, height, width, n_classes] = [1, 2, 3, 4, 5].map(|i| field(i) as usize);
        let shape = FeatureShape::Image {
            channels,
            height,
            width,
        };
        let too_large = || PubinError::TooLarge {
            n,
            shape,
            limit: MAX_PUBIN_BYTES,
        };
        let per_example = shape.checked_len().ok_or_else(too_large)?;
        let total = per_example
            .checked_add(1)
            .and_then(|per| per.checked_mul(n))
            .and_then(|body| body.checked_add(HEADER_LEN))
            .filter(|&total| total <= MAX_PUBIN_BYTES)
            .ok_or_else(too_large)?;
        Ok(Header {
            n,
            shape,
            per_example,
            n_classes,
            total,
        })
    }

    /// Refuses a label outside `0..n_classes`.
    fn check_labels(&self, classes: &[u8]) -> Result<(), PubinError> {
        match classes
            .iter()
            .enumerate()
            .find(|(_, c)| usize::from(**c) >= self.n_classes)
        {
            Some((index, &class)) => Err(PubinError::BadLabel {
                index,
                class,
                n_classes: self.n_classes,
            }),
            None => Ok(()),
        }
    }

    /// The dataset made of these labels and pixel values.
    fn dataset(&self, classes: Vec<u8>, features: Vec<f32>) -> Dataset {
        Dataset {
            shape: self.shape,
            features,
            classes,
            n_classes: self.n_classes,
        }
    }
}

/// A pixel byte scaled to [0, 1].
fn scaled(pixel: u8) -> f32 {
    f32::from(pixel) / 255.0
}

/// Parse an uncompressed `.pubin` file; pixels are scaled to [0, 1].
/// Bytes after the last image are ignored.
///
/// # Errors
/// A [`PubinError`] for a wrong magic or version, a header declaring more
/// than [`MAX_PUBIN_BYTES`], a truncated file or a label out of range.
pub fn parse_pubin(bytes: &[u8]) -> Result<Dataset, PubinError> {
    let header = Header::parse(bytes, bytes.len())?;
    let truncated = || PubinError::Truncated {
        expected: header.total,
        found: bytes.len(),
    };
    let body = bytes.get(HEADER_LEN..header.total).ok_or_else(truncated)?;
    let (classes, pixels) = body.split_at(header.n.min(body.len()));
    header.check_labels(classes)?;
    let features = pixels.iter().copied().map(scaled).collect();
    Ok(header.dataset(classes.to_vec(), features))
}

/// Gunzip then parse a `.pubin.gz` file, as [`parse_pubin`] does.
///
/// The file is unpacked twice: once to check that it holds what its header
/// declares, then into the dataset, so memory goes to data that is really
/// there and never to a copy of the whole uncompressed file.
///
/// # Errors
/// [`PubinError::Gzip`] for a broken gzip layer, or any error of [`parse_pubin`].
pub fn parse_pubin_gz(gz: &[u8]) -> Result<Dataset, PubinError> {
    check_gz_length(gz)?;
    let (header, mut reader) = gz_header(gz)?;
    let mut classes = vec![0u8; header.n];
    reader.read_exact(&mut classes).map_err(gzip_error)?;
    header.check_labels(&classes)?;
    let pixels = header.n * header.per_example;
    let mut features = Vec::with_capacity(pixels);
    let mut chunk = [0u8; CHUNK_BYTES];
    while features.len() < pixels {
        let want = (pixels - features.len()).min(CHUNK_BYTES);
        let part = chunk.get_mut(..want).unwrap_or_default();
        reader.read_exact(part).map_err(gzip_error)?;
        features.extend(part.iter().copied().map(scaled));
    }
    Ok(header.dataset(classes, features))
}

/// Refuses gzip data that unpacks to less than its header declares, reading
/// it through without keeping it.
fn check_gz_length(gz: &[u8]) -> Result<(), PubinError> {
    let (header, mut reader) = gz_header(gz)?;
    let body = (header.total - HEADER_LEN) as u64;
    let found =
        std::io::copy(&mut (&mut reader).take(body), &mut std::io::sink()).map_err(gzip_error)?;
    if found < body {
        return Err(PubinError::Truncated {
            expected: header.total,
            found: HEADER_LEN + found as usize,
        });
    }
    Ok(())
}

/// A gzip reader over `gz` positioned after the checked header.
fn gz_header(gz: &[u8]) -> Result<(Header, flate2::bufread::GzDecoder<&[u8]>), PubinError> {
    let mut reader = flate2::bufread::GzDecoder::new(gz);
    let mut start = Vec::with_capacity(HEADER_LEN);
    (&mut reader)
        .take(HEADER_LEN as u64)
        .read_to_end(&mut start)
        .map_err(gzip_error)?;
    let header = Header::parse(&start, start.len())?;
    Ok((header, reader))
}

/// A gzip failure as the error users see.
fn gzip_error(error: std::io::Error) -> PubinError {
    PubinError::Gzip(error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_file() -> Vec<u8> {
        let mut b = b"PUDS".to_vec();
        for v in [1u32, 2, 1, 1, 2, 3] {
            b.extend(v.to_le_bytes());
        }
        b.extend([2u8, 0]); // labels
        b.extend([0u8, 255, 51, 102]); // two 1×1×2 images
        b
    }

    #[test]
    fn parses_header_labels_and_scaled_pixels() {
        let d = parse_pubin(&tiny_file()).unwrap();
        assert_eq!(
            d.shape,
            FeatureShape::Image {
                channels: 1,
                height: 1,
                width: 2
            }
        );
        assert_eq!(d.classes, vec![2, 0]);
        assert_eq!(d.n_classes, 3);
        assert_eq!(d.example(0), &[0.0, 1.0]);
        assert!((d.example(1)[0] - 0.2).abs() < 1e-6);
    }

    #[test]
    fn refuses_broken_files() {
        let mut f = tiny_file();
        f.pop();
        assert_eq!(
            parse_pubin(&f),
            Err(PubinError::Truncated {
                expected: 34,
                found: 33
            })
        );
        let mut f = tiny_file();
        f[0] = b'X';
        assert_eq!(parse_pubin(&f), Err(PubinError::BadMagic));
        let mut f = tiny_file();
        f[28] = 9;
        assert!(matches!(
            parse_pubin(&f),
            Err(PubinError::BadLabel {
                index: 0,
                class: 9,
                ..
            })
        ));
        assert!(matches!(
            parse_pubin_gz(b"not gzip"),
            Err(PubinError::Gzip(_))
        ));
    }

    /// A header alone, with these six u32 fields, and `extra` bytes after it.
    fn header_only(fields: [u32; 6], extra: usize) -> Vec<u8> {
        let mut b = b"PUDS".to_vec();
        for v in fields {
            b.extend(v.to_le_bytes());
        }
        b.resize(b.len() + extra, 0);
        b
    }

    #[test]
    fn refuses_headers_whose_sizes_overflow() {
        // n × (C·H·W + 1) = (2³² − 1)(2³² + 1) wraps to −1, so the old length
        // check passed with 29 bytes and slicing the labels panicked.
        let wraps = header_only([1, u32::MAX, 65_536, 65_536, 1, 2], 1);
        let error = parse_pubin(&wraps).unwrap_err();
        assert_eq!(
            error,
            PubinError::TooLarge {
                n: u32::MAX as usize,
                shape: FeatureShape::Image {
                    channels: 65_536,
                    height: 65_536,
                    width: 1
                },
                limit: MAX_PUBIN_BYTES
            }
        );
        assert!(
            error.to_string().starts_with(
                "the dataset file's header declares 4294967295 images of 65536×65536×1 pixels"
            ),
            "{error}"
        );
        // C·H·W itself overflows.
        let product = header_only([1, 1, u32::MAX, u32::MAX, u32::MAX, 2], 1);
        assert!(matches!(
            parse_pubin(&product),
            Err(PubinError::TooLarge { n: 1, .. })
        ));
        // Within usize but over the limit: refused before reading on.
        let large = header_only([1, 1_000, 1, 1_000, 1_000, 2], 0);
        assert!(matches!(
            parse_pubin(&large),
            Err(PubinError::TooLarge { n: 1_000, .. })
        ));
    }

    fn gzipped(bytes: &[u8]) -> Vec<u8> {
        use std::io::Write;
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn gzipped_files_read_as_plain_ones() {
        let plain = tiny_file();
        assert_eq!(parse_pubin_gz(&gzipped(&plain)), parse_pubin(&plain));
        let mut cut = plain.clone();
        cut.pop();
        assert_eq!(
            parse_pubin_gz(&gzipped(&cut)),
            Err(PubinError::Truncated {
                expected: 34,
                found: 33
            })
        );
        assert_eq!(
            parse_pubin_gz(&gzipped(&plain[..10])),
            Err(PubinError::Truncated {
                expected: 28,
                found: 10
            })
        );
        let mut bad_label = plain;
        bad_label[29] = 3;
        assert!(matches!(
            parse_pubin_gz(&gzipped(&bad_label)),
            Err(PubinError::BadLabel {
                index: 1,
                class: 3,
                ..
            })
        ));
        let huge = header_only([1, u32::MAX, 65_536, 65_536, 1, 2], 1);
        assert!(matches!(
            parse_pubin_gz(&gzipped(&huge)),
            Err(PubinError::TooLarge { .. })
        ));
    }
}
