//! Base64url without padding (RFC 4648 §5): bytes as text that is safe in a
//! URL hash, for CSV data carried inside share links. The `base64` crate
//! does the work; this module fixes its settings and words its errors for
//! people.

use base64::engine::general_purpose::{GeneralPurpose, NO_PAD};
use base64::{DecodeError, Engine, alphabet};

use crate::user_text::clip;

/// URL-safe symbols, no padding written; decoding also takes a last symbol
/// with unused bits set, as every earlier version of the page did.
const ENGINE: GeneralPurpose = GeneralPurpose::new(
    &alphabet::URL_SAFE,
    NO_PAD.with_decode_allow_trailing_bits(true),
);

/// Encode bytes, without `=` padding.
pub fn encode(bytes: &[u8]) -> String {
    ENGINE.encode(bytes)
}

/// Decode base64url text (padding and surrounding whitespace allowed).
///
/// # Errors
/// The position and character of a symbol outside the alphabet, or a length
/// no encoder produces.
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim().trim_end_matches('=');
    ENGINE.decode(text).map_err(|error| match error {
        DecodeError::InvalidByte(at, _) => {
            let (before, rest) = text.split_at(text.floor_char_boundary(at));
            let shown: String = rest.chars().take(1).collect();
            format!(
                "character {} (\"{}\") is not base64url",
                before.chars().count() + 1,
                clip(&shown)
            )
        }
        // With the padding stripped and unused bits allowed, only the length
        // is left to be wrong.
        DecodeError::InvalidLength(_)
        | DecodeError::InvalidLastSymbol(..)
        | DecodeError::InvalidPadding => format!(
            "{} characters cannot be base64url (the text was cut short)",
            text.len()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_rfc_4648_vectors_without_padding() {
        let cases = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(encode(plain.as_bytes()), encoded);
            assert_eq!(decode(encoded).unwrap(), plain.as_bytes());
        }
        // The URL-safe symbols replace + and /.
        assert_eq!(encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(decode("-_8=").unwrap(), vec![0xfb, 0xff]);
    }

    #[test]
    fn round_trips_every_byte_and_refuses_damage() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&bytes)).unwrap(), bytes);
        assert!(decode("Zm9v!A").unwrap_err().contains("character 5"));
        assert!(decode("Zm9vY").unwrap_err().contains("cut short"));
    }

    #[test]
    fn takes_extra_padding_and_unused_bits_as_before() {
        assert_eq!(decode(" Zg=== ").unwrap(), b"f");
        assert_eq!(decode("Zh").unwrap(), b"f");
        assert_eq!(
            decode("Zg=A").unwrap_err(),
            "character 3 (\"=\") is not base64url"
        );
    }

    #[test]
    fn names_a_wrong_character_as_it_is_written() {
        assert_eq!(
            decode("Zm9vé").unwrap_err(),
            "character 5 (\"é\") is not base64url"
        );
        assert_eq!(
            decode("Zm\u{0}v").unwrap_err(),
            "character 3 (\"\\u{0}\") is not base64url"
        );
        // The byte found wrong can be inside a character; the whole one is named.
        assert_eq!(
            decode("abcé").unwrap_err(),
            "character 4 (\"é\") is not base64url"
        );
    }
}
