//! The server's limits on port 0 with a temporary store: a client that stalls inside its headers
//! or its body is cut off with 408 within the bound, an idle keep-alive connection is closed,
//! and the per-client upload limit answers 429 with `Retry-After` to one client while another
//! still uploads. Timeouts are set short through `Limits`, so the suite is quick.
//!
//! No assertion here depends on how fast this machine is (it is shared, with 2 cores): each test
//! waits for an event the server shows (a close, a status, a job in flight through
//! `Work::hold`, a connection gone from `AppState::connections`) for up to a generous 60 s, and
//! fails only if the event never comes. How soon a timeout fires is not asserted (actix takes
//! the head and keep-alive deadlines from a clock it caches and refreshes every 500 ms, so even
//! a lower bound would race); that it fires, and which one (the 408's message names the body's
//! deadline), is.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use actix_web::dev::ServerHandle;
use ptcg_judge::store::Store;
use ptcg_judge::web::{AppState, Limits, UploadRate, run_with};
use reqwest::StatusCode;
use serde_json::Value;

const SAMPLE: &str = include_str!("../replays/illegal-second-supporter.log");

/// The app on port 0 with the given limits (the spawn of tests/web.rs, with `run_with`).
struct TestApp {
    addr: std::net::SocketAddr,
    state: actix_web::web::Data<AppState>,
    handle: ServerHandle,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    client: reqwest::Client,
}

impl TestApp {
    async fn spawn(dir: &Path, limits: Limits) -> TestApp {
        let store = Store::open(dir, 8 << 20).unwrap();
        let state = actix_web::web::Data::new(AppState::with(store, None, String::new()));
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let server = run_with(listener, state.clone(), &limits).unwrap();
        let handle = server.handle();
        let task = tokio::spawn(server);
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(PATIENCE)
            .build()
            .unwrap();
        TestApp {
            addr,
            state,
            handle,
            task,
            client,
        }
    }

