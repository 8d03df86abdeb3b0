//! The rulings pages (`rulings/<page>.md`), compiled into the binary and rendered to HTML with
//! pulldown-cmark.
//!
//! A page is an optional `# Title` heading, an introduction, and one section per clause, each
//! headed `## <clause-id> — <title>`. The rendered HTML is served to users, so raw HTML in the
//! Markdown is shown as text rather than passed through, and links to other pages
//! (`foo.md#anchor`) are rewritten to the service's own URLs (`/rulings/foo#anchor`).

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};
use serde::Serialize;

use super::registry::{self, PAGES};

/// One rulings page, rendered.
#[derive(Debug, Clone, Serialize)]
pub struct RulingsPage {
    /// The page's slug, e.g. `turn-structure` (from `registry::PAGES`).
    pub slug: &'static str,
    /// The page's title (from `registry::PAGES`).
    pub title: &'static str,
    /// The Markdown before the first clause section, rendered (may be empty).
    pub intro_html: String,
    /// The clause sections, in page order.
    pub clauses: Vec<ClauseSection>,
}

/// One clause section of a rulings page.
#[derive(Debug, Clone, Serialize)]
pub struct ClauseSection {
    /// The clause id, e.g. `turn.draw`.
    pub id: String,
    /// The heading text after ` — `.
    pub title: String,
    /// The section body rendered to HTML, without the heading.
    pub html: String,
    /// The section body as plain text, one line per block (for search and snippets).
    pub text: String,
    /// Whether the engine checks this clause (from the registry).
    pub checked: bool,
}

/// The Markdown source of every page, by slug.
const SOURCES: &[(&str, &str)] = &[
    ("abilities", include_str!("../../rulings/abilities.md")),
    ("card-text", include_str!("../../rulings/card-text.md")),
    (
        "attack-effects",
        include_str!("../../rulings/attack-effects.md"),
    ),
    (
        "attacking-and-damage",
        include_str!("../../rulings/attacking-and-damage.md"),
    ),
    (
        "deck-building",
        include_str!("../../rulings/deck-building.md"),
    ),
    ("effects", include_str!("../../rulings/effects.md")),
    ("energy", include_str!("../../rulings/energy.md")),
    ("evolution", include_str!("../../rulings/evolution.md")),
    (
        "knock-out-and-prizes",
        include_str!("../../rulings/knock-out-and-prizes.md"),
    ),
    (
        "retreat-and-switching",
        include_str!("../../rulings/retreat-and-switching.md"),
    ),
    ("setup", include_str!("../../rulings/setup.md")),
    (
        "simultaneous-wins",
        include_str!("../../rulings/simultaneous-wins.md"),
    ),
    (
        "special-conditions",
        include_str!("../../rulings/special-conditions.md"),
    ),
    (
        "special-pokemon",
        include_str!("../../rulings/special-pokemon.md"),
    ),
    (
        "trainer-cards",
        include_str!("../../rulings/trainer-cards.md"),
    ),
    (
        "turn-structure",
        include_str!("../../rulings/turn-structure.md"),
    ),
    ("winning", include_str!("../../rulings/winning.md")),
    ("zones", include_str!("../../rulings/zones.md")),
];

/// URL schemes a link may keep; a link with any other scheme (such as `javascript:`) is
/// replaced by `#`.
const SAFE_SCHEMES: &[&str] = &["http", "https", "mailto"];

/// The Markdown source of a page, compiled into the binary.
pub fn source(slug: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(name, _)| *name == slug)
        .map(|(_, text)| *text)
}

/// Render every page of `registry::PAGES`, in reading order.
pub fn render_all() -> Vec<RulingsPage> {
    PAGES
        .iter()
        .filter_map(|&(slug, title)| Some(render_page(slug, title, source(slug)?)))
        .collect()
}

/// Render one page from its Markdown.
fn render_page(slug: &'static str, title: &'static str, markdown: &str) -> RulingsPage {
    let mut segments = split_into_segments(markdown).into_iter();
    let intro = segments.next().map(|s| s.events).unwrap_or_default();
    RulingsPage {
        slug,
        title,
        intro_html: render_events(intro),
        clauses: segments.map(clause_section).collect(),
    }
}

