//! Limits that keep one client from starving the others: the server's timeouts, a deadline for
//! a request body to arrive (a slow-loris upload), and a token bucket per client on the upload
//! routes (`POST /replays`, `POST /api/v1/replays`).
//!
//! The client is the peer's IP address (an IPv6 peer by its /64, so one host cannot dodge the
//! limit by changing the low bits), or, with [`Limits::trust_proxy`], the first address of the
//! `X-Forwarded-For` header: turn that on only behind a proxy that sets the header, since a
//! client talking to the service directly could write any address there.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::rt::time::{Sleep, sleep};
use actix_web::web::Bytes;
use actix_web::{Error, HttpMessage, HttpRequest, ResponseError};
use futures_util::Stream;

use super::error::{ApiError, WebError};

/// The server's limits ([`Settings::limits`](super::Settings::limits)).
#[derive(Debug, Clone)]
pub struct Limits {
    /// How long a client may take to send a request's head (line and headers); then 408.
    pub request_head_timeout: Duration,
    /// How long a connection may take to close after the response, before it is dropped.
    pub disconnect_timeout: Duration,
    /// How long an idle keep-alive connection stays open.
    pub keep_alive: Duration,
    /// How long a request body may take to arrive in full, from the end of its head; then 408.
    pub body_timeout: Duration,
    /// Uploads per client; `None` for no limit.
    pub uploads: Option<UploadRate>,
    /// Key the upload limit by the first `X-Forwarded-For` address instead of the peer's.
    pub trust_proxy: bool,
    /// How many clients the upload limit remembers; idle ones are forgotten first.
    pub max_clients: usize,
    /// How long sent data may wait unacknowledged (a client that stops reading a response)
    /// before the connection is cut: the socket's `TCP_USER_TIMEOUT`, so a stalled reader holds
    /// neither a worker's buffers nor the kernel's for longer than this.
    pub send_timeout: Duration,
}

/// A token bucket: `burst` uploads at once, then `per_second` on average.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UploadRate {
    pub burst: u32,
    pub per_second: f64,
}

