//! Real-browser plumbing for the browser tests: headless Chromium driven through chromedriver
//! (WebDriver), the browser's console log, and waiting for a URL.
//!
//! The tests need `/usr/bin/chromium` and `/usr/bin/chromedriver` (Debian's `chromium` and
//! `chromium-driver`; `.ci/run` installs them). When either is missing [`Browser::start`] fails
//! the test under CI and elsewhere prints a SKIPPED line and passes (`common::missing_input`). `BROWSER_TEST_CHROMIUM` and `BROWSER_TEST_CHROMEDRIVER`
//! point it at other paths.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long any one wait (for a page, an element or chromedriver) may take.
pub const WAIT: Duration = Duration::from_secs(30);

/// A path from the environment variable `var`, or `default`.
pub fn binary(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from)
}

/// The running chromedriver. Dropping it ends the session (which quits Chromium) and then kills
/// chromedriver's whole process group, so that nothing is left running when the test fails.
pub struct Driver {
    child: Child,
    addr: SocketAddr,
    pub session: Option<String>,
    /// Chromium's profile folder: removed after the processes above have ended.
    pub _profile: tempfile::TempDir,
}

impl Driver {
    /// Start chromedriver on a free loopback port, in a process group of its own, and wait until
    /// it accepts connections.
    pub fn start(chromedriver: &Path, log: &Path) -> Driver {
        let port = {
            let probe = TcpListener::bind("127.0.0.1:0").expect("bind a probe port");
            probe.local_addr().expect("probe address").port()
        };
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .arg(format!("--log-path={}", log.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("start chromedriver");
        let mut driver = Driver {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            session: None,
            _profile: tempfile::tempdir().expect("profile folder"),
        };
        let deadline = Instant::now() + WAIT;
        while TcpStream::connect_timeout(&driver.addr, Duration::from_millis(200)).is_err() {
            if let Ok(Some(status)) = driver.child.try_wait() {
                panic!(
                    "chromedriver exited early ({status}); see {}",
                    log.display()
                );
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen on {} in time",
                driver.addr
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Best effort: ask chromedriver to end the session, with a plain blocking HTTP request
    /// (this runs in `drop`, where nothing can be awaited).
    fn end_session(&self, id: &str) {
        use std::io::{Read, Write};
        let Ok(mut stream) = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1)) else {
            return;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
        let request = format!(
            "DELETE /session/{id} HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            self.addr
        );
        if stream.write_all(request.as_bytes()).is_ok() {
            let _ = stream.read_to_end(&mut Vec::new());
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(id) = self.session.take() {
            self.end_session(&id);
        }
        // The group id is chromedriver's pid (see `process_group(0)`); Chromium, started by
        // chromedriver, is in the same group unless it has already quit.
        let group = format!("-{}", self.child.id());
        let killed = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !killed {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// chromedriver's own command that returns (and clears) the browser's console log.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({"type": "browser"}).to_string()),
        )
    }
}

/// The console entries of level SEVERE written since the last call, as "level: message" lines.
///
/// One entry is let through: the 404 for `/favicon.ico`, which every browser asks for on its own
/// and which the service does not serve (yet). Any other failed load still counts.
pub async fn console_errors(client: &Client) -> Vec<String> {
    let log = client
        .issue_cmd(BrowserLog)
        .await
        .expect("read the browser log");
    // The answer is the entry list itself, or (depending on the driver) an object holding it.
    let entries = match &log {
        Value::Object(o) => o.get("value").cloned().unwrap_or(Value::Null),
        other => other.clone(),
    };
    let entries = entries.as_array().cloned().unwrap_or_else(|| {
        panic!("unexpected browser log answer: {log}");
    });
    entries
        .iter()
        .filter(|e| e["level"].as_str() == Some("SEVERE"))
        .filter(|e| !is_missing_favicon(e["message"].as_str().unwrap_or_default()))
        .map(|e| format!("{}: {}", e["level"], e["message"]))
        .collect()
}

/// Whether a console message is the browser's own request for `/favicon.ico` answered with 404.
pub fn is_missing_favicon(message: &str) -> bool {
    message.contains("/favicon.ico - Failed to load resource") && message.contains("404")
}

/// Fail when the page just shown wrote an error to the console.
pub async fn assert_clean_console(client: &Client, page: &str) {
    let errors = console_errors(client).await;
    assert!(
        errors.is_empty(),
        "console errors on {page}:\n{}",
        errors.join("\n")
    );
}

/// Poll the current URL until `ok` accepts it; returns it.
pub async fn wait_for_url(client: &Client, what: &str, ok: impl Fn(&url::Url) -> bool) -> url::Url {
    let deadline = Instant::now() + WAIT;
    loop {
        let current = client.current_url().await.expect("current URL");
        if ok(&current) {
            return current;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; the browser is at {current}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A Chromium session and the processes behind it; [`Browser::finish`] ends both.
pub struct Browser {
    pub client: Client,
    driver: Driver,
    /// Where screenshots and chromedriver's log go (`target/browser/`).
    pub out: PathBuf,
}

impl Browser {
    /// Start chromedriver and a Chromium session with a window of `width`×`height`; `None`
    /// (after a SKIPPED line) when either program is missing.
    pub async fn start(width: u32, height: u32) -> Option<Browser> {
        let chromium = binary("BROWSER_TEST_CHROMIUM", CHROMIUM);
        let chromedriver = binary("BROWSER_TEST_CHROMEDRIVER", CHROMEDRIVER);
        if !chromium.is_file() || !chromedriver.is_file() {
            super::missing_input(
                "browser test",
                &format!(
                    "{} or {} not found (Debian's chromium and chromium-driver; .ci/run installs them)",
                    chromium.display(),
                    chromedriver.display()
                ),
            );
            return None;
        }
        // Screenshots and chromedriver's log go to target/browser/.
        let out = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("target folder")
            .join("browser");
        std::fs::create_dir_all(&out).expect("target/browser");
        let mut driver = Driver::start(&chromedriver, &out.join("chromedriver.log"));

        // The flags keep Chromium off the network apart from loopback: this machine refuses the
        // rest, and background connections would only slow it down or log errors.
        let profile = driver._profile.path().display().to_string();
        let caps: Capabilities = serde_json::from_value(json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    format!("--window-size={width},{height}"),
                    format!("--user-data-dir={profile}"),
                ],
            },
            "goog:loggingPrefs": { "browser": "ALL" },
        }))
        .expect("capabilities");
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&driver.url())
            .await
            .expect("start a Chromium session through chromedriver");
        driver.session = client.session_id().await.ok().flatten();
        Some(Browser {
            client,
            driver,
            out,
        })
    }

    /// Serve the app on a free port over a new store with `cards`, run `scenario(client, base
    /// URL, screenshot folder)` against it as its own task (so that a failed assertion still
    /// lets the browser close and the app stop first), then end both and report the failure.
    pub async fn run_against_app<F, Fut>(
        self,
        cards: std::sync::Arc<ptcg_judge::cards::CardDb>,
        card_source: &str,
        shots: PathBuf,
        scenario: F,
    ) where
        F: FnOnce(Client, String, PathBuf) -> Fut,
        Fut: std::future::Future<Output = ()> + Send + 'static,
    {
        let dir = tempfile::tempdir().expect("store folder");
        let store = ptcg_judge::store::Store::open(dir.path(), 8 << 20).expect("open the store");
        let state = ptcg_judge::web::AppState::with(store, Some(cards), card_source.into());
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the app");
        let port = listener.local_addr().expect("app address").port();
        let server = ptcg_judge::web::run(listener, actix_web::web::Data::new(state)).expect("run");
        let handle = server.handle();
        tokio::spawn(server);
        let base = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        let outcome = tokio::spawn(scenario(self.client.clone(), base, shots)).await;
        self.finish().await;
        handle.stop(true).await;
        eprintln!("browser test took {:.1?}", started.elapsed());
        if let Err(failure) = outcome {
            std::panic::resume_unwind(failure.into_panic());
        }
    }

    /// [`Browser::run_against_app`] with the built-in card data, in a browser of the laptop size,
    /// screenshots in `target/browser/FOLDER/`; nothing (after a SKIPPED line) without a browser.
    pub async fn run_with_builtin_cards<F, Fut>(folder: &str, scenario: F)
    where
        F: FnOnce(Client, String, PathBuf) -> Fut,
        Fut: std::future::Future<Output = ()> + Send + 'static,
    {
        let Some(browser) = Browser::start(1280, 800).await else {
            return;
        };
        let cards = ptcg_judge::cards::snapshot::builtin().expect("built-in card data");
        let shots = browser.out.join(folder);
        browser
            .run_against_app(cards, "built-in", shots, scenario)
            .await;
    }

    /// Close the session and stop chromedriver.
    pub async fn finish(mut self) {
        if self.client.clone().close().await.is_ok() {
            self.driver.session = None;
        }
        drop(self.driver);
    }
}

/// Upload a log through the API; the answer's JSON (`id`, `url`, `summary`, `owner_token`).
pub async fn upload(base: &str, text: String) -> serde_json::Value {
    reqwest::Client::new()
        .post(format!("{base}/api/v1/replays"))
        .header("content-type", "text/plain")
        .body(text)
        .send()
        .await
        .expect("upload")
        .json()
        .await
        .expect("the upload's JSON")
}

/// The window sizes every page must fit: a phone (390×844) and a laptop (1280×800).
pub const SIZES: [(u32, u32); 2] = [(390, 844), (1280, 800)];

/// The boxes of the page that break its layout, measured in the DOM: two sibling boxes (block,
/// flex or grid children of one parent, in the flow) that intersect, a child box or a run of
/// text that leaves the box of its parent (where the parent does not scroll). At most 20, each
/// named by tag, id and classes.
const LAYOUT_FAULTS: &str = r#"
const faults = [];
// Rendered: not hidden, and not in the closed part of a <details> (content-visibility).
const shown = (e) => e.checkVisibility
  ? e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })
  : getComputedStyle(e).display !== 'none';
const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
  + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\s+/).join('.') : '');
