//! The clause registry: every rule clause the project cites, with its stable id, its page in
//! the rulings reference (`rulings/<page>.md`) and whether the engine checks it; the rulings
//! pages rendered to HTML; and a ranked search over their clause sections.

pub mod card_rulings;
pub mod pages;
pub mod registry;
pub mod search;

pub use pages::{ClauseSection, RulingsPage};
pub use registry::{CLAUSES, Clause, PAGES, clause};
pub use search::{SearchHit, SearchIndex};

/// All pages rendered and the search index over them (built once at service start).
pub struct Rulings {
    /// Every page of `registry::PAGES`, in reading order.
    pub pages: Vec<RulingsPage>,
    /// The search index over the pages' clause sections.
    pub index: SearchIndex,
}

impl Rulings {
    /// Render every page and index its clause sections.
    pub fn load() -> Rulings {
        let pages = pages::render_all();
        let index = SearchIndex::build(&pages);
        Rulings { pages, index }
    }

    /// The page with this slug.
    pub fn page(&self, slug: &str) -> Option<&RulingsPage> {
        self.pages.iter().find(|page| page.slug == slug)
    }

    /// At most `limit` clauses that name the query as a whole (a card's name), best first.
    pub fn search_phrase(&self, q: &str, limit: usize) -> Vec<SearchHit> {
        self.index.search_phrase(q, limit)
    }

    /// At most `limit` clauses matching the query, best first.
    pub fn search(&self, q: &str, limit: usize) -> Vec<SearchHit> {
        self.index.search(q, limit)
    }
}