impl Default for UploadRate {
    fn default() -> UploadRate {
        UploadRate {
            burst: 20,
            per_second: 1.0,
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            request_head_timeout: Duration::from_secs(5),
            disconnect_timeout: Duration::from_secs(2),
            keep_alive: Duration::from_secs(15),
            // 5 MB in 30 s is 170 KB/s: a log is usually 10–30 KB.
            body_timeout: Duration::from_secs(30),
            uploads: Some(UploadRate::default()),
            trust_proxy: false,
            max_clients: 10_000,
            send_timeout: Duration::from_secs(30),
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

/// Token buckets by client, at most `max_clients` of them.
#[derive(Debug)]
pub struct RateLimiter {
    rate: UploadRate,
    max_clients: usize,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl RateLimiter {
    pub fn new(rate: UploadRate, max_clients: usize) -> RateLimiter {
        RateLimiter {
            rate,
            max_clients: max_clients.max(1),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Take one token for `client` at `now`, or say how long until one is there.
    pub fn check(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        let burst = f64::from(self.rate.burst);
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if !buckets.contains_key(&client) && buckets.len() >= self.max_clients {
            self.evict(&mut buckets, now);
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: burst,
            last: now,
        });
        let elapsed = now.saturating_duration_since(bucket.last).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * self.rate.per_second).min(burst);
        bucket.last = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else if self.rate.per_second > 0.0 {
            Err(Duration::from_secs_f64(
                (1.0 - bucket.tokens) / self.rate.per_second,
            ))
        } else {
            Err(Duration::from_secs(3600))
        }
    }

    /// How many clients are remembered.
    pub fn len(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Make room down to three quarters of the cap (so the sweep is paid once per many new
    /// clients): first forget the buckets that have refilled (a fresh bucket is the same), then
    /// the least recently seen.
    fn evict(&self, buckets: &mut HashMap<IpAddr, Bucket>, now: Instant) {
        let burst = f64::from(self.rate.burst);
        let per_second = self.rate.per_second;
        buckets.retain(|_, b| {
            b.tokens + now.saturating_duration_since(b.last).as_secs_f64() * per_second < burst
        });
        let keep = self.max_clients * 3 / 4;
        if buckets.len() > keep {
            let mut seen: Vec<Instant> = buckets.values().map(|b| b.last).collect();
            let cut = buckets.len() - keep;
            let (_, oldest_kept, _) = seen.select_nth_unstable(cut);
            let oldest_kept = *oldest_kept;
            buckets.retain(|_, b| b.last >= oldest_kept);
        }
    }
}

/// What the middleware needs, shared by every worker.
#[derive(Debug, Clone)]
pub struct Guard {
    limiter: Option<Arc<RateLimiter>>,
    trust_proxy: bool,
    body_timeout: Duration,
}

impl Guard {
    pub fn new(limits: &Limits) -> Guard {
        Guard {
            limiter: limits
                .uploads
                .map(|rate| Arc::new(RateLimiter::new(rate, limits.max_clients))),
            trust_proxy: limits.trust_proxy,
            body_timeout: limits.body_timeout,
        }
    }
}

/// The upload routes the limit applies to, by the path as the router reads it: percent-encoded
/// letters are decoded there (`/api/v1/%72eplays` is `/api/v1/replays`), so the raw path would
/// let a client dodge the limit.
fn is_upload(req: &ServiceRequest) -> bool {
    req.method() == Method::POST && is_upload_path(req.match_info().as_str())
}

fn is_upload_path(path: &str) -> bool {
    matches!(path, "/replays" | "/api/v1/replays")
}

/// Whether the request says it has a body.
fn has_body(req: &HttpRequest) -> bool {
    let headers = req.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() != "0")
}

/// The client an upload is counted against.
pub fn client_key(req: &HttpRequest, trust_proxy: bool) -> Option<IpAddr> {
    let forwarded = trust_proxy
        .then(|| req.headers().get("x-forwarded-for"))
        .flatten()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .and_then(parse_address);
    let ip = forwarded.or_else(|| req.peer_addr().map(|a| a.ip()))?;
    Some(normalise(ip))
}

/// `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]:80`.
fn parse_address(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<std::net::SocketAddr>().ok().map(|a| a.ip()))
}

/// IPv4-mapped IPv6 as IPv4; other IPv6 addresses by their /64.
fn normalise(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The middleware: refuse an upload over its client's limit with 429 and `Retry-After` (JSON
/// on the API, a page on the form), and give every request body a deadline.
pub async fn guard<B: MessageBody + 'static>(
    guard: Guard,
    mut req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, Error> {
    if let Some(limiter) = &guard.limiter
        && is_upload(&req)
        && let Some(client) = client_key(req.request(), guard.trust_proxy)
        && let Err(wait) = limiter.check(client, Instant::now())
    {
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let seconds = seconds.max(1);
        let error = WebError::RateLimited(seconds);
        let mut response = if req.match_info().as_str().starts_with("/api/") {
            ApiError(error).error_response()
        } else {
            error.error_response()
        };
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        // The body is not read: close the connection rather than drain it.
        response
            .head_mut()
            .set_connection_type(actix_web::http::ConnectionType::Close);
        return Ok(req.into_response(response).map_into_right_body());
    }
    if has_body(req.request()) {
        let inner = req.take_payload();
        let stream: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(Deadline {
            inner,
            sleep: Box::pin(sleep(guard.body_timeout)),
            limit: guard.body_timeout,
            expired: false,
        });
        req.set_payload(Payload::from(stream));
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// A request body that fails with `TimedOut` when it has not ended by the deadline.
struct Deadline {
    inner: Payload,
    sleep: Pin<Box<Sleep>>,
    limit: Duration,
    expired: bool,
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.expired {
            return Poll::Ready(None);
        }
        if let Poll::Ready(item) = Pin::new(&mut self.inner).poll_next(cx) {
            return Poll::Ready(item);
        }
        if self.sleep.as_mut().poll(cx).is_ready() {
            self.expired = true;
            return Poll::Ready(Some(Err(body_timeout_error(self.limit))));
        }
        Poll::Pending
    }
}

fn body_timeout_error(limit: Duration) -> PayloadError {
    PayloadError::Io(std::io::Error::new(
        std::io::ErrorKind::TimedOut,
        format!(
            "the request body did not arrive within {} s",
            limit.as_secs_f64()
        ),
    ))
}

/// Whether a body read failed because its deadline passed.
pub fn is_body_timeout(e: &PayloadError) -> bool {
    matches!(e, PayloadError::Io(io) if io.kind() == std::io::ErrorKind::TimedOut)
}

/// The connections the server holds now, by the peer's address, each from the moment it is
/// accepted until the server lets it go (its data is dropped), and the last
/// [`Connections::REMEMBERED`] it let go. It is what a test waits on to see that the server cut a
/// connection (a client that stopped reading, for one) instead of sleeping "long enough"; the
/// service itself does not read it.
#[derive(Debug, Default)]
pub struct Connections {
    inner: Mutex<ConnectionList>,
}

#[derive(Debug, Default)]
struct ConnectionList {
    open: HashMap<SocketAddr, usize>,
    closed: std::collections::VecDeque<SocketAddr>,
}

impl Connections {
    /// How many connections let go are remembered (the oldest are forgotten first).
    pub const REMEMBERED: usize = 1024;

    fn list(&self) -> std::sync::MutexGuard<'_, ConnectionList> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the server holds a connection from `peer` (the client's own address).
    pub fn is_open(&self, peer: SocketAddr) -> bool {
        self.list().open.contains_key(&peer)
    }

    /// Whether the server let a connection from `peer` go (among the last it let go).
    pub fn has_closed(&self, peer: SocketAddr) -> bool {
        self.list().closed.contains(&peer)
    }

    /// Record a new connection: it stays listed while `data` (the connection's data, dropped
    /// with the connection) lives.
    pub fn track(
        self: &Arc<Self>,
        connection: &dyn std::any::Any,
        data: &mut actix_web::dev::Extensions,
    ) {
        let Some(stream) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() else {
            return;
        };
        let Ok(peer) = stream.peer_addr() else { return };
        *self.list().open.entry(peer).or_default() += 1;
        data.insert(Open {
            peer,
            connections: self.clone(),
        });
    }
}

/// One connection in [`Connections`], moved to the closed ones when dropped.
struct Open {
    peer: SocketAddr,
    connections: Arc<Connections>,
}

impl Drop for Open {
    fn drop(&mut self) {
        let mut list = self.connections.list();
        if let Some(n) = list.open.get_mut(&self.peer) {
            *n -= 1;
            if *n == 0 {
                list.open.remove(&self.peer);
            }
        }
        if list.closed.len() == Connections::REMEMBERED {
            list.closed.pop_front();
        }
        list.closed.push_back(self.peer);
    }
}

/// Give a new connection its send timeout (see [`Limits::send_timeout`]): Linux aborts a
/// connection whose sent data stays unacknowledged that long, zero-window probes included, so a
/// client that stops reading is cut off. Elsewhere, or for a connection that is not TCP, this
/// does nothing and the kernel's own retransmission limits apply.
pub fn cut_stalled_readers(connection: &dyn std::any::Any, send_timeout: Duration) {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    if let Some(stream) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
        let socket = socket2::SockRef::from(stream);
        if let Err(e) = socket.set_tcp_user_timeout(Some(send_timeout)) {
            eprintln!("warning: cannot set the send timeout of a connection: {e}");
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let _ = (connection, send_timeout);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_bucket_gives_its_burst_then_refills_at_the_rate() {
        let limiter = RateLimiter::new(
            UploadRate {
                burst: 3,
                per_second: 2.0,
            },
            100,
        );
        let t = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.check(ip("10.0.0.1"), t), Ok(()));
        }
        let wait = limiter.check(ip("10.0.0.1"), t).unwrap_err();
        assert_eq!(wait, Duration::from_millis(500));
        // Another client is not affected.
        assert_eq!(limiter.check(ip("10.0.0.2"), t), Ok(()));
        // Half a second later one token is back, and only one.
        let later = t + Duration::from_millis(500);
        assert_eq!(limiter.check(ip("10.0.0.1"), later), Ok(()));
        assert!(limiter.check(ip("10.0.0.1"), later).is_err());
        // Never more than the burst, however long the wait.
        let much_later = t + Duration::from_secs(3600);
        for _ in 0..3 {
            assert_eq!(limiter.check(ip("10.0.0.1"), much_later), Ok(()));
        }
        assert!(limiter.check(ip("10.0.0.1"), much_later).is_err());
    }

    #[test]
    fn the_map_stays_under_its_cap_and_forgets_idle_clients_first() {
        let rate = UploadRate {
            burst: 2,
            per_second: 1.0,
        };
        let limiter = RateLimiter::new(rate, 100);
        let t = Instant::now();
        // An active client that has used its burst.
        let busy = ip("192.168.0.1");
        limiter.check(busy, t).unwrap();
        limiter.check(busy, t).unwrap();
        for i in 0..1000u32 {
            let client = IpAddr::from((0x0a00_0000 + i).to_be_bytes());
            limiter
                .check(client, t + Duration::from_millis(u64::from(i)))
                .unwrap();
            assert!(limiter.len() <= 100);
        }
        // The busy client was the least recently seen, so it went first: a forgotten client
        // starts again with a full bucket.
        assert_eq!(limiter.check(busy, t + Duration::from_secs(1)), Ok(()));
        assert_eq!(limiter.check(busy, t + Duration::from_secs(1)), Ok(()));
    }

    #[test]
    fn refilled_buckets_go_before_recent_ones() {
        let rate = UploadRate {
            burst: 1,
            per_second: 1.0,
        };
        let limiter = RateLimiter::new(rate, 4);
        let t = Instant::now();
        let busy = ip("10.1.0.1");
        for i in 0..4u8 {
            limiter.check(IpAddr::from([10, 0, 0, i]), t).unwrap();
        }
        // Two seconds on, the four have refilled; a busy client empties its bucket.
        let t2 = t + Duration::from_secs(2);
        limiter.check(busy, t2).unwrap();
        assert_eq!(limiter.len(), 1, "refilled buckets were swept");
        assert!(
            limiter.check(busy, t2).is_err(),
            "the busy client is still limited"
        );
    }

    #[test]
    fn addresses_are_read_and_normalised() {
        assert_eq!(parse_address(" 203.0.113.7 "), Some(ip("203.0.113.7")));
        assert_eq!(parse_address("203.0.113.7:4431"), Some(ip("203.0.113.7")));
        assert_eq!(parse_address("[2001:db8::1]:80"), Some(ip("2001:db8::1")));
        assert_eq!(parse_address("unknown"), None);
        assert_eq!(normalise(ip("::ffff:10.0.0.1")), ip("10.0.0.1"));
        assert_eq!(
            normalise(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
            ip("2001:db8:1:2::")
        );
    }
}
