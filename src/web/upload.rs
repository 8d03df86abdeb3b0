//! Reading an uploaded log from a request body: raw text, or a multipart form with a file field
//! `log` (and, from the home page's form, a text field `text`). Bodies are read with a limit, so
//! an oversized upload is refused without holding it in memory, and within the deadline the
//! server's middleware gives every body (`web::limits`), so a stalled upload gets 408.

use actix_multipart::{Multipart, MultipartError};
use actix_web::HttpRequest;
use actix_web::error::PayloadError;
use actix_web::web::{Bytes, BytesMut, Payload};
use futures_util::StreamExt;

use crate::log::MAX_LOG_BYTES;

use super::error::WebError;
use super::limits::is_body_timeout;

/// Room for the multipart framing around a log of the maximum size.
const FRAMING: usize = 64 * 1024;

/// What a request carried.
#[derive(Debug, Default)]
pub struct Upload {
    /// The log: the file when one was chosen, else the pasted text, else the raw body.
    pub log: Bytes,
    /// The pasted text, to show again in the form when the log is refused.
    pub text: String,
    /// The chosen file's name (`?label=` for a raw body): the game's label.
    pub label: Option<String>,
}

/// A file name made a label: the name without its folder and its `.txt`/`.log` ending, control
/// characters dropped, at most 120 characters; `None` when nothing is left.
pub fn label_of(name: &str) -> Option<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let lower = base.to_ascii_lowercase();
    let stem = if lower.ends_with(".txt") || lower.ends_with(".log") {
        &base[..base.len() - 4]
    } else {
        base
    };
    let clean: String = stem.chars().filter(|c| !c.is_control()).take(120).collect();
    let clean = clean.trim();
    (!clean.is_empty()).then(|| clean.to_string())
}

/// Read the upload of `req`, multipart or raw.
pub async fn read_upload(req: &HttpRequest, payload: Payload) -> Result<Upload, WebError> {
    let multipart = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("multipart/form-data"));
    if multipart {
        read_form(req, payload).await
    } else {
        if announced_over(req, MAX_LOG_BYTES) {
            return Err(WebError::TooLarge);
        }
        let log = read_limited(payload, MAX_LOG_BYTES).await?;
        Ok(Upload {
            log,
            text: String::new(),
            label: None,
        })
    }
}

/// The whole body, refused past `limit` bytes.
pub async fn read_limited(mut payload: Payload, limit: usize) -> Result<Bytes, WebError> {
    let mut body = BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(payload_error)?;
        if body.len() + chunk.len() > limit {
            return Err(WebError::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

/// The most a multipart body may hold, all fields and framing together.
const MAX_FORM_BYTES: usize = MAX_LOG_BYTES + FRAMING;

/// Whether the request announces a body larger than `limit` (refused before reading it).
fn announced_over(req: &HttpRequest, limit: usize) -> bool {
    req.headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .is_some_and(|n| n > limit as u64)
}

async fn read_form(req: &HttpRequest, payload: Payload) -> Result<Upload, WebError> {
    if announced_over(req, MAX_FORM_BYTES) {
        return Err(WebError::TooLarge);
    }
    // The cap counts every byte of the body, whatever the fields: a field of another name is
    // skipped, but its bytes are read and counted.
    let mut seen = 0usize;
    let capped = payload.map(move |chunk| {
        let chunk = chunk?;
        seen += chunk.len();
        if seen > MAX_FORM_BYTES {
            Err(PayloadError::Overflow)
        } else {
            Ok(chunk)
        }
    });
    let mut form = Multipart::new(req.headers(), capped);
    let mut file = BytesMut::new();
    let mut text = BytesMut::new();
    let mut total = 0usize;
    let mut label = None;
    while let Some(field) = form.next().await {
        let mut field = field.map_err(multipart_error)?;
        if field.name() == Some("log") {
            label = field
                .content_disposition()
                .and_then(|cd| cd.get_filename())
                .and_then(label_of)
                .or(label);
        }
        let target = match field.name() {
            Some("log") => &mut file,
            Some("text") => &mut text,
            _ => continue,
        };
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(multipart_error)?;
            total += chunk.len();
            if total > MAX_FORM_BYTES || target.len() + chunk.len() > MAX_LOG_BYTES {
                return Err(WebError::TooLarge);
            }
            target.extend_from_slice(&chunk);
        }
    }
    let text_string = String::from_utf8_lossy(&text).into_owned();
    let (log, label) = if file.is_empty() {
        (text, None)
    } else {
        (file, label)
    };
    Ok(Upload {
        log: log.freeze(),
        text: text_string,
        label,
    })
}

/// A body that stopped arriving before its deadline is a 408; anything else a 400.
fn payload_error(e: PayloadError) -> WebError {
    if matches!(e, PayloadError::Overflow) {
        WebError::TooLarge
    } else if is_body_timeout(&e) {
        WebError::BodyTimeout(e.to_string())
    } else {
        WebError::BadRequest(e.to_string())
    }
}

fn multipart_error(e: MultipartError) -> WebError {
    match e {
        MultipartError::Payload(p) => payload_error(p),
        e => WebError::BadRequest(e.to_string()),
    }
}
