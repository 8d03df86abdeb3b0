//! The HTML templates and static assets, compiled into the binary (no path from a request
//! reaches the filesystem).

use std::sync::LazyLock;

use tera::Tera;

/// Every template, by name.
const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../templates/base.html")),
    ("failed.html", include_str!("../../templates/failed.html")),
    ("home.html", include_str!("../../templates/home.html")),
    ("replay.html", include_str!("../../templates/replay.html")),
    ("mon.html", include_str!("../../templates/mon.html")),
    ("trace.html", include_str!("../../templates/trace.html")),
    (
        "explain_body.html",
        include_str!("../../templates/explain_body.html"),
    ),
    (
        "step_why.html",
        include_str!("../../templates/step_why.html"),
    ),
    (
        "board_effects.html",
        include_str!("../../templates/board_effects.html"),
    ),
    (
        "analysis.html",
        include_str!("../../templates/analysis.html"),
    ),
    ("filters.html", include_str!("../../templates/filters.html")),
    (
        "my_replays.html",
        include_str!("../../templates/my_replays.html"),
    ),
    (
        "my_stats.html",
        include_str!("../../templates/my_stats.html"),
    ),
    ("decks.html", include_str!("../../templates/decks.html")),
    (
        "rulings_index.html",
        include_str!("../../templates/rulings_index.html"),
    ),
    (
        "rulings_page.html",
        include_str!("../../templates/rulings_page.html"),
    ),
    ("search.html", include_str!("../../templates/search.html")),
    ("error.html", include_str!("../../templates/error.html")),
    ("card.html", include_str!("../../templates/card.html")),
    ("cards.html", include_str!("../../templates/cards.html")),
    (
        "tools_index.html",
        include_str!("../../templates/tools_index.html"),
    ),
    ("tool.html", include_str!("../../templates/tool.html")),
    (
        "tool_macros.html",
        include_str!("../../templates/tool_macros.html"),
    ),
    (
        "tool_damage.html",
        include_str!("../../templates/tool_damage.html"),
    ),
    (
        "tool_outcome.html",
        include_str!("../../templates/tool_outcome.html"),
    ),
    (
        "tool_checkup.html",
        include_str!("../../templates/tool_checkup.html"),
    ),
    (
        "tool_deck.html",
        include_str!("../../templates/tool_deck.html"),
    ),
];

/// Static files: name, content type, bytes.
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("../../templates/static/app.css"),
    ),
    (
        "analysis.css",
        "text/css; charset=utf-8",
        include_str!("../../templates/static/analysis.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../templates/static/app.js"),
    ),
];

static TERA: LazyLock<Tera> = LazyLock::new(|| {
    let mut tera = Tera::default();
    // The templates are part of the binary and tested: a broken one is a build defect.
    tera.add_raw_templates(TEMPLATES.iter().copied())
        .expect("the embedded templates parse");
    tera.autoescape_on(vec![".html"]);
    tera
});

pub fn tera() -> &'static Tera {
    &TERA
}

/// A short fingerprint of the templates and assets: rendered pages made by other templates
/// are stale.
pub fn fingerprint() -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let texts = TEMPLATES
        .iter()
        .map(|(_, t)| *t)
        .chain(ASSETS.iter().map(|(_, _, t)| *t));
    for t in texts {
        for b in t.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_template_parses() {
        let names: Vec<&str> = super::tera().get_template_names().collect();
        for (name, _) in super::TEMPLATES {
            assert!(names.contains(name), "{name} missing");
        }
    }
}