    async fn stop(self) {
        self.handle.stop(true).await;
        let _ = self.task.await;
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `POST /api/v1/replays` with the sample, as the client `forwarded_for` when given.
    async fn upload(&self, forwarded_for: Option<&str>) -> reqwest::Response {
        let mut request = self
            .client
            .post(self.url("/api/v1/replays"))
            .header("content-type", "text/plain")
            .body(SAMPLE);
        if let Some(address) = forwarded_for {
            request = request.header("x-forwarded-for", address);
        }
        request.send().await.unwrap()
    }
}

/// How long a test waits for the event it expects before it fails: far longer than any timeout
/// under test, so only a server that never does the thing fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// Wait (at most [`PATIENCE`]) until `event` holds; panic saying `what` otherwise.
async fn wait_for(what: &str, event: impl Fn() -> bool) {
    let start = Instant::now();
    while !event() {
        assert!(
            start.elapsed() < PATIENCE,
            "{what}: not within {PATIENCE:?}"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// Short timeouts, so a stalled client is cut off quickly.
fn short_timeouts() -> Limits {
    Limits {
        request_head_timeout: Duration::from_millis(500),
        disconnect_timeout: Duration::from_millis(200),
        keep_alive: Duration::from_millis(800),
        body_timeout: Duration::from_millis(500),
        ..Limits::default()
    }
}

/// The upload limit of a test: `burst` uploads, then (practically) none.
fn upload_limit(burst: u32, trust_proxy: bool) -> Limits {
    Limits {
        uploads: Some(UploadRate {
            burst,
            per_second: 0.001,
        }),
        trust_proxy,
        ..Limits::default()
    }
}

/// Send `bytes` on a new connection, then read until the server closes it (at most
/// [`PATIENCE`]: a connection still open then fails the test). Returns what was read.
async fn send_and_wait_for_close(addr: std::net::SocketAddr, bytes: &'static [u8]) -> String {
    let patience = PATIENCE;
    tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(patience)).unwrap();
        stream.write_all(bytes).unwrap();
        let mut received = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => received.extend_from_slice(&buf[..n]),
                // A reset also ends the connection.
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break,
                Err(e) => panic!(
                    "the server kept the connection open past {patience:?}: {e} (read so far: {:?})",
                    String::from_utf8_lossy(&received)
                ),
            }
        }
        String::from_utf8_lossy(&received).into_owned()
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_whose_body_stalls_gets_408_from_the_body_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path(), short_timeouts()).await;
    // The head is complete and promises 5,000 bytes; a few arrive, then nothing.
    let request = b"POST /api/v1/replays HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 5000\r\n\r\nSetup\nAsh K 1999 chose heads";
    let response = send_and_wait_for_close(app.addr, request).await;
    assert!(
        response.starts_with("HTTP/1.1 408"),
        "408 for a stalled body, got {response:?}"
    );
    assert!(
        response.contains(r#""status":408"#) && response.contains("did not arrive within 0.5 s"),
        "the API's JSON error says why: {response:?}"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_form_upload_whose_body_stalls_gets_an_html_408() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path(), short_timeouts()).await;
    let request = b"POST /replays HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 5000\r\n\r\n--XyZ\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nSetup\n";
    let response = send_and_wait_for_close(app.addr, request).await;
    assert!(response.starts_with("HTTP/1.1 408"), "got {response:?}");
    assert!(response.contains("Upload too slow"), "an HTML error page");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_stalls_inside_its_headers_is_cut_off() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path(), short_timeouts()).await;
    // No blank line: the head never ends.
    let request = b"GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow";
    let response = send_and_wait_for_close(app.addr, request).await;
    assert!(
        response.is_empty() || response.starts_with("HTTP/1.1 408"),
        "408 or a plain close, got {response:?}"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_idle_keep_alive_connection_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path(), short_timeouts()).await;
    let request = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n";
    let response = send_and_wait_for_close(app.addr, request).await;
    assert!(response.starts_with("HTTP/1.1 200"), "got {response:?}");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_over_its_upload_burst_gets_429_while_another_still_uploads() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path(), upload_limit(3, true)).await;
    let a = Some("203.0.113.1");
    let b = Some("203.0.113.2, 10.0.0.1");
    for i in 0..3 {
        assert_eq!(
            app.upload(a).await.status(),
            StatusCode::CREATED,
            "upload {i} is within the burst"
        );
    }
    let refused = app.upload(a).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (1..=1000).contains(&retry_after),
        "Retry-After in whole seconds: {retry_after}"
    );
    assert!(refused.headers().contains_key("content-security-policy"));
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["error"]["status"], 429);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("too many uploads"),
        "{body}"
    );

    // Another client (by its first X-Forwarded-For address) is not affected.
    assert_eq!(app.upload(b).await.status(), StatusCode::CREATED);

    // The form answers with a page; other pages are not limited.
    let form = app
        .client
        .post(app.url("/replays"))
        .header("x-forwarded-for", "203.0.113.1")
        .header("content-type", "application/x-www-form-urlencoded")
        .body("text=x")
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(form.headers().contains_key("retry-after"));
    assert!(form.text().await.unwrap().contains("Too many uploads"));
    let page = app
        .client
        .get(app.url("/"))
        .header("x-forwarded-for", "203.0.113.1")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    app.stop().await;
}

