//! Real-browser test of the board of a replay step (issue 41, part 3): on a 900 px wide desktop
//! window and on a 1280 px laptop, both players' halves of the board sit side by side and the
//! Active Pokémon of each, with its HP and the effects in force, is on screen when the board is
//! opened (on the laptop, where the board is a column of its own, the top of it); nothing in the board is wider than it. Screenshots in `target/browser/board/`. See
//! `common/browser.rs` for what the test needs.

mod common;

use common::browser::{Browser, upload};
use fantoccini::{Client, Locator};

/// Where each side's box and its Active Pokémon's box are on screen, and the window's height.
const MEASURE: &str = r#"
const rect = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
const sides = [...document.querySelectorAll('#board .side')];
const board = document.querySelector('#board');
return {
  sides: sides.map(rect),
  active: sides.map(s => rect(s.querySelector('.mon'))),
  height: window.innerHeight,
  width: document.documentElement.clientWidth,
  overflow: board.scrollWidth > board.clientWidth,
};
"#;

async fn measure(client: &Client) -> serde_json::Value {
    client.execute(MEASURE, vec![]).await.expect("measure")
}

fn rect(v: &serde_json::Value) -> [f64; 4] {
    let a: Vec<f64> = v
        .as_array()
        .expect("a box")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect();
    [a[0], a[1], a[2], a[3]]
}

#[tokio::test(flavor = "multi_thread")]
async fn both_halves_of_the_board_are_on_screen_on_a_desktop() {
    let scenario = |client: Client, base: String, shots: std::path::PathBuf| async move {
        let text = common::sample_text("board-in-force.log");
        let created = upload(&base, text).await;
        let url = created["url"].as_str().expect("url").to_string();
        for (width, height) in [(900, 800), (1280, 800)] {
            client
                .set_window_size(width, height)
                .await
                .expect("resize the window");
            client
                .goto(&format!("{base}{url}?at=27#board"))
                .await
                .expect("the board");
            client
                .find(Locator::Css("#board .side .mon"))
                .await
                .expect("a Pokémon on the board");
            let png = client.screenshot().await.expect("screenshot");
            std::fs::create_dir_all(&shots).expect("screenshot folder");
            std::fs::write(shots.join(format!("board-{width}.png")), &png).expect("screenshot");
            let m = measure(&client).await;
            let height = m["height"].as_f64().expect("height");
            let sides: Vec<[f64; 4]> = m["sides"]
                .as_array()
                .expect("sides")
                .iter()
                .map(rect)
                .collect();
            assert_eq!(sides.len(), 2, "two halves at {width} px");
            // Side by side: the same top, one to the right of the other.
            assert!(
                (sides[0][1] - sides[1][1]).abs() < 1.0 && sides[0][2] <= sides[1][0],
                "the halves are not side by side at {width} px: {sides:?}"
            );
            // The whole Active Pokémon of each side on a 900 px desktop; on the laptop, where
            // the board is a column beside the log that scrolls on its own, its name at least.
            for (i, active) in m["active"].as_array().expect("active").iter().enumerate() {
                let [_, top, _, bottom] = rect(active);
                let end = if width == 900 { bottom } else { top + 40.0 };
                assert!(
                    top >= 0.0 && end <= height,
                    "side {i}'s Active Pokémon is off screen at {width}×{height}: {top}–{bottom}"
                );
            }
            assert_eq!(m["overflow"], false, "the board overflows at {width} px");
        }
        // The words a judge reads are there.
        let board = client
            .find(Locator::Css("#board"))
            .await
            .expect("board")
            .text()
            .await
            .expect("text");
        for want in [
            "110 HP left of 170 (70 printed + 100 from Hero's Cape)",
            "takes 30 less damage from attacks — from Skarmory's Steel Wing; during Ben's next turn",
        ] {
            assert!(board.contains(want), "the board lacks {want:?}:\n{board}");
        }
    };
    Browser::run_with_builtin_cards("board", scenario).await;
}
