//! A reader for the small TypeScript subset the TCGdex cards-database files are written in,
//! read as data (no JavaScript engine).
//!
//! A file is a module of statements, each optionally ended by `;`:
//! - `import { Card } from "../../../interfaces"` (type imports; never usable as values),
//! - `import Set from "../Perfect Order"` (a default import: the only identifiers a value may
//!   name),
//! - `const card: Card = <value>` (exactly one),
//! - `export default card` (exactly one, naming the const).
//!
//! Values: objects (keys are identifiers or quoted strings, e.g. `'es-mx'`), arrays, strings in
//! double or single quotes with the usual escapes (joined with `+` when a text is split over
//! lines), numbers, `true`, `false`, `null`, `undefined` and the default-imported identifiers.
//! Trailing commas and `//` / `/* */` comments are allowed. Anything else — a template literal,
//! a call, a spread, a computed key, an unknown identifier — is a [`LiteralError`] with its line
//! and column. The survey of all 21,385 files of the copy in `../shared` (2026-08) found exactly
//! these constructs.

use std::borrow::Cow;

/// How deep objects and arrays may nest (the data nests 4 levels; this only guards the stack).
const MAX_DEPTH: u32 = 64;

/// One value of the literal, with the byte offset where it starts (for error positions).
#[derive(Debug, Clone, PartialEq)]
pub struct Value<'a> {
    /// Byte offset of the value's first character in the file text.
    pub at: u32,
    /// What the value is.
    pub kind: Kind<'a>,
}

/// The kinds of value the subset has.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind<'a> {
    /// `{ key: value, ... }` in source order (keys are unique).
    Object(Vec<(Cow<'a, str>, Value<'a>)>),
    /// `[ value, ... ]`.
    Array(Vec<Value<'a>>),
    /// A string literal (escapes resolved, `+` concatenations joined).
    Str(Cow<'a, str>),
    /// A number literal, as written (e.g. `"120"`, `"-1.5"`).
    Num(&'a str),
    /// `true` / `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// `undefined`.
    Undefined,
    /// A default-imported identifier, e.g. `Set` in `set: Set`.
    Ident(&'a str),
}

impl<'a> Value<'a> {
    /// The entry `key` of an object (`None` for a missing key or a non-object).
    pub fn get(&self, key: &str) -> Option<&Value<'a>> {
        match &self.kind {
            Kind::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a string value.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::Str(s) => Some(s),
            _ => None,
        }
    }

    /// True for `undefined` and `null`: what TypeScript's optional fields treat as absent.
    pub fn is_absent(&self) -> bool {
        matches!(self.kind, Kind::Undefined | Kind::Null)
    }

    /// A short name of the value's kind, for messages.
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            Kind::Object(_) => "an object",
            Kind::Array(_) => "an array",
            Kind::Str(_) => "a string",
            Kind::Num(_) => "a number",
            Kind::Bool(_) => "a boolean",
            Kind::Null => "null",
            Kind::Undefined => "undefined",
            Kind::Ident(_) => "an identifier",
        }
    }
}

/// An `import` statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Import<'a> {
    /// The default binding (`Set` in `import Set from "../x"`), if any.
    pub default: Option<&'a str>,
    /// The named bindings (`Card` in `import { Card } from "..."`).
    pub named: Vec<&'a str>,
    /// The module path as written (escapes resolved).
    pub from: Cow<'a, str>,
}

/// A whole file: its imports and its one exported constant.
#[derive(Debug, Clone, PartialEq)]
pub struct Module<'a> {
    /// The import statements in order.
    pub imports: Vec<Import<'a>>,
    /// The constant's name (`card`).
    pub name: &'a str,
    /// Its declared type (`Card`), when written.
    pub type_name: Option<&'a str>,
    /// Its value.
    pub value: Value<'a>,
}

impl Module<'_> {
    /// The module path a default-imported identifier comes from.
    pub fn import_path(&self, ident: &str) -> Option<&str> {
        self.imports
            .iter()
            .find(|i| i.default == Some(ident))
            .map(|i| i.from.as_ref())
    }
}