/// Turn a segment that starts with a clause heading into a clause section.
fn clause_section(segment: Segment<'_>) -> ClauseSection {
    let (id, title) = segment.heading.unwrap_or_default();
    let checked = registry::clause(&id).is_some_and(|c| c.checked);
    ClauseSection {
        text: plain_text(&segment.events),
        html: render_events(segment.events),
        id,
        title,
        checked,
    }
}

/// Render a Markdown string to HTML with the same rules as the pages: raw HTML shown as text,
/// links to `foo.md` pages rewritten, unsafe link schemes dropped.
pub fn render_markdown(markdown: &str) -> String {
    render_events(Parser::new_ext(markdown, options()).collect())
}

/// The Markdown extensions the pages use.
fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// A run of a page's events: the introduction (no heading) or one clause section (its id and
/// title, and the events after its heading).
struct Segment<'a> {
    heading: Option<(String, String)>,
    events: Vec<Event<'a>>,
}

/// Split a page into its introduction and its clause sections. The first `#` heading (the
/// page title) is dropped; a `##` heading that is not `<id> — <title>` stays in the body.
fn split_into_segments(markdown: &str) -> Vec<Segment<'_>> {
    let mut segments = vec![Segment {
        heading: None,
        events: Vec::new(),
    }];
    let mut events = Parser::new_ext(markdown, options());
    let mut title_dropped = false;
    while let Some(event) = events.next() {
        let level = match &event {
            Event::Start(Tag::Heading { level, .. }) => *level,
            _ => {
                push_event(&mut segments, event);
                continue;
            }
        };
        let heading = take_heading(event, &mut events);
        if level == HeadingLevel::H1 && !title_dropped {
            title_dropped = true;
        } else if let Some(clause) = clause_heading(level, &heading) {
            segments.push(Segment {
                heading: Some(clause),
                events: Vec::new(),
            });
        } else {
            heading
                .into_iter()
                .for_each(|e| push_event(&mut segments, e));
        }
    }
    segments
}

/// Append an event to the last segment.
fn push_event<'a>(segments: &mut [Segment<'a>], event: Event<'a>) {
    if let Some(last) = segments.last_mut() {
        last.events.push(event);
    }
}

/// The events of a heading, from its start event (already read) to its end event.
fn take_heading<'a>(
    start: Event<'a>,
    events: &mut impl Iterator<Item = Event<'a>>,
) -> Vec<Event<'a>> {
    let mut heading = vec![start];
    for event in events {
        let done = matches!(event, Event::End(TagEnd::Heading(_)));
        heading.push(event);
        if done {
            break;
        }
    }
    heading
}

/// The id and title of a `## <id> — <title>` heading, or `None` for any other heading.
fn clause_heading(level: HeadingLevel, heading: &[Event<'_>]) -> Option<(String, String)> {
    if level != HeadingLevel::H2 {
        return None;
    }
    let text = plain_text(heading);
    let (id, title) = text.split_once(" — ")?;
    let id = id.trim();
    if id.is_empty() || id.contains(char::is_whitespace) {
        return None;
    }
    Some((id.to_string(), title.trim().to_string()))
}

/// Render events to HTML after making them safe (see [`make_safe`]).
fn render_events(events: Vec<Event<'_>>) -> String {
    let mut out = String::new();
    html::push_html(&mut out, events.into_iter().map(make_safe));
    out
}

/// Show raw HTML as text, render an HTML block as a paragraph of that text, and rewrite link
/// targets (see [`rewrite_link`]).
fn make_safe(event: Event<'_>) -> Event<'_> {
    match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::HtmlBlock) => Event::Start(Tag::Paragraph),
        Event::End(TagEnd::HtmlBlock) => Event::End(TagEnd::Paragraph),
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Link {
            link_type,
            dest_url: CowStr::from(rewrite_link(&dest_url)),
            title,
            id,
        }),
        Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Image {
            link_type,
            dest_url: CowStr::from(neutralise_unsafe_scheme(&dest_url)),
            title,
            id,
        }),
        other => other,
    }
}

/// The URL a link should point to on the service: `foo.md#x` becomes `/rulings/foo#x`,
/// `foo.md` becomes `/rulings/foo`, a link with an unsafe scheme becomes `#`, and anything
/// else is kept.
fn rewrite_link(url: &str) -> String {
    let url = neutralise_unsafe_scheme(url);
    if scheme(&url).is_some() || url.starts_with('/') {
        return url;
    }
    let (path, fragment) = match url.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (url.as_str(), None),
    };
    let Some(page) = path.strip_suffix(".md").and_then(|p| p.rsplit('/').next()) else {
        return url;
    };
    if page.is_empty() {
        return url;
    }
    match fragment {
        Some(fragment) => format!("/rulings/{page}#{fragment}"),
        None => format!("/rulings/{page}"),
    }
}

