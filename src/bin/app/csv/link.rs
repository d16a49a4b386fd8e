//! A CSV file inside a share link, through `policypu::page::link_data` (gzip, then
//! base64url, bounded both ways: at most 32 kB compressed into a link, at
//! most the page's file limit out of one), with its messages as text.

use policypu::page::link_data;

pub use policypu::page::link_data::MAX_LINK_DATA_BYTES;

/// The file as link text, or why it cannot go into a link.
pub fn encode_for_link(bytes: &[u8]) -> Result<String, String> {
    link_data::encode(bytes).map_err(|e| e.to_string())
}

/// The file carried by a link, or why it cannot be read.
pub fn decode_from_link(text: &str) -> Result<Vec<u8>, String> {
    link_data::decode(text).map_err(|e| e.to_string())
}