/// What is wrong at a position of a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {problem}")]
pub struct LiteralError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// The problem.
    pub problem: Problem,
}

/// The problems the reader reports.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The text ended where more was expected.
    #[error("unexpected end of file, expected {0}")]
    UnexpectedEnd(&'static str),
    /// Something else than what the subset allows here.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the subset allows here.
        expected: &'static str,
        /// What the file has (a short excerpt).
        found: String,
    },
    /// A string literal without its closing quote on the same line.
    #[error("unterminated string")]
    UnterminatedString,
    /// A `/*` comment without `*/`.
    #[error("unterminated comment")]
    UnterminatedComment,
    /// An escape sequence the reader does not know, or an invalid code point.
    #[error("invalid escape {0:?}")]
    BadEscape(String),
    /// A backtick string (template literals may hold code).
    #[error("template literals (`...`) are not supported")]
    TemplateLiteral,
    /// An identifier used as a value that is not a default import, `true`, `false`, `null` or
    /// `undefined`.
    #[error("unknown identifier {0:?} (only default imports can be used as values)")]
    UnknownIdentifier(String),
    /// The same key twice in one object.
    #[error("duplicate key {0:?}")]
    DuplicateKey(String),
    /// Objects/arrays nested deeper than the reader allows.
    #[error("nesting deeper than {MAX_DEPTH} levels")]
    TooDeep,
    /// A statement other than import / const / export default, or a second const.
    #[error("unsupported statement {0:?} (expected import, one const, export default)")]
    Statement(String),
    /// No `const` declaration.
    #[error("no `const` declaration")]
    NoConst,
    /// `export default` missing or not naming the const.
    #[error("`export default` must name the const {0:?}")]
    Export(String),
}

/// Line and column (1-based, column in characters) of a byte offset of `text`.
pub fn line_column(text: &str, at: usize) -> (u32, u32) {
    let at = at.min(text.len());
    let before = &text.as_bytes()[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    // Count characters, not bytes (the texts are full of accents); a UTF-8 character starts
    // with any byte that is not a continuation byte.
    let column = before[line_start..]
        .iter()
        .filter(|&&b| (b & 0xC0) != 0x80)
        .count()
        + 1;
    (line as u32, column as u32)
}

/// Read a whole file.
pub fn parse_module(text: &str) -> Result<Module<'_>, LiteralError> {
    parse_module_skipping(text, &[])
}

/// Read a whole file, leaving out the top-level keys `skip` of the constant's object (their
/// values are still checked, but not built: the card reader skips illustrations' variants,
/// descriptions and the like, most of a file).
pub fn parse_module_skipping<'t>(text: &'t str, skip: &[&str]) -> Result<Module<'t>, LiteralError> {
    let mut r = Reader {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        defaults: Vec::new(),
        skip,
        entries: Vec::new(),
        items: Vec::new(),
    };
    r.module().map_err(|(at, problem)| {
        let (line, column) = line_column(text, at);
        LiteralError {
            line,
            column,
            problem,
        }
    })
}

/// A problem at a byte offset.
type Fail = (usize, Problem);

struct Reader<'a, 's> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// Default-imported names seen so far: the identifiers values may use.
    defaults: Vec<&'a str>,
    /// Top-level keys whose values are checked but not kept.
    skip: &'s [&'s str],
    /// Entries and items of the objects and arrays being read, moved into an exact-size
    /// vector when each closes (one allocation per object instead of a growing one).
    entries: Vec<(Cow<'a, str>, Value<'a>)>,
    items: Vec<Value<'a>>,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$'
}

fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

