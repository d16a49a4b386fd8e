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

const HEADER_LEN: usize = 28;

/// Parse an uncompressed `.pubin` file; pixels are scaled to [0, 1].
pub fn parse_pubin(bytes: &[u8]) -> Result<Dataset, PubinError> {
    if bytes.len() < HEADER_LEN {
        return Err(if bytes.starts_with(b"PUDS") || bytes.len() < 4 {
            PubinError::Truncated {
                expected: HEADER_LEN,
                found: bytes.len(),
            }
        } else {
            PubinError::BadMagic
        });
    }
    if &bytes[0..4] != b"PUDS" {
        return Err(PubinError::BadMagic);
    }
    let field = |i: usize| {
        let at = 4 + 4 * i;
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
    };
    let version = field(0);
    if version != 1 {
        return Err(PubinError::Version(version));
    }
    let [n, channels, height, width, n_classes] = [1, 2, 3, 4, 5].map(|i| field(i) as usize);
    let per_example = channels * height * width;
    let expected = HEADER_LEN + n + n * per_example;
    if bytes.len() < expected {
        return Err(PubinError::Truncated {
            expected,
            found: bytes.len(),
        });
    }
    let classes = bytes[HEADER_LEN..HEADER_LEN + n].to_vec();
    if let Some((index, &class)) = classes
        .iter()
        .enumerate()
        .find(|(_, c)| **c as usize >= n_classes)
    {
        return Err(PubinError::BadLabel {
            index,
            class,
            n_classes,
        });
    }
    let features = bytes[HEADER_LEN + n..expected]
        .iter()
        .map(|&p| p as f32 / 255.0)
        .collect();
    Ok(Dataset {
        shape: FeatureShape::Image {
            channels,
            height,
            width,
        },
        features,
        classes,
        n_classes,
    })
}

/// Gunzip then parse a `.pubin.gz` file.
pub fn parse_pubin_gz(gz: &[u8]) -> Result<Dataset, PubinError> {
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(gz)
        .read_to_end(&mut bytes)
        .map_err(|e| PubinError::Gzip(e.to_string()))?;
    parse_pubin(&bytes)
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
}
