//! Errors of the web layer and how each becomes an HTTP response: an HTML page for browsers,
//! a JSON body for the API. The message always says what went wrong (and where, for a log).

use actix_web::http::StatusCode;
use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

use crate::log::{LogError, MAX_LOG_BYTES};
use crate::store::StoreError;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("the page {0} does not exist")]
    NotFound(String),
    #[error("no replay has the id {0}")]
    UnknownReplay(String),
    #[error("the upload is larger than the {} MB a battle log may have", MAX_LOG_BYTES / (1024 * 1024))]
    TooLarge,
    #[error("{0}")]
    BadLog(#[from] LogError),
    #[error("the upload has no log: paste the text or choose a file")]
    EmptyUpload,
    #[error("the upload could not be read: {0}")]
    BadRequest(String),
    /// Not allowed, and why (deleting a replay without its owner token).
    #[error("{0}")]
    Forbidden(String),
    #[error("the replay store failed: {0}")]
    Store(#[from] StoreError),
    #[error("the page could not be rendered: {0}")]
    Render(String),
    #[error("the system's random source failed: {0}")]
    Random(String),
    #[error("too many uploads from this address: try again in {0} s")]
    RateLimited(u64),
    #[error("{0}")]
    BodyTimeout(String),
    /// Too many verifications in progress: try again in a few seconds.
    #[error("the server is busy verifying other logs: try again in {0} s")]
    Busy(u64),
}

impl WebError {
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::NotFound(_) | WebError::UnknownReplay(_) => StatusCode::NOT_FOUND,
            WebError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::BadLog(_) | WebError::EmptyUpload | WebError::BadRequest(_) => {
                StatusCode::BAD_REQUEST
            }
            WebError::Forbidden(_) => StatusCode::FORBIDDEN,
            // A hosted store's database that does not answer now: another try may succeed.
            WebError::Store(StoreError::Postgres(_) | StoreError::Connect { .. }) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            WebError::Store(_) | WebError::Render(_) | WebError::Random(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            WebError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
            WebError::BodyTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            WebError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    fn title(&self) -> &'static str {
        if matches!(self, WebError::Store(_)) && self.status() == StatusCode::SERVICE_UNAVAILABLE {
            return "The store is not answering";
        }
        match self.status() {
            StatusCode::NOT_FOUND => "Not found",
            StatusCode::PAYLOAD_TOO_LARGE => "Upload too large",
            StatusCode::BAD_REQUEST => "This is not a battle log",
            StatusCode::FORBIDDEN => "Not allowed",
            StatusCode::TOO_MANY_REQUESTS => "Too many uploads",
            StatusCode::REQUEST_TIMEOUT => "Upload too slow",
            StatusCode::SERVICE_UNAVAILABLE => "Busy",
            _ => "Something went wrong",
        }
    }
}

/// An error shown as an HTML page.
impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        let mut context = tera::Context::new();
        context.insert("title", self.title());
        context.insert("message", &self.to_string());
        context.insert("engine_version", env!("CARGO_PKG_VERSION"));
        let body = super::templates::tera()
            .render("error.html", &context)
            .unwrap_or_else(|_| "Something went wrong.".to_string());
        let mut response = HttpResponse::build(self.status())
            .content_type(ContentType::html())
            .body(body);
        retry_after(self, &mut response);
        response
    }
}

/// The same errors for the JSON API.
#[derive(Debug)]
pub struct ApiError(pub WebError);

impl From<WebError> for ApiError {
    fn from(e: WebError) -> Self {
        ApiError(e)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorDetail<'a>,
}

#[derive(Serialize)]
struct ErrorDetail<'a> {
    status: u16,
    /// The request field at fault (the judge tools name it; `.` is the whole body).
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<&'a str>,
    message: &'a str,
}

/// The API's error answer: `{"error": {"status", "field"?, "message"}}`.
pub fn json_error(status: StatusCode, field: Option<&str>, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(ErrorBody {
        error: ErrorDetail {
            status: status.as_u16(),
            field,
            message,
        },
    })
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.0.status()
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = json_error(self.0.status(), None, &self.0.to_string());
        retry_after(&self.0, &mut response);
        response
    }
}

/// `Retry-After` on a busy answer.
fn retry_after(e: &WebError, response: &mut HttpResponse) {
    let seconds = match e {
        WebError::Busy(seconds) => *seconds,
        _ if e.status() == StatusCode::SERVICE_UNAVAILABLE => super::work::RETRY_AFTER,
        _ => return,
    };
    response.headers_mut().insert(
        actix_web::http::header::RETRY_AFTER,
        actix_web::http::header::HeaderValue::from(seconds),
    );
}