const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
  && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
const sized = (r) => r.width > 0 && r.height > 0;
const box = (r) => '[' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(',') + ']';
const inFlow = (e) => { const p = getComputedStyle(e).position; return p !== 'absolute' && p !== 'fixed'; };
for (const e of [document.body, ...document.querySelectorAll('body *')]) {
  if (!shown(e) || faults.length >= 20) continue;
  const s = getComputedStyle(e);
  const r = e.getBoundingClientRect();
  if (!sized(r)) continue;
  const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
  const kids = [...e.children].filter((c) => shown(c) && inFlow(c) && sized(c.getBoundingClientRect()));
  if (!clips && e !== document.body) {
    for (const c of kids) {
      const cr = c.getBoundingClientRect();
      if (!inside(cr, r)) faults.push(name(c) + ' ' + box(cr) + ' leaves ' + name(e) + ' ' + box(r));
    }
    for (const t of e.childNodes) {
      if (t.nodeType !== 3 || !t.textContent.trim()) continue;
      const range = document.createRange(); range.selectNodeContents(t);
      const tr = range.getBoundingClientRect();
      if (sized(tr) && !inside(tr, r)) faults.push('text "' + t.textContent.trim().slice(0, 30) + '" leaves ' + name(e));
    }
  }
  const blocks = kids.filter((c) => !['inline', 'contents'].includes(getComputedStyle(c).display));
  for (let i = 0; i < blocks.length; i++) for (let j = i + 1; j < blocks.length; j++) {
    if (meet(blocks[i].getBoundingClientRect(), blocks[j].getBoundingClientRect()))
      faults.push(name(blocks[i]) + ' and ' + name(blocks[j]) + ' overlap in ' + name(e));
  }
}
return faults.slice(0, 20);
"#;