impl<'a> Reader<'a, '_> {
    fn module(&mut self) -> Result<Module<'a>, Fail> {
        let mut imports = Vec::new();
        let mut constant: Option<(&'a str, Option<&'a str>, Value<'a>)> = None;
        let mut exported = false;
        loop {
            self.skip_trivia()?;
            if self.pos >= self.bytes.len() {
                break;
            }
            let start = self.pos;
            let word = self.peek_ident();
            match word {
                Some("import") if constant.is_none() => {
                    self.pos += "import".len();
                    imports.push(self.import()?);
                }
                Some("const") if constant.is_none() => {
                    self.pos += "const".len();
                    constant = Some(self.constant()?);
                }
                Some("export") if !exported => {
                    self.pos += "export".len();
                    self.skip_trivia()?;
                    self.keyword("default")?;
                    self.skip_trivia()?;
                    let at = self.pos;
                    let name = self.ident("the exported name")?;
                    match &constant {
                        Some((c, _, _)) if *c == name => exported = true,
                        _ => return Err((at, Problem::Export(name.to_string()))),
                    }
                }
                _ => return Err((start, Problem::Statement(self.excerpt(start)))),
            }
            self.skip_trivia()?;
            if self.bytes.get(self.pos) == Some(&b';') {
                self.pos += 1;
            }
        }
        let Some((name, type_name, value)) = constant else {
            return Err((self.pos, Problem::NoConst));
        };
        if !exported {
            return Err((self.pos, Problem::Export(name.to_string())));
        }
        Ok(Module {
            imports,
            name,
            type_name,
            value,
        })
    }

    fn import(&mut self) -> Result<Import<'a>, Fail> {
        self.skip_trivia()?;
        let mut default = None;
        let mut named = Vec::new();
        if self.bytes.get(self.pos) == Some(&b'{') {
            self.pos += 1;
            loop {
                self.skip_trivia()?;
                if self.eat(b'}') {
                    break;
                }
                named.push(self.ident("an imported name")?);
                self.skip_trivia()?;
                if !self.eat(b',') {
                    self.skip_trivia()?;
                    self.expect(b'}', "`,` or `}`")?;
                    break;
                }
            }
        } else {
            let name = self.ident("an imported name")?;
            self.defaults.push(name);
            default = Some(name);
        }
        self.skip_trivia()?;
        self.keyword("from")?;
        self.skip_trivia()?;
        let from = match self.bytes.get(self.pos) {
            Some(b'"' | b'\'') => self.string()?,
            _ => return Err(self.expected("a module path string")),
        };
        Ok(Import {
            default,
            named,
            from,
        })
    }

    fn constant(&mut self) -> Result<(&'a str, Option<&'a str>, Value<'a>), Fail> {
        self.skip_trivia()?;
        let name = self.ident("the constant's name")?;
        self.skip_trivia()?;
        let mut type_name = None;
        if self.eat(b':') {
            self.skip_trivia()?;
            type_name = Some(self.ident("a type name")?);
            self.skip_trivia()?;
        }
        self.expect(b'=', "`=`")?;
        let value = self.value(0)?;
        Ok((name, type_name, value))
    }

    fn value(&mut self, depth: u32) -> Result<Value<'a>, Fail> {
        self.skip_trivia()?;
        let at = self.pos;
        if depth > MAX_DEPTH {
            return Err((at, Problem::TooDeep));
        }
        let Some(&b) = self.bytes.get(self.pos) else {
            return Err((at, Problem::UnexpectedEnd("a value")));
        };
        let kind = match b {
            b'{' => self.object(depth)?,
            b'[' => self.array(depth)?,
            b'"' | b'\'' => Kind::Str(self.concatenation()?),
            b'`' => return Err((at, Problem::TemplateLiteral)),
            b'-' | b'0'..=b'9' => Kind::Num(self.number()?),
            b if is_ident_start(b) => {
                let word = self.ident("a value")?;
                match word {
                    "true" => Kind::Bool(true),
                    "false" => Kind::Bool(false),
                    "null" => Kind::Null,
                    "undefined" => Kind::Undefined,
                    w if self.defaults.contains(&w) => Kind::Ident(w),
                    w => return Err((at, Problem::UnknownIdentifier(w.to_string()))),
                }
            }
            _ => return Err(self.expected("a value")),
        };
        Ok(Value {
            at: at as u32,
            kind,
        })
    }

    fn object(&mut self, depth: u32) -> Result<Kind<'a>, Fail> {
        self.pos += 1; // '{'
        let base = self.entries.len();
        loop {
            self.skip_trivia()?;
            if self.eat(b'}') {
                break;
            }
            let key_at = self.pos;
            let key: Cow<'a, str> = match self.bytes.get(self.pos) {
                Some(b'"' | b'\'') => self.string()?,
                Some(&b) if is_ident_start(b) => Cow::Borrowed(self.ident("a key")?),
                None => return Err((key_at, Problem::UnexpectedEnd("a key or `}`"))),
                _ => return Err(self.expected("a key or `}`")),
            };
            if self.entries[base..].iter().any(|(k, _)| *k == key) {
                return Err((key_at, Problem::DuplicateKey(key.into_owned())));
            }
            self.skip_trivia()?;
            self.expect(b':', "`:`")?;
            if depth == 0 && self.skip.contains(&key.as_ref()) {
                self.check_value(depth + 1)?;
            } else {
                let value = self.value(depth + 1)?;
                self.entries.push((key, value));
            }
            self.skip_trivia()?;
            if !self.eat(b',') {
                self.expect(b'}', "`,` or `}`")?;
                break;
            }
        }
        Ok(Kind::Object(self.entries.drain(base..).collect()))
    }

    fn array(&mut self, depth: u32) -> Result<Kind<'a>, Fail> {
        self.pos += 1; // '['
        let base = self.items.len();
        loop {
            self.skip_trivia()?;
            if self.eat(b']') {
                break;
            }
            let item = self.value(depth + 1)?;
            self.items.push(item);
            self.skip_trivia()?;
            if !self.eat(b',') {
                self.expect(b']', "`,` or `]`")?;
                break;
            }
        }
        Ok(Kind::Array(self.items.drain(base..).collect()))
    }

    /// Check a value without building it (same rules as [`Reader::value`]).
    fn check_value(&mut self, depth: u32) -> Result<(), Fail> {
        self.skip_trivia()?;
        let at = self.pos;
        if depth > MAX_DEPTH {
            return Err((at, Problem::TooDeep));
        }
        let (open, close) = match self.bytes.get(self.pos) {
            Some(b'{') => (b'{', b'}'),
            Some(b'[') => (b'[', b']'),
            _ => return self.value(depth).map(drop),
        };
        self.pos += 1;
        loop {
            self.skip_trivia()?;
            if self.eat(close) {
                return Ok(());
            }
            if open == b'{' {
                match self.bytes.get(self.pos) {
                    Some(b'"' | b'\'') => drop(self.string()?),
                    Some(&b) if is_ident_start(b) => drop(self.ident("a key")?),
                    None => return Err((self.pos, Problem::UnexpectedEnd("a key or `}`"))),
                    _ => return Err(self.expected("a key or `}`")),
                }
                self.skip_trivia()?;
                self.expect(b':', "`:`")?;
            }
            self.check_value(depth + 1)?;
            self.skip_trivia()?;
            if !self.eat(b',') {
                let what = if open == b'{' {
                    "`,` or `}`"
                } else {
                    "`,` or `]`"
                };
                self.expect(close, what)?;
                return Ok(());
            }
        }
    }

    /// A string literal, or several joined by `+`.
    fn concatenation(&mut self) -> Result<Cow<'a, str>, Fail> {
        let mut s = self.string()?;
        loop {
            let save = self.pos;
            self.skip_trivia()?;
            if !self.eat(b'+') {
                self.pos = save;
                return Ok(s);
            }
            self.skip_trivia()?;
            match self.bytes.get(self.pos) {
                Some(b'"' | b'\'') => {
                    let next = self.string()?;
                    s.to_mut().push_str(&next);
                }
                _ => return Err(self.expected("a string after `+`")),
            }
        }
    }

    /// One quoted string; borrowed from the text when it has no escapes.
    fn string(&mut self) -> Result<Cow<'a, str>, Fail> {
        let start = self.pos;
        let quote = self.bytes[self.pos];
        self.pos += 1;
        let body = self.pos;
        // Fast path: no escapes before the closing quote.
        let end = memchr::memchr3(quote, b'\\', b'\n', &self.bytes[body..]).map(|i| body + i);
        match end {
            Some(e) if self.bytes[e] == quote => {
                self.pos = e + 1;
                return Ok(Cow::Borrowed(&self.text[body..e]));
            }
            Some(e) if self.bytes[e] == b'\n' => return Err((start, Problem::UnterminatedString)),
            None => return Err((start, Problem::UnterminatedString)),
            Some(_) => {}
        }
        let mut out = String::new();
        let mut run = body;
        loop {
            let Some(&b) = self.bytes.get(self.pos) else {
                return Err((start, Problem::UnterminatedString));
            };
            if b == quote {
                out.push_str(&self.text[run..self.pos]);
                self.pos += 1;
                return Ok(Cow::Owned(out));
            }
            match b {
                b'\n' | b'\r' => return Err((start, Problem::UnterminatedString)),
                b'\\' => {
                    out.push_str(&self.text[run..self.pos]);
                    self.escape(&mut out)?;
                    run = self.pos;
                }
                _ => self.pos += 1,
            }
        }
    }

    /// An escape sequence at `self.pos` (the backslash), appended to `out`.
    fn escape(&mut self, out: &mut String) -> Result<(), Fail> {
        let at = self.pos;
        self.pos += 1;
        let Some(c) = self.text[self.pos..].chars().next() else {
            return Err((at, Problem::UnterminatedString));
        };
        self.pos += c.len_utf8();
        let simple = match c {
            'n' => Some('\n'),
            't' => Some('\t'),
            'r' => Some('\r'),
            'b' => Some('\u{8}'),
            'f' => Some('\u{c}'),
            'v' => Some('\u{b}'),
            '0' if !self.bytes.get(self.pos).is_some_and(u8::is_ascii_digit) => Some('\0'),
            '\\' | '\'' | '"' | '/' => Some(c),
            _ => None,
        };
        if let Some(ch) = simple {
            out.push(ch);
            return Ok(());
        }
        match c {
            // A backslash before a line break continues the string on the next line.
            '\n' => Ok(()),
            '\r' => {
                if self.bytes.get(self.pos) == Some(&b'\n') {
                    self.pos += 1;
                }
                Ok(())
            }
            'x' => {
                let code = self.hex_digits(2, at)?;
                out.push(char::from_u32(code).ok_or_else(|| self.bad_escape(at))?);
                Ok(())
            }
            'u' => {
                let code = if self.eat(b'{') {
                    let digits_start = self.pos;
                    while self.bytes.get(self.pos).is_some_and(u8::is_ascii_hexdigit) {
                        self.pos += 1;
                    }
                    let digits = &self.text[digits_start..self.pos];
                    if digits.is_empty() || digits.len() > 6 || !self.eat(b'}') {
                        return Err(self.bad_escape(at));
                    }
                    u32::from_str_radix(digits, 16).map_err(|_| self.bad_escape(at))?
                } else {
                    let high = self.hex_digits(4, at)?;
                    if (0xD800..0xDC00).contains(&high) {
                        // A surrogate pair written as two \u escapes.
                        if self.text[self.pos..].starts_with("\\u") {
                            self.pos += 2;
                            let low = self.hex_digits(4, at)?;
                            if !(0xDC00..0xE000).contains(&low) {
                                return Err(self.bad_escape(at));
                            }
                            0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            return Err(self.bad_escape(at));
                        }
                    } else {
                        high
                    }
                };
                out.push(char::from_u32(code).ok_or_else(|| self.bad_escape(at))?);
                Ok(())
            }
            _ => Err(self.bad_escape(at)),
        }
    }

    fn hex_digits(&mut self, n: usize, at: usize) -> Result<u32, Fail> {
        let digits = self
            .text
            .get(self.pos..self.pos + n)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.bad_escape(at))?;
        self.pos += n;
        u32::from_str_radix(digits, 16).map_err(|_| self.bad_escape(at))
    }

    /// The escape at `at` (a few characters of it) as a problem.
    fn bad_escape(&self, at: usize) -> Fail {
        let shown: String = self.text[at..]
            .chars()
            .take_while(|&c| c != '\n')
            .take(6)
            .collect();
        (at, Problem::BadEscape(shown))
    }

    /// A number: optional `-`, digits, optional fraction and exponent.
    fn number(&mut self) -> Result<&'a str, Fail> {
        let start = self.pos;
        self.eat(b'-');
        let digits = |r: &mut Self| {
            let s = r.pos;
            while r.bytes.get(r.pos).is_some_and(u8::is_ascii_digit) {
                r.pos += 1;
            }
            r.pos > s
        };
        if !digits(self) {
            self.pos = start;
            return Err(self.expected("a number"));
        }
        if self.bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if !digits(self) {
                return Err(self.expected("digits after `.`"));
            }
        }
        if matches!(self.bytes.get(self.pos), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.bytes.get(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if !digits(self) {
                return Err(self.expected("exponent digits"));
            }
        }
        if self.bytes.get(self.pos).is_some_and(|&b| is_ident_char(b)) {
            return Err(self.expected("the end of the number"));
        }
        Ok(&self.text[start..self.pos])
    }

    /// Whitespace (including a BOM) and comments.
    fn skip_trivia(&mut self) -> Result<(), Fail> {
        loop {
            match self.bytes.get(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(0xEF) if self.text[self.pos..].starts_with('\u{feff}') => self.pos += 3,
                Some(b'/') => match self.bytes.get(self.pos + 1) {
                    Some(b'/') => {
                        self.pos = memchr::memchr(b'\n', &self.bytes[self.pos..])
                            .map_or(self.bytes.len(), |i| self.pos + i);
                    }
                    Some(b'*') => {
                        let start = self.pos;
                        let body = &self.text[self.pos + 2..];
                        match body.find("*/") {
                            Some(i) => self.pos += 2 + i + 2,
                            None => return Err((start, Problem::UnterminatedComment)),
                        }
                    }
                    _ => return Ok(()),
                },
                _ => return Ok(()),
            }
        }
    }

    fn peek_ident(&self) -> Option<&'a str> {
        self.peek_ident_at(self.pos)
    }

    fn ident(&mut self, what: &'static str) -> Result<&'a str, Fail> {
        match self.peek_ident() {
            Some(w) => {
                self.pos += w.len();
                Ok(w)
            }
            None => Err(self.expected(what)),
        }
    }

    fn keyword(&mut self, word: &'static str) -> Result<(), Fail> {
        match self.peek_ident() {
            Some(w) if w == word => {
                self.pos += w.len();
                Ok(())
            }
            _ => Err(self.expected(word)),
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.bytes.get(self.pos) == Some(&b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, b: u8, what: &'static str) -> Result<(), Fail> {
        if self.eat(b) {
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    fn expected(&self, what: &'static str) -> Fail {
        if self.pos >= self.bytes.len() {
            return (self.pos, Problem::UnexpectedEnd(what));
        }
        (
            self.pos,
            Problem::Expected {
                expected: what,
                found: self.excerpt(self.pos),
            },
        )
    }

    /// A few characters from `at`, for messages.
    fn excerpt(&self, at: usize) -> String {
        let rest = &self.text[at..];
        let word = self
            .peek_ident_at(at)
            .map(str::to_string)
            .unwrap_or_else(|| rest.chars().take(1).collect());
        if word.is_empty() {
            "end of file".to_string()
        } else {
            format!("{word:?}")
        }
    }

    fn peek_ident_at(&self, at: usize) -> Option<&'a str> {
        let b = *self.bytes.get(at)?;
        if !is_ident_start(b) {
            return None;
        }
        let end = self.bytes[at..]
            .iter()
            .position(|&b| !is_ident_char(b))
            .map_or(self.bytes.len(), |i| at + i);
        Some(&self.text[at..end])
    }
}

#[cfg(test)]
#[path = "literal_tests.rs"]
mod tests;