/// The limit holds however the upload route is spelled: percent-encoded letters reach the same
/// route, so they count against the same client.
#[tokio::test(flavor = "multi_thread")]
async fn percent_encoded_spellings_of_the_upload_routes_count_against_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path(), upload_limit(2, true)).await;
    let a = Some("203.0.113.9");
    for _ in 0..2 {
        assert_eq!(app.upload(a).await.status(), StatusCode::CREATED);
    }
    for path in [
        "/api/v1/%72eplays",
        "/api/v1/replay%73",
        "/api/%76%31/replays",
        "/%72eplays",
        "/replay%73",
    ] {
        let form = path.starts_with("/%") || path.starts_with("/replay%");
        let mut request = app
            .client
            .post(app.url(path))
            .header("x-forwarded-for", "203.0.113.9");
        request = if form {
            request
                .header("content-type", "application/x-www-form-urlencoded")
                .body("text=x")
        } else {
            request.header("content-type", "text/plain").body(SAMPLE)
        };
        let r = request.send().await.unwrap();
        assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS, "{path}");
    }
    // Another client is not affected, spelled either way.
    let r = app
        .client
        .post(app.url("/api/v1/%72eplays"))
        .header("x-forwarded-for", "203.0.113.10")
        .header("content-type", "text/plain")
        .body(SAMPLE)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    app.stop().await;
}

/// The body cap counts the whole multipart body: a large field of another name beside a small
/// `log` field is refused (413), announced or streamed (chunked, no length); the same small log
/// alone is taken.
#[tokio::test(flavor = "multi_thread")]
async fn a_multipart_body_with_a_large_extra_field_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(
        dir.path(),
        Limits {
            uploads: None,
            ..Limits::default()
        },
    )
    .await;
    let form = || {
        reqwest::multipart::Form::new()
            .part(
                "log",
                reqwest::multipart::Part::bytes(SAMPLE.as_bytes().to_vec()).file_name("game.txt"),
            )
            .part(
                "padding",
                reqwest::multipart::Part::bytes(vec![b'x'; 12 << 20]).file_name("pad.bin"),
            )
    };
    let r = app
        .client
        .post(app.url("/api/v1/replays"))
        .multipart(form())
        .send()
        .await;
    // The server may answer 413 and close before the client has sent it all.
    if let Ok(r) = r {
        assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    }
    // Streamed without a length (chunked): counted as it arrives.
    let addr = app.addr;
    let status = tokio::task::spawn_blocking(move || {
        let boundary = "XyZbOuNdArY";
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        stream.set_write_timeout(Some(PATIENCE)).unwrap();
        let head = format!(
            "POST /api/v1/replays HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary={boundary}\r\nTransfer-Encoding: chunked\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).unwrap();
        // Whether the chunk was sent: false once the server has closed the connection. A
        // server that neither reads nor closes for PATIENCE fails the test.
        let chunk = |data: &[u8], stream: &mut TcpStream| -> bool {
            let mut c = format!("{:x}\r\n", data.len()).into_bytes();
            c.extend_from_slice(data);
            c.extend_from_slice(b"\r\n");
            match stream.write_all(&c) {
                Ok(()) => true,
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    panic!("the server neither read the streamed upload nor closed it within {PATIENCE:?}")
                }
                Err(_) => false,
            }
        };
        let opening = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"log\"; filename=\"g.txt\"\r\n\r\n{SAMPLE}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\n"
        );
        chunk(opening.as_bytes(), &mut stream);
        let block = vec![b'y'; 64 * 1024];
        for _ in 0..(12 * 16) {
            if !chunk(&block, &mut stream) {
                break; // the server answered and closed
            }
        }
        // Read the answer's head, or until the server ends the connection. A read that times
        // out (the server neither answered nor closed within PATIENCE) fails the test.
        let mut received = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    received.extend_from_slice(&buf[..n]);
                    if received.windows(4).any(|w| w == b"\r\n\r\n") || received.len() > 64 * 1024
                    {
                        break;
                    }
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::ConnectionReset
                            | std::io::ErrorKind::ConnectionAborted
                            | std::io::ErrorKind::BrokenPipe
                    ) =>
                {
                    break;
                }
                Err(e) => panic!(
                    "the server neither answered nor closed the streamed upload within {PATIENCE:?}: {e}"
                ),
            }
        }
        String::from_utf8_lossy(&received).into_owned()
    })
    .await
    .unwrap();
    // Refused: 413, or the connection ended before the answer could be read (the server
    // closes without reading the rest, and the reset may discard the answer). Taking it would
    // have answered 201.
    assert!(
        status.starts_with("HTTP/1.1 413") || status.is_empty(),
        "{status:?}"
    );
    // Neither upload was stored, whatever the client could read of the answers.
    let health: Value = app
        .client
        .get(app.url("/healthz"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        health["replays"], 0,
        "an oversized body was stored: {health}"
    );
    // The small log alone is taken.
    let ok = reqwest::multipart::Form::new().part(
        "log",
        reqwest::multipart::Part::bytes(SAMPLE.as_bytes().to_vec()).file_name("game.txt"),
    );
    let r = app
        .client
        .post(app.url("/api/v1/replays"))
        .multipart(ok)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let health: Value = app
        .client
        .get(app.url("/healthz"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(health["replays"], 1, "{health}");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn without_trust_proxy_the_forwarded_header_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path(), upload_limit(2, false)).await;
    assert_eq!(
        app.upload(Some("203.0.113.1")).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        app.upload(Some("203.0.113.2")).await.status(),
        StatusCode::CREATED
    );
    // Both came from 127.0.0.1: a third address in the header does not make a new client.
    let r = app.upload(Some("203.0.113.3")).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().contains_key("retry-after"));
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn with_no_upload_limit_every_upload_is_taken() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        uploads: None,
        ..Limits::default()
    };
    let app = TestApp::spawn(dir.path(), limits).await;
    for _ in 0..25 {
        assert_eq!(app.upload(None).await.status(), StatusCode::CREATED);
    }
    app.stop().await;
}