/// The URL itself, or `#` if it has a scheme that is not in [`SAFE_SCHEMES`].
fn neutralise_unsafe_scheme(url: &str) -> String {
    match scheme(url) {
        Some(scheme) if !SAFE_SCHEMES.contains(&scheme.to_ascii_lowercase().as_str()) => {
            "#".to_string()
        }
        _ => url.to_string(),
    }
}

/// The scheme of a URL (the part before the first `:`, when no `/`, `?` or `#` comes before
/// it).
fn scheme(url: &str) -> Option<&str> {
    let end = url.find([':', '/', '?', '#'])?;
    (url[end..].starts_with(':') && end > 0).then(|| &url[..end])
}

/// The text of events, one line per block, with runs of whitespace collapsed.
fn plain_text(events: &[Event<'_>]) -> String {
    let mut raw = String::new();
    for event in events {
        match event {
            Event::Text(text) | Event::Code(text) | Event::Html(text) | Event::InlineHtml(text) => {
                raw.push_str(text)
            }
            Event::SoftBreak | Event::HardBreak => raw.push(' '),
            Event::Start(tag) if is_block(&tag.to_end()) => raw.push('\n'),
            Event::End(end) if is_block(end) => raw.push('\n'),
            Event::End(TagEnd::TableCell) => raw.push(' '),
            _ => {}
        }
    }
    collapse_whitespace(&raw)
}

/// Whether a tag is a block (so its text goes on lines of its own).
fn is_block(end: &TagEnd) -> bool {
    matches!(
        end,
        TagEnd::Paragraph
            | TagEnd::Heading(_)
            | TagEnd::BlockQuote(_)
            | TagEnd::CodeBlock
            | TagEnd::HtmlBlock
            | TagEnd::List(_)
            | TagEnd::Item
            | TagEnd::FootnoteDefinition
            | TagEnd::DefinitionList
            | TagEnd::DefinitionListTitle
            | TagEnd::DefinitionListDefinition
            | TagEnd::Table
            | TagEnd::TableHead
            | TagEnd::TableRow
    )
}

/// Each line with its whitespace collapsed to single spaces; blank lines dropped.
fn collapse_whitespace(raw: &str) -> String {
    raw.lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::CLAUSES;

    fn page(slug: &str) -> RulingsPage {
        render_all()
            .into_iter()
            .find(|p| p.slug == slug)
            .unwrap_or_else(|| panic!("no page {slug}"))
    }

    #[test]
    fn every_registry_page_has_a_source_and_renders() {
        let pages = render_all();
        assert_eq!(pages.len(), PAGES.len());
        for (page, &(slug, title)) in pages.iter().zip(PAGES) {
            assert!(source(slug).is_some(), "{slug} has no source");
            assert_eq!(page.slug, slug);
            assert_eq!(page.title, title);
            assert!(!page.clauses.is_empty(), "{slug} has no clause sections");
        }
    }

    #[test]
    fn every_rulings_file_is_compiled_in() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("md") {
                continue;
            }
            let slug = path.file_stem().unwrap().to_str().unwrap();
            let on_disk = std::fs::read_to_string(&path).unwrap();
            assert_eq!(source(slug), Some(on_disk.as_str()), "{slug}");
        }
    }

    #[test]
    fn every_registry_clause_is_a_section_of_its_page() {
        let pages = render_all();
        for clause in CLAUSES {
            let page = pages.iter().find(|p| p.slug == clause.page).unwrap();
            let section = page
                .clauses
                .iter()
                .find(|s| s.id == clause.id)
                .unwrap_or_else(|| panic!("{} is not a section of {}", clause.id, clause.page));
            assert_eq!(section.title, clause.title, "{}", clause.id);
            assert_eq!(section.checked, clause.checked, "{}", clause.id);
            assert!(
                section.html.contains("<p>"),
                "{}: {}",
                clause.id,
                section.html
            );
            assert!(
                section.text.contains("Rule."),
                "{}: {}",
                clause.id,
                section.text
            );
        }
        let sections: usize = pages.iter().map(|p| p.clauses.len()).sum();
        assert_eq!(sections, CLAUSES.len());
    }

    #[test]
    fn sections_keep_page_order() {
        let ids: Vec<_> = page("special-conditions")
            .clauses
            .iter()
            .map(|s| s.id.clone())
            .collect();
        assert_eq!(ids.first().map(String::as_str), Some("checkup.order"));
        assert_eq!(ids.get(1).map(String::as_str), Some("checkup.poisoned"));
        assert_eq!(ids.last().map(String::as_str), Some("conditions.replace"));
    }

    #[test]
    fn headings_do_not_leak_into_html() {
        let page = page("turn-structure");
        assert!(page.intro_html.starts_with("<p>A turn has three parts."));
        assert!(!page.intro_html.contains("<h1"));
        assert!(!page.intro_html.contains("The parts of a turn</"));
        assert!(
            page.clauses
                .iter()
                .all(|s| !page.intro_html.contains(&s.title))
        );
        for section in &page.clauses {
            assert!(!section.html.contains("<h1"), "{}", section.id);
            assert!(!section.html.contains("<h2"), "{}", section.id);
            assert!(
                !section.html.contains(&format!("{} — ", section.id)),
                "{}: heading leaked",
                section.id
            );
            assert!(
                !section.text.contains(&format!("{} — ", section.id)),
                "{}",
                section.id
            );
        }
    }

    #[test]
    fn links_between_pages_are_rewritten() {
        let intro = page("turn-structure").intro_html;
        assert!(
            intro.contains(r#"href="/rulings/special-conditions#checkup.order""#),
            "{intro}"
        );
        assert!(!intro.contains(".md"), "{intro}");
        let html = render_markdown("[a](winning.md) [b](#here) [c](https://example.com/x.md)");
        assert!(html.contains(r#"href="/rulings/winning""#), "{html}");
        assert!(html.contains(r##"href="#here""##), "{html}");
        assert!(
            html.contains(r#"href="https://example.com/x.md""#),
            "{html}"
        );
    }

    #[test]
    fn unsafe_link_schemes_are_neutralised() {
        let html = render_markdown("[x](javascript:alert(1)) [y](JavaScript:alert(2))");
        assert!(!html.to_ascii_lowercase().contains("javascript"), "{html}");
        assert_eq!(html.matches(r##"href="#""##).count(), 2, "{html}");
    }

    #[test]
    fn raw_html_is_escaped() {
        let html = render_markdown(
            "Inline <script>alert(1)</script> here.\n\n<div onclick=\"x()\">block</div>\n",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<div"), "{html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{html}"
        );
        assert!(html.contains("&lt;div onclick="), "{html}");
    }

    #[test]
    fn code_tables_and_strikethrough_render() {
        let html = render_markdown("`drew a card.` ~~old~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(html.contains("<code>drew a card.</code>"), "{html}");
        assert!(html.contains("<del>old</del>"), "{html}");
        assert!(html.contains("<table>"), "{html}");
    }

    #[test]
    fn plain_text_has_no_markup_and_one_line_per_block() {
        let section = page("turn-structure")
            .clauses
            .into_iter()
            .find(|s| s.id == "turn.draw")
            .unwrap();
        let first = section.text.lines().next().unwrap();
        assert!(
            first.starts_with("Rule. The player whose turn it is"),
            "{first}"
        );
        assert!(!section.text.contains("**"));
        assert!(!section.text.contains('<'));
        assert!(section.text.lines().any(|l| l.starts_with("Source.")));
    }

    #[test]
    fn a_page_without_a_title_heading_keeps_its_intro() {
        let page = render_page(
            "x",
            "X",
            "Intro text.\n\n## a.b — A title\n\nBody.\n\n## not a clause\n\nMore.\n",
        );
        assert_eq!(page.intro_html, "<p>Intro text.</p>\n");
        assert_eq!(page.clauses.len(), 1);
        let section = &page.clauses[0];
        assert_eq!(
            (section.id.as_str(), section.title.as_str()),
            ("a.b", "A title")
        );
        assert!(
            section.html.contains("<h2>not a clause</h2>"),
            "{}",
            section.html
        );
        assert_eq!(section.text, "Body.\nnot a clause\nMore.");
        assert!(!section.checked);
    }
}
