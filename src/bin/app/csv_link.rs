//! A CSV file inside a share link: gzip, then base64url, kept only in the
//! URL's hash (browsers never send the hash to a server). Off by default,
//! and refused above a size limit so links stay usable.

use policypu::base64url;

use crate::compression::{gunzip, gzip};

/// Largest compressed file a link carries. Links of this size work in
/// current browsers and chat tools; larger ones get cut.
pub const MAX_LINK_DATA_BYTES: usize = 32 * 1024;

/// The file as link text, or why it cannot go into a link.
pub async fn encode_for_link(bytes: &[u8]) -> Result<String, String> {
    let packed = gzip(bytes).await?;
    if packed.len() > MAX_LINK_DATA_BYTES {
        return Err(format!(
            "The file is {:.1} kB after compression, over the {} kB a link may carry: \
             the link holds the settings only, so send the file along with it.",
            packed.len() as f64 / 1024.0,
            MAX_LINK_DATA_BYTES / 1024
        ));
    }
    Ok(base64url::encode(&packed))
}

/// The file carried by a link.
pub async fn decode_from_link(text: &str) -> Result<Vec<u8>, String> {
    let packed = base64url::decode(text).map_err(|e| {
        format!("The CSV data in this link is damaged ({e}); ask for the link again.")
    })?;
    gunzip(&packed).await.map_err(|e| {
        format!("The CSV data in this link cannot be unpacked ({e}); it was probably cut short.")
    })
}