/// Verifying runs off the HTTP workers within a budget of log bytes (here one job at a time):
/// while a large upload is being verified a bystander's `/healthz` is answered, and with the one
/// slot taken another large upload gets 503 with `Retry-After` instead of waiting; a small one
/// (verified on the worker) is still taken. The large upload's job is held in its slot with
/// `Work::hold` until the test has seen all that, so nothing races its verification.
#[tokio::test(flavor = "multi_thread")]
async fn verifying_runs_off_the_workers_and_a_full_queue_answers_503() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path(), 8 << 20).unwrap();
    let state =
        actix_web::web::Data::new(AppState::with(store, None, String::new()).with_work_budget(1));
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let limits = Limits {
        uploads: None,
        ..Limits::default()
    };
    let server = run_with(listener, state.clone(), &limits).unwrap();
    let handle = server.handle();
    let task = tokio::spawn(server);
    let client = reqwest::Client::builder()
        .timeout(PATIENCE)
        .build()
        .unwrap();
    let url = |p: &str| format!("http://{addr}{p}");

    // A large log: the sample's game, many times over (about 4 MB).
    let big = SAMPLE.repeat((4 << 20) / SAMPLE.len());
    state.work.hold();
    let upload = {
        let (client, u, big) = (client.clone(), url("/api/v1/replays"), big.clone());
        tokio::spawn(async move {
            client
                .post(u)
                .header("content-type", "text/plain")
                .body(big)
                .send()
                .await
                .unwrap()
                .status()
        })
    };
    // The verification has its slot (and is held there).
    wait_for("the large upload's verification taking its slot", || {
        state.work.in_flight() == 1
    })
    .await;
    // A bystander is answered while it is in progress.
    let health = client.get(url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    assert_eq!(
        state.work.in_flight(),
        1,
        "the held job is still in progress"
    );
    // Another upload large enough to go to the pool (a small one is verified on the worker)
    // finds the budget taken.
    let second = client
        .post(url("/api/v1/replays"))
        .header("content-type", "text/plain")
        .body(SAMPLE.repeat((256 << 10) / SAMPLE.len()))
        .send()
        .await
        .unwrap();
    assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(second.headers().contains_key("retry-after"));
    let body: Value = second.json().await.unwrap();
    assert!(
        body["error"]["message"].as_str().unwrap().contains("busy"),
        "{body}"
    );
    // A small upload is still taken.
    let small = client
        .post(url("/api/v1/replays"))
        .header("content-type", "text/plain")
        .body(SAMPLE)
        .send()
        .await
        .unwrap();
    assert_eq!(small.status(), StatusCode::CREATED);
    assert_eq!(
        state.work.in_flight(),
        1,
        "the held job is still in progress"
    );
    state.work.release();
    assert_eq!(upload.await.unwrap(), StatusCode::CREATED);
    // With the slot free again, a large upload is taken.
    let third = client
        .post(url("/api/v1/replays"))
        .header("content-type", "text/plain")
        .body(SAMPLE.repeat((256 << 10) / SAMPLE.len()))
        .send()
        .await
        .unwrap();
    assert_eq!(third.status(), StatusCode::CREATED);
    handle.stop(true).await;
    let _ = task.await;
}