/// At each of [`SIZES`], the page shown has no horizontal overflow (the document is no wider
/// than the window's layout width) and no layout fault ([`LAYOUT_FAULTS`]: sibling boxes that
/// intersect, a box or text that leaves its parent); a screenshot of each is kept as
/// `NAME-WIDTH.png`. The window is left at the laptop size.
pub async fn assert_fits(client: &Client, shots: &Path, name: &str) {
    for (width, height) in SIZES {
        client
            .set_window_size(width, height)
            .await
            .expect("resize the window");
        let sizes = client
            .execute(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];",
                vec![],
            )
            .await
            .expect("measure the page");
        let scroll = sizes[0].as_u64().expect("scrollWidth");
        let client_width = sizes[1].as_u64().expect("clientWidth");
        let png = client.screenshot().await.expect("screenshot");
        std::fs::create_dir_all(shots).expect("screenshot folder");
        std::fs::write(shots.join(format!("{name}-{width}.png")), &png).expect("screenshot");
        assert!(
            scroll <= client_width,
            "{name} overflows at {width}×{height}: {scroll} px wide in a {client_width} px window"
        );
        let faults = client
            .execute(LAYOUT_FAULTS, vec![])
            .await
            .expect("measure the boxes");
        let faults: Vec<&str> = faults
            .as_array()
            .map(|a| a.iter().filter_map(|f| f.as_str()).collect())
            .unwrap_or_default();
        assert!(
            faults.is_empty(),
            "{name} at {width}×{height}: boxes overlap or leave their parent: {faults:#?}"
        );
    }
}

/// Press and release one key (a real key event, through WebDriver's actions).
pub async fn press(client: &Client, key: char) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    client.perform_actions(keys).await.expect("press a key");
}

/// A real game of the shared corpus (`ptcgl-logs/NAME`), or `sample` when `../shared` is absent
/// (said on standard error, for `suite`).
pub fn real_game(name: &str, sample: &str, suite: &str) -> String {
    match super::shared_dir() {
        Some(dir) => {
            std::fs::read_to_string(dir.join("ptcgl-logs").join(name)).expect("read the shared log")
        }
        None => {
            super::skipped(suite, "../shared");
            sample.to_string()
        }
    }
}

/// The elements of `selector` shown smaller than 24×24 CSS px (at most 10, named with their
/// size): the tap targets WCAG 2.2 (2.5.8) asks to be at least that size.
const SMALL_TARGETS: &str = r#"
const small = [];
const shown = (e) => e.checkVisibility ? e.checkVisibility({ visibilityProperty: true }) : true;
for (const e of document.querySelectorAll(arguments[0])) {
  if (!shown(e)) continue;
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  if (r.width < 24 || r.height < 24) small.push((e.textContent || e.name || e.tagName).trim().slice(0, 30) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
}
return small.slice(0, 10);
"#;

/// Every element of `selector` on the page shown is at least 24×24 CSS px, its closed parts
/// opened first (their tables and lists are then measured too).
pub async fn assert_tap_targets(client: &Client, page: &str, selector: &str) {
    client
        .execute(
            "document.querySelectorAll('details').forEach((d) => d.open = true); return 0;",
            vec![],
        )
        .await
        .expect("open the details");
    let small = client
        .execute(SMALL_TARGETS, vec![Value::String(selector.to_string())])
        .await
        .expect("measure the targets");
    assert_eq!(
        small,
        Value::Array(vec![]),
        "{page}: tap targets under 24×24 px"
    );
}