/// A client that asks for a large page and never reads it is cut off once the page's data has
/// waited unacknowledged for the send timeout (1 s here): the server lets the connection go
/// (it leaves `AppState::connections`; with the keep-alive at an hour nothing else would end it),
/// the client gets only what fitted in the buffers, and then the connection ends.
#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_stops_reading_is_cut_off() {
    let dir = tempfile::tempdir().unwrap();
    // The keep-alive far past PATIENCE: only the send timeout can end the connection in time.
    let limits = Limits {
        send_timeout: Duration::from_secs(1),
        keep_alive: Duration::from_secs(3600),
        uploads: None,
        ..Limits::default()
    };
    let app = TestApp::spawn(dir.path(), limits).await;
    // About 1 MB of game-shaped lines: a replay page part of several hundred KB.
    let long = SAMPLE.repeat((1 << 20) / SAMPLE.len());
    let r = app
        .client
        .post(app.url("/api/v1/replays"))
        .header("content-type", "text/plain")
        .body(long)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = r.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/replays/{id}");
    let whole = app.client.get(app.url(&path)).send().await.unwrap();
    let whole = whole.bytes().await.unwrap().len();
    assert!(whole > 300_000, "the page is only {whole} bytes");

    // A small receive window, as a slow phone on a bad link has; the request is sent and then
    // nothing is read.
    let addr = app.addr;
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n");
    let connections = app.state.connections.clone();
    let seen = connections.clone();
    let stream = tokio::task::spawn_blocking(move || {
        use socket2::{Domain, Socket, Type};
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        socket
            .bind(&std::net::SocketAddr::from(([127, 0, 0, 1], 0)).into())
            .unwrap();
        let me = socket.local_addr().unwrap().as_socket().unwrap();
        assert!(!seen.has_closed(me), "{me} was used before");
        socket.connect(&addr.into()).unwrap();
        let mut stream: TcpStream = socket.into();
        stream.write_all(request.as_bytes()).unwrap();
        stream
    })
    .await
    .unwrap();
    let me = stream.local_addr().unwrap();
    // The event: the server lets the connection go.
    wait_for(
        "the server cutting off the client that stopped reading",
        || connections.has_closed(me),
    )
    .await;
    assert!(!connections.is_open(me));

    let (received, ended) = tokio::task::spawn_blocking(move || {
        let mut stream = stream;
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let mut received = 0usize;
        let mut buf = [0u8; 16384];
        let ended = loop {
            match stream.read(&mut buf) {
                Ok(0) => break "closed",
                Ok(n) => received += n,
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break "reset",
                Err(e) => {
                    break if e.kind() == std::io::ErrorKind::WouldBlock
                        || e.kind() == std::io::ErrorKind::TimedOut
                    {
                        "still open"
                    } else {
                        "error"
                    };
                }
            }
        };
        (received, ended)
    })
    .await
    .unwrap();
    assert!(
        ended == "reset" || ended == "closed",
        "the stalled connection is {ended} after {received} bytes"
    );
    assert!(
        received < whole,
        "the stalled reader still got the whole page ({received} of {whole} bytes)"
    );
    // The server still serves others.
    let r = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    app.stop().await;
}
