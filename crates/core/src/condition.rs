//! The conditional-danger expression language: the `when` of a danger condition (MCP-AQL
//! danger-levels 9.1), such as `params.count > 100` or `params.permanent == true`.
//!
//! An adapter file is untrusted input, and conditions are evaluated on every call, so the language
//! is deliberately tiny: literals, paths into the call's `params`, comparisons, `!`, `&&`, `||`
//! and parentheses. No function calls, no arithmetic, no names other than `params`. Everything
//! that can go wrong goes wrong at parse time, as a [`ConditionError`] with a column; evaluation
//! is total: it never fails, never panics, and a missing or mistyped parameter simply makes a
//! comparison false. Hostile sources are bounded ([`MAX_SOURCE_BYTES`], [`MAX_DEPTH`]), so
//! parsing is linear and every recursion, in the parser and in evaluation, is bounded by the
//! nesting limit rather than by the input.
//!
//! Paths are compiled into segments at parse time, so evaluating `params.count > 100` is a map
//! lookup and a number comparison, with no allocation.
//!
//! # Grammar
//!
//! ```text
//! condition  = or
//! or         = and { "||" and }
//! and        = comparison { "&&" comparison }
//! comparison = unary [ ( "==" | "!=" | ">" | ">=" | "<" | "<=" ) unary ]
//! unary      = "!" unary | primary
//! primary    = literal | path | "(" or ")"
//! literal    = number | "-" number | string | "true" | "false" | "null"
//! path       = "params" { "." name | "[" string "]" | "[" index "]" }
//! ```
//!
//! Numbers are JSON-like (`100`, `-3`, `2.5`, `1e6`); strings take double or single quotes with
//! the escapes `\"`, `\'`, `\\`, `\n` and `\t`; names are `[A-Za-z_][A-Za-z0-9_]*`. Comparisons do
//! not chain: `a < b < c` is an error, write `a < b && b < c`.
//!
//! # Semantics
//!
//! - A missing path (absent key, index out of range, a key into a non-object) is `null`.
//! - `==` and `!=` compare JSON values structurally, numbers numerically (`1 == 1.0`).
//! - `>`, `>=`, `<` and `<=` compare two numbers, or two strings lexicographically (by code
//!   point); any other pair of types makes the comparison false (`"150" > 100` is false).
//! - A value used as a boolean (a bare `params.force`, an operand of `&&`, `||` or `!`) is true
//!   only if it is JSON `true`: `1`, `"yes"` and a missing key are all false. So
//!   `!params.dry_run` is true when `dry_run` is absent; write `params.dry_run == false` to
//!   require an explicit `false`.
//! - `!` binds tighter than comparisons, as in C: `!params.a == 1` is `(!params.a) == 1`, which
//!   is always false (a boolean never equals a number). Write `!(params.a == 1)` or
//!   `params.a != 1`.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Number, Value};

/// The longest accepted source, in bytes. A danger condition is one line; this only stops
/// hostile input.
pub const MAX_SOURCE_BYTES: usize = 4096;

/// The deepest accepted nesting of parentheses and `!`, which bounds every recursion.
pub const MAX_DEPTH: usize = 64;

/// How many characters of the source an error message quotes.
const EXCERPT_CHARS: usize = 80;

/// How many characters of a token or name an error message quotes.
const TOKEN_CHARS: usize = 24;

/// A parsed `when` expression.
///
/// ```
/// use airlock_core::Condition;
///
/// let when: Condition = "params.count > 100".parse().expect("valid condition");
/// assert!(when.evaluate(&serde_json::json!({ "count": 150 })));
/// assert!(!when.evaluate(&serde_json::json!({ "count": "150" })));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    source: String,
    expr: Expr,
}

impl Condition {
    /// Parses and compiles an expression.
    pub fn parse(source: &str) -> Result<Condition, ConditionError> {
        let expr = parse_condition(source)?;
        Ok(Condition {
            source: source.to_owned(),
            expr,
        })
    }

    /// Whether the condition holds for an operation's `params` object. Total: never fails and
    /// never panics, whatever `params` is.
    pub fn evaluate(&self, params: &Value) -> bool {
        self.expr.truth(params)
    }

    /// The source, exactly as written.
    pub fn source(&self) -> &str {
        &self.source
    }
}

impl FromStr for Condition {
    type Err = ConditionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Condition::parse(s)
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

impl Serialize for Condition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.source)
    }
}

impl<'de> Deserialize<'de> for Condition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ConditionVisitor;

        impl Visitor<'_> for ConditionVisitor {
            type Value = Condition;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a condition string such as \"params.count > 100\"")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Condition, E> {
                // A custom error, so the deserializer adds its own position (serde_json appends
                // "at line L column C") after the column inside the condition.
                Condition::parse(v).map_err(E::custom)
            }
        }

        deserializer.deserialize_str(ConditionVisitor)
    }
}

/// A `when` expression that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("condition '{source_excerpt}' at column {column}: {message}")]
pub struct ConditionError {
    /// Byte offset of the problem in the source, 0-based.
    pub offset: usize,
    /// Character column of the problem, 1-based (a multi-line source counts as one line).
    pub column: usize,
    /// What is wrong and, where it helps, what to write instead.
    pub message: String,
    /// The source, truncated to 80 characters with control characters blanked, so hostile input
    /// cannot flood or break a one-line message.
    pub source_excerpt: String,
}

impl ConditionError {
    fn new(source: &str, offset: usize, message: impl Into<String>) -> Self {
        Self {
            offset,
            column: column(source, offset),
            message: message.into(),
            source_excerpt: excerpt(source, EXCERPT_CHARS),
        }
    }
}

/// The 1-based character column of a byte offset.
fn column(source: &str, offset: usize) -> usize {
    source
        .char_indices()
        .take_while(|(i, _)| *i < offset)
        .count()
        + 1
}

/// At most `max` characters of `s` on one line, with "..." when cut.
fn excerpt(s: &str, max: usize) -> String {
    let mut out: String = s
        .chars()
        .take(max)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if s.chars().nth(max).is_some() {
        out.push_str("...");
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The compiled form and its evaluation.

#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Literal(Value),
    Path(Box<[Segment]>),
    Not(Box<Expr>),
    Compare(CmpOp, Box<(Expr, Expr)>),
    And(Box<[Expr]>),
    Or(Box<[Expr]>),
}

#[derive(Debug, Clone, PartialEq)]
enum Segment {
    Key(Box<str>),
    Index(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CmpOp {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

impl CmpOp {
    const fn as_str(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
        }
    }
}

static TRUE: Value = Value::Bool(true);
static FALSE: Value = Value::Bool(false);
static NULL: Value = Value::Null;

impl Expr {
    /// The expression as a boolean: true only if its value is JSON `true`. Recursion depth is
    /// bounded by the tree's depth, which the parser bounds through [`MAX_DEPTH`]; `&&` and `||`
    /// chains are flat lists, not deep trees.
    fn truth(&self, params: &Value) -> bool {
        match self {
            Expr::Literal(v) => is_true(v),
            Expr::Path(path) => resolve(params, path).is_some_and(is_true),
            Expr::Not(inner) => !inner.truth(params),
            Expr::Compare(op, operands) => {
                let (left, right) = &**operands;
                compare(*op, left.value(params), right.value(params))
            }
            Expr::And(items) => items.iter().all(|e| e.truth(params)),
            Expr::Or(items) => items.iter().any(|e| e.truth(params)),
        }
    }

    /// The expression as a JSON value, for comparisons.
    fn value<'a>(&'a self, params: &'a Value) -> &'a Value {
        match self {
            Expr::Literal(v) => v,
            Expr::Path(path) => resolve(params, path).unwrap_or(&NULL),
            other => {
                if other.truth(params) {
                    &TRUE
                } else {
                    &FALSE
                }
            }
        }
    }
}

fn is_true(v: &Value) -> bool {
    matches!(v, Value::Bool(true))
}

fn resolve<'a>(params: &'a Value, path: &[Segment]) -> Option<&'a Value> {
    path.iter()
        .try_fold(params, |value, segment| match segment {
            Segment::Key(key) => value.as_object()?.get(&**key),
            Segment::Index(index) => value.as_array()?.get(*index),
        })
}

fn compare(op: CmpOp, left: &Value, right: &Value) -> bool {
    let ordering = || match (left, right) {
        (Value::Number(a), Value::Number(b)) => compare_numbers(a, b),
        (Value::String(a), Value::String(b)) => Some(a.cmp(b)),
        _ => None,
    };
    match op {
        CmpOp::Eq => json_eq(left, right),
        CmpOp::Ne => !json_eq(left, right),
        CmpOp::Gt => ordering() == Some(Ordering::Greater),
        CmpOp::Ge => matches!(ordering(), Some(Ordering::Greater | Ordering::Equal)),
        CmpOp::Lt => ordering() == Some(Ordering::Less),
        CmpOp::Le => matches!(ordering(), Some(Ordering::Less | Ordering::Equal)),
    }
}

/// Exact numeric comparison: integers as integers (no rounding through `f64` above 2^53),
/// integer against float without rounding either, `None` for NaN (which JSON cannot carry, but
/// a `Value` built in code might one day).
fn compare_numbers(a: &Number, b: &Number) -> Option<Ordering> {
    match (integer(a), integer(b)) {
        (Some(x), Some(y)) => Some(x.cmp(&y)),
        (Some(x), None) => compare_int_float(x, b.as_f64()?),
        (None, Some(y)) => compare_int_float(y, a.as_f64()?).map(Ordering::reverse),
        (None, None) => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

fn integer(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

fn compare_int_float(i: i128, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    // `as` saturates, and every integer here is far inside the i128 range, so a float beyond
    // it still compares the right way round.
    let whole = f.trunc();
    Some(i.cmp(&(whole as i128)).then_with(|| {
        if f > whole {
            Ordering::Less
        } else if f < whole {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }))
}

/// Structural equality with numbers compared numerically. Iterative, so two deeply nested
/// values cannot overflow the stack; scalars never allocate.
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(_), Value::Array(_)) | (Value::Object(_), Value::Object(_)) => {}
        _ => return scalar_eq(a, b),
    }
    let mut pending = vec![(a, b)];
    while let Some((a, b)) = pending.pop() {
        match (a, b) {
            (Value::Array(xs), Value::Array(ys)) => {
                if xs.len() != ys.len() {
                    return false;
                }
                pending.extend(xs.iter().zip(ys));
            }
            (Value::Object(xs), Value::Object(ys)) => {
                if xs.len() != ys.len() {
                    return false;
                }
                for (key, x) in xs {
                    match ys.get(key) {
                        Some(y) => pending.push((x, y)),
                        None => return false,
                    }
                }
            }
            _ => {
                if !scalar_eq(a, b) {
                    return false;
                }
            }
        }
    }
    true
}

fn scalar_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => compare_numbers(x, y) == Some(Ordering::Equal),
        (Value::String(x), Value::String(y)) => x == y,
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Lexer.

#[derive(Debug)]
struct Token<'s> {
    kind: Tok<'s>,
    start: usize,
    end: usize,
}

#[derive(Debug)]
enum Tok<'s> {
    Ident(&'s str),
    Str(String),
    Num(Number),
    Dot,
    LBracket,
    RBracket,
    LParen,
    RParen,
    Bang,
    AndAnd,
    OrOr,
    Minus,
    Cmp(CmpOp),
    End,
}

fn lex(src: &str) -> Result<Vec<Token<'_>>, ConditionError> {
    let bytes = src.as_bytes();
    let next_is = |i: usize, b: u8| bytes.get(i + 1) == Some(&b);
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let start = i;
        let kind = match b {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'[' => Tok::LBracket,
            b']' => Tok::RBracket,
            b'.' => Tok::Dot,
            b'-' => Tok::Minus,
            b'=' if next_is(i, b'=') => Tok::Cmp(CmpOp::Eq),
            b'=' => {
                return Err(ConditionError::new(
                    src,
                    start,
                    "'=' is not an operator: use '==' to compare",
                ));
            }
            b'!' if next_is(i, b'=') => Tok::Cmp(CmpOp::Ne),
            b'!' => Tok::Bang,
            b'>' if next_is(i, b'=') => Tok::Cmp(CmpOp::Ge),
            b'>' => Tok::Cmp(CmpOp::Gt),
            b'<' if next_is(i, b'=') => Tok::Cmp(CmpOp::Le),
            b'<' => Tok::Cmp(CmpOp::Lt),
            b'&' if next_is(i, b'&') => Tok::AndAnd,
            b'&' => {
                return Err(ConditionError::new(
                    src,
                    start,
                    "'&' is not an operator: use '&&' for 'and'",
                ));
            }
            b'|' if next_is(i, b'|') => Tok::OrOr,
            b'|' => {
                return Err(ConditionError::new(
                    src,
                    start,
                    "'|' is not an operator: use '||' for 'or'",
                ));
            }
            b'"' | b'\'' => {
                let (text, end) = lex_string(src, start)?;
                i = end;
                tokens.push(Token {
                    kind: Tok::Str(text),
                    start,
                    end,
                });
                continue;
            }
            b'0'..=b'9' => {
                let (number, end) = lex_number(src, start)?;
                i = end;
                tokens.push(Token {
                    kind: Tok::Num(number),
                    start,
                    end,
                });
                continue;
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let mut end = start + 1;
                while bytes
                    .get(end)
                    .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
                {
                    end += 1;
                }
                i = end;
                tokens.push(Token {
                    kind: Tok::Ident(src.get(start..end).unwrap_or_default()),
                    start,
                    end,
                });
                continue;
            }
            _ => {
                let c = src.get(start..).and_then(|s| s.chars().next());
                let shown = c.map(|c| c.escape_debug().to_string()).unwrap_or_default();
                return Err(ConditionError::new(
                    src,
                    start,
                    format!("unexpected character '{shown}'"),
                ));
            }
        };
        // Every token that falls through to here is ASCII punctuation.
        i += match kind {
            Tok::Cmp(CmpOp::Eq | CmpOp::Ne | CmpOp::Ge | CmpOp::Le) | Tok::AndAnd | Tok::OrOr => 2,
            _ => 1,
        };
        tokens.push(Token {
            kind,
            start,
            end: i,
        });
    }
    Ok(tokens)
}

/// A quoted string starting at `start` (the quote): its decoded text and the byte after the
/// closing quote.
fn lex_string(src: &str, start: usize) -> Result<(String, usize), ConditionError> {
    let rest = src.get(start..).unwrap_or_default();
    let mut chars = rest.char_indices().map(|(j, c)| (start + j, c));
    let quote = match chars.next() {
        Some((_, q)) => q,
        None => return Err(ConditionError::new(src, start, "expected a string")),
    };
    let mut text = String::new();
    while let Some((j, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, '"')) => text.push('"'),
                Some((_, '\'')) => text.push('\''),
                Some((_, '\\')) => text.push('\\'),
                Some((_, 'n')) => text.push('\n'),
                Some((_, 't')) => text.push('\t'),
                Some((_, other)) => {
                    return Err(ConditionError::new(
                        src,
                        j,
                        format!(
                            "unknown escape '\\{}': use \\\" \\' \\\\ \\n or \\t",
                            other.escape_debug()
                        ),
                    ));
                }
                None => break,
            },
            c if c == quote => return Ok((text, j + c.len_utf8())),
            c => text.push(c),
        }
    }
    Err(ConditionError::new(
        src,
        start,
        format!("unterminated string: close it with {quote}"),
    ))
}

/// An unsigned number starting at `start` (a digit): its value and the byte after it.
fn lex_number(src: &str, start: usize) -> Result<(Number, usize), ConditionError> {
    let bytes = src.as_bytes();
    let is_digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let digits_from = |mut i: usize| {
        while is_digit(i) {
            i += 1;
        }
        i
    };
    let mut end = digits_from(start);
    let mut integer = true;
    if bytes.get(end) == Some(&b'.') {
        let after = digits_from(end + 1);
        if after == end + 1 {
            return Err(ConditionError::new(
                src,
                end + 1,
                "expected a digit after the decimal point",
            ));
        }
        end = after;
        integer = false;
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        let mut exponent = end + 1;
        if matches!(bytes.get(exponent), Some(b'+' | b'-')) {
            exponent += 1;
        }
        let after = digits_from(exponent);
        if after == exponent {
            return Err(ConditionError::new(
                src,
                exponent,
                "expected a digit in the exponent",
            ));
        }
        end = after;
        integer = false;
    }
    if bytes
        .get(end)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        return Err(ConditionError::new(
            src,
            end,
            "a number cannot run into a name: add a space or an operator",
        ));
    }
    let text = src.get(start..end).unwrap_or_default();
    let exact = if integer {
        text.parse::<u64>().ok().map(Number::from)
    } else {
        None
    };
    let number = match exact {
        Some(n) => n,
        None => text
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .ok_or_else(|| {
                ConditionError::new(
                    src,
                    start,
                    format!("number '{}' is out of range", excerpt(text, TOKEN_CHARS)),
                )
            })?,
    };
    Ok((number, end))
}

fn negate(n: &Number) -> Option<Number> {
    if let Some(u) = n.as_u64() {
        return match i64::try_from(-i128::from(u)) {
            Ok(i) => Some(Number::from(i)),
            Err(_) => Number::from_f64(-(u as f64)),
        };
    }
    Number::from_f64(-n.as_f64()?)
}

// ---------------------------------------------------------------------------------------------
// Parser: recursive descent, one function per precedence level; depth bounded by MAX_DEPTH.

fn parse_condition(src: &str) -> Result<Expr, ConditionError> {
    if src.len() > MAX_SOURCE_BYTES {
        let mut at = MAX_SOURCE_BYTES;
        while !src.is_char_boundary(at) {
            at -= 1;
        }
        return Err(ConditionError::new(
            src,
            at,
            format!(
                "the condition is {} bytes long, over the limit of {MAX_SOURCE_BYTES}: \
                 split it into several conditions",
                src.len()
            ),
        ));
    }
    let tokens = lex(src)?;
    let mut parser = Parser {
        src,
        tokens,
        pos: 0,
        depth: 0,
        end: Token {
            kind: Tok::End,
            start: src.len(),
            end: src.len(),
        },
    };
    if parser.at_end() {
        return Err(ConditionError::new(
            src,
            0,
            "the condition is empty: write an expression such as 'params.count > 100'",
        ));
    }
    let expr = parser.or()?;
    match parser.peek().kind {
        Tok::End => Ok(expr),
        Tok::RParen => Err(parser.error_here("unmatched ')': remove it or add a '(' before")),
        _ => Err(parser.error_here(format!(
            "expected an operator ('==', '&&', '||', ...) or the end, found {}",
            parser.describe(parser.peek())
        ))),
    }
}

struct Parser<'s> {
    src: &'s str,
    tokens: Vec<Token<'s>>,
    pos: usize,
    depth: usize,
    /// Returned by `peek` past the last token, so the parser never indexes out of bounds.
    end: Token<'s>,
}

impl<'s> Parser<'s> {
    fn peek(&self) -> &Token<'s> {
        self.tokens.get(self.pos).unwrap_or(&self.end)
    }

    fn at_end(&self) -> bool {
        matches!(self.peek().kind, Tok::End)
    }

    fn previous(&self) -> Option<&Token<'s>> {
        self.pos.checked_sub(1).and_then(|i| self.tokens.get(i))
    }

    fn advance(&mut self) {
        if self.pos < self.tokens.len() {
            self.pos += 1;
        }
    }

    fn describe(&self, token: &Token<'_>) -> String {
        match token.kind {
            Tok::End => "the end".to_owned(),
            _ => {
                let text = self.src.get(token.start..token.end).unwrap_or_default();
                format!("'{}'", excerpt(text, TOKEN_CHARS))
            }
        }
    }

    /// ", found X" unless at the end, where "found the end" says nothing new.
    fn found(&self) -> String {
        if self.at_end() {
            String::new()
        } else {
            format!(", found {}", self.describe(self.peek()))
        }
    }

    fn error_here(&self, message: impl Into<String>) -> ConditionError {
        ConditionError::new(self.src, self.peek().start, message)
    }

    fn enter(&mut self, at: usize) -> Result<(), ConditionError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ConditionError::new(
                self.src,
                at,
                format!(
                    "nesting is deeper than {MAX_DEPTH} levels of '(' and '!': simplify the condition"
                ),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn or(&mut self) -> Result<Expr, ConditionError> {
        let first = self.and()?;
        if !matches!(self.peek().kind, Tok::OrOr) {
            return Ok(first);
        }
        let mut items = vec![first];
        while matches!(self.peek().kind, Tok::OrOr) {
            self.advance();
            items.push(self.and()?);
        }
        Ok(Expr::Or(items.into_boxed_slice()))
    }

    fn and(&mut self) -> Result<Expr, ConditionError> {
        let first = self.comparison()?;
        if !matches!(self.peek().kind, Tok::AndAnd) {
            return Ok(first);
        }
        let mut items = vec![first];
        while matches!(self.peek().kind, Tok::AndAnd) {
            self.advance();
            items.push(self.comparison()?);
        }
        Ok(Expr::And(items.into_boxed_slice()))
    }

    fn comparison(&mut self) -> Result<Expr, ConditionError> {
        let left = self.unary()?;
        let Tok::Cmp(op) = self.peek().kind else {
            return Ok(left);
        };
        self.advance();
        let right = self.unary()?;
        if let Tok::Cmp(again) = self.peek().kind {
            return Err(self.error_here(format!(
                "comparisons do not chain: '{}' cannot follow '{}'; join them with '&&' or add parentheses",
                again.as_str(),
                op.as_str()
            )));
        }
        Ok(Expr::Compare(op, Box::new((left, right))))
    }

    fn unary(&mut self) -> Result<Expr, ConditionError> {
        if !matches!(self.peek().kind, Tok::Bang) {
            return self.primary();
        }
        self.enter(self.peek().start)?;
        self.advance();
        let inner = self.unary()?;
        self.leave();
        Ok(Expr::Not(Box::new(inner)))
    }

    fn primary(&mut self) -> Result<Expr, ConditionError> {
        let start = self.peek().start;
        let literal = match &self.peek().kind {
            Tok::LParen => {
                self.enter(start)?;
                self.advance();
                let inner = self.or()?;
                if !matches!(self.peek().kind, Tok::RParen) {
                    return Err(self.error_here(format!(
                        "expected ')' to close '(' at column {}{}",
                        column(self.src, start),
                        self.found()
                    )));
                }
                self.advance();
                self.leave();
                return Ok(inner);
            }
            Tok::Ident("params") => return self.path(),
            Tok::Ident("true") => Value::Bool(true),
            Tok::Ident("false") => Value::Bool(false),
            Tok::Ident("null") => Value::Null,
            Tok::Ident(name) => {
                return Err(ConditionError::new(
                    self.src,
                    start,
                    format!(
                        "unknown name '{}': paths start with 'params.'",
                        excerpt(name, TOKEN_CHARS)
                    ),
                ));
            }
            Tok::Str(text) => Value::String(text.clone()),
            Tok::Num(n) => Value::Number(n.clone()),
            Tok::Minus => {
                self.advance();
                let negated = match &self.peek().kind {
                    Tok::Num(n) => negate(n),
                    _ => {
                        return Err(self.error_here(format!(
                            "expected a number after '-'{}: only number literals can be negated",
                            self.found()
                        )));
                    }
                };
                let number = negated.ok_or_else(|| {
                    ConditionError::new(self.src, start, "number is out of range")
                })?;
                Value::Number(number)
            }
            _ => return Err(self.expected_value()),
        };
        self.advance();
        Ok(Expr::Literal(literal))
    }

    fn expected_value(&self) -> ConditionError {
        let message = match self.previous() {
            Some(previous) => format!(
                "expected a value after {}{}",
                self.describe(previous),
                self.found()
            ),
            None => format!("expected a value{}", self.found()),
        };
        self.error_here(message)
    }

    /// `params` followed by `.name`, `["key"]` and `[index]` segments.
    fn path(&mut self) -> Result<Expr, ConditionError> {
        self.advance(); // `params`
        let mut segments = Vec::new();
        loop {
            match self.peek().kind {
                Tok::Dot => {
                    self.advance();
                    match self.peek().kind {
                        Tok::Ident(name) => segments.push(Segment::Key(name.into())),
                        Tok::Num(_) => {
                            return Err(self.error_here(
                                "expected a name after '.': write an array index as [0]",
                            ));
                        }
                        _ => {
                            return Err(self
                                .error_here(format!("expected a name after '.'{}", self.found())));
                        }
                    }
                    self.advance();
                }
                Tok::LBracket => {
                    let open = self.peek().start;
                    self.advance();
                    let segment = match &self.peek().kind {
                        Tok::Str(key) => Segment::Key(key.as_str().into()),
                        Tok::Num(n) => match n.as_u64().and_then(|i| usize::try_from(i).ok()) {
                            Some(index) => Segment::Index(index),
                            None => {
                                return Err(
                                    self.error_here("an array index is a whole number, 0 or more")
                                );
                            }
                        },
                        _ => {
                            return Err(self.error_here(format!(
                                "expected a quoted key or an array index after '['{}",
                                self.found()
                            )));
                        }
                    };
                    self.advance();
                    if !matches!(self.peek().kind, Tok::RBracket) {
                        return Err(self.error_here(format!(
                            "expected ']' to close '[' at column {}{}",
                            column(self.src, open),
                            self.found()
                        )));
                    }
                    self.advance();
                    segments.push(segment);
                }
                _ => break,
            }
        }
        Ok(Expr::Path(segments.into_boxed_slice()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;
    use std::time::{Duration, Instant};

    fn when(source: &str) -> Condition {
        Condition::parse(source).unwrap_or_else(|e| panic!("{source:?} should parse: {e}"))
    }

    fn holds(source: &str, params: Value) -> bool {
        when(source).evaluate(&params)
    }

    fn broken(source: &str) -> ConditionError {
        match Condition::parse(source) {
            Ok(c) => panic!("{source:?} should not parse, got {c:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn spec_9_1_count_over_100_is_dangerous() {
        let when = when("params.count > 100");
        assert!(when.evaluate(&json!({ "count": 150 })));
        assert!(when.evaluate(&json!({ "count": 100.5 })));
        assert!(!when.evaluate(&json!({ "count": 100 })));
        assert!(!when.evaluate(&json!({ "count": 3 })));
        // Missing, or the wrong type: the comparison is simply false.
        assert!(!when.evaluate(&json!({})));
        assert!(!when.evaluate(&json!({ "count": "150" })));
        assert!(!when.evaluate(&json!({ "count": null })));
        assert!(!when.evaluate(&json!({ "count": [150] })));
        assert!(!when.evaluate(&Value::Null));
        assert!(!when.evaluate(&json!("not an object")));
    }

    #[test]
    fn spec_9_1_permanent_is_destructive() {
        let when = when("params.permanent == true");
        assert!(when.evaluate(&json!({ "permanent": true })));
        assert!(!when.evaluate(&json!({ "permanent": false })));
        assert!(!when.evaluate(&json!({ "permanent": "true" })));
        assert!(!when.evaluate(&json!({ "permanent": 1 })));
        assert!(!when.evaluate(&json!({})));
    }

    #[test]
    fn numbers_compare_numerically() {
        assert!(holds("params.n == 1", json!({ "n": 1.0 })));
        assert!(holds("params.n == 1.0", json!({ "n": 1 })));
        assert!(holds("params.n == -3", json!({ "n": -3 })));
        assert!(holds("params.n == - 3", json!({ "n": -3.0 })));
        assert!(holds("params.n >= 1e3", json!({ "n": 1000 })));
        assert!(holds("params.n < 2.5E-1", json!({ "n": 0.2 })));
        assert!(holds("params.n <= -0", json!({ "n": 0 })));
        // Integers beyond 2^53 compare exactly, not through f64.
        assert!(holds(
            "params.n > 9007199254740992",
            json!({ "n": 9_007_199_254_740_993_u64 })
        ));
        assert!(holds(
            "params.n != 9007199254740993",
            json!({ "n": 9_007_199_254_740_992.0 })
        ));
        assert!(holds(
            "params.n > 18446744073709551615",
            json!({ "n": 1e20 })
        ));
        assert!(holds(
            "params.n < -9223372036854775807",
            json!({ "n": i64::MIN })
        ));
    }

    #[test]
    fn strings_and_null_compare_as_json() {
        assert!(holds("params.mode == 'force'", json!({ "mode": "force" })));
        assert!(holds(
            "params.mode == \"force\"",
            json!({ "mode": "force" })
        ));
        assert!(holds("params.mode != 'force'", json!({ "mode": "soft" })));
        assert!(holds("params.mode != 'force'", json!({})));
        assert!(holds("params.name > 'm'", json!({ "name": "zeta" })));
        assert!(!holds("params.name > 'm'", json!({ "name": "alpha" })));
        assert!(holds("params.name <= 'b'", json!({ "name": "b" })));
        // A string and a number are never ordered, either way round.
        assert!(!holds("params.name < 5", json!({ "name": "1" })));
        assert!(!holds("params.name >= 5", json!({ "name": "9" })));
        // Missing is null; null equals only null and is never ordered.
        assert!(holds("params.gone == null", json!({})));
        assert!(holds("params.gone == null", json!({ "gone": null })));
        assert!(!holds("params.gone == null", json!({ "gone": 0 })));
        assert!(!holds("params.gone <= null", json!({})));
        assert!(!holds("null < 1", json!({})));
        // Escapes.
        assert!(holds(r#"params.s == "a\"b""#, json!({ "s": "a\"b" })));
        assert!(holds(r"params.s == 'it\'s'", json!({ "s": "it's" })));
        assert!(holds(r"params.s == 'a\\b\n\t'", json!({ "s": "a\\b\n\t" })));
        assert!(holds("params.s == 'é ✓'", json!({ "s": "é ✓" })));
    }

    #[test]
    fn structural_equality_between_paths() {
        let params = json!({
            "a": { "x": [1, 2, { "y": null }], "z": "s" },
            "b": { "z": "s", "x": [1.0, 2, { "y": null }] },
            "c": { "x": [1, 2, { "y": false }], "z": "s" },
        });
        assert!(holds("params.a == params.b", params.clone()));
        assert!(holds("params.a != params.c", params.clone()));
        assert!(holds("params.a.x != params.a", params.clone()));
        assert!(!holds("params.a > params.b", params));
    }

    #[test]
    fn paths_reach_into_objects_and_arrays() {
        let params = json!({
            "target": { "repo": { "visibility": "public" } },
            "key with spaces": 7,
            "items": [{ "name": "first" }, { "name": "second" }],
        });
        assert!(holds(
            "params.target.repo.visibility == 'public'",
            params.clone()
        ));
        assert!(holds("params[\"key with spaces\"] == 7", params.clone()));
        assert!(holds(
            "params['target'][\"repo\"].visibility == 'public'",
            params.clone()
        ));
        assert!(holds("params.items[1].name == 'second'", params.clone()));
        assert!(holds("params.items[2].name == null", params.clone()));
        assert!(holds("params.target[0] == null", params.clone()));
        assert!(holds("params.items.name == null", params.clone()));
        assert!(holds(
            "params . target . repo . visibility == 'public'",
            params.clone()
        ));
        // A bare `params` is the whole object.
        assert!(holds("params == params", params.clone()));
        assert!(holds("params != null", params));
        assert!(holds("params == null", Value::Null));
    }

    #[test]
    fn a_value_is_true_only_if_it_is_json_true() {
        assert!(holds("params.force", json!({ "force": true })));
        for not_true in [
            json!(false),
            json!(1),
            json!("true"),
            json!([true]),
            json!(null),
        ] {
            assert!(!holds("params.force", json!({ "force": not_true })));
        }
        assert!(!holds("params.force", json!({})));
        assert!(holds("!params.dry_run", json!({})));
        assert!(!holds("params.dry_run == false", json!({})));
        assert!(holds(
            "params.force && params.all",
            json!({ "force": true, "all": true })
        ));
        assert!(!holds(
            "params.force && params.all",
            json!({ "force": true, "all": 1 })
        ));
        assert!(holds("true", json!({})));
        assert!(!holds("false", json!({})));
        assert!(!holds("null", json!({})));
        assert!(!holds("1", json!({})));
        assert!(!holds("'true'", json!({})));
    }

    #[test]
    fn and_or_not_truth_tables() {
        for (a, b) in [(false, false), (false, true), (true, false), (true, true)] {
            let params = json!({ "a": a, "b": b });
            assert_eq!(holds("params.a && params.b", params.clone()), a && b);
            assert_eq!(holds("params.a || params.b", params.clone()), a || b);
            assert_eq!(holds("!params.a", params.clone()), !a);
            assert_eq!(holds("!!params.a", params.clone()), a);
            assert_eq!(holds("!(params.a && params.b)", params.clone()), !(a && b));
            assert_eq!(holds("params.a == params.b", params.clone()), a == b);
            assert_eq!(holds("(params.a || params.b) == true", params), a || b);
        }
        let chain = "params.a && params.b && params.c || params.d || params.e && params.f";
        let params = json!({ "a": true, "b": true, "c": false, "d": false, "e": true, "f": true });
        assert!(holds(chain, params));
    }

    #[test]
    fn precedence_is_not_then_comparison_then_and_then_or() {
        let params = json!({ "n": 5, "t": true, "f": false });
        // && binds tighter than ||.
        assert!(holds("params.t || params.f && params.f", params.clone()));
        assert!(!holds("(params.t || params.f) && params.f", params.clone()));
        // Comparisons bind tighter than && and ||.
        assert!(holds("params.n > 3 && params.n < 10", params.clone()));
        assert!(holds("params.n == 1 || params.n == 5", params.clone()));
        // ! binds tighter than comparisons: (!params.f) == true.
        assert!(holds("!params.f == true", params.clone()));
        assert!(!holds("!params.n == 5", params.clone()));
        assert!(holds("!(params.n == 5) == false", params.clone()));
        // Parentheses make a comparison of comparisons explicit.
        assert!(holds("(params.n > 1) == (params.n < 9)", params.clone()));
        assert!(holds("((((params.t))))", params));
    }

    #[test]
    fn source_and_display_keep_what_was_written() {
        let source = "params.count  >  100 ";
        let when = when(source);
        assert_eq!(when.source(), source);
        assert_eq!(when.to_string(), source);
        assert_eq!(source.parse::<Condition>(), Ok(when));
    }

    #[test]
    fn broken_expressions_say_where_and_what() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 1, "the condition is empty"),
            ("   ", 1, "the condition is empty"),
            ("params.count >", 15, "expected a value after '>'"),
            (
                "params.count > > 1",
                16,
                "expected a value after '>', found '>'",
            ),
            (
                "params.s == 'abc",
                13,
                "unterminated string: close it with '",
            ),
            (
                "params.s == \"abc\\\"",
                13,
                "unterminated string: close it with \"",
            ),
            (
                "(params.a == 1",
                15,
                "expected ')' to close '(' at column 1",
            ),
            (
                "((params.a == 1) || params.b",
                29,
                "expected ')' to close '(' at column 1",
            ),
            (
                "foo == 1",
                1,
                "unknown name 'foo': paths start with 'params.'",
            ),
            ("params.a == bar", 13, "unknown name 'bar'"),
            ("params.a < 1 < 2", 14, "comparisons do not chain"),
            ("params.a == 1 != true", 15, "comparisons do not chain"),
            ("params.", 8, "expected a name after '.'"),
            ("params.items.0", 14, "write an array index as [0]"),
            (
                "params.a = 1",
                10,
                "'=' is not an operator: use '==' to compare",
            ),
            ("&&", 1, "expected a value, found '&&'"),
            ("params.a &&", 12, "expected a value after '&&'"),
            ("params.a & params.b", 10, "use '&&'"),
            ("params.a | params.b", 10, "use '||'"),
            ("params.a == 1 #", 15, "unexpected character '#'"),
            ("params.é == 1", 8, "unexpected character 'é'"),
            ("params.a == 1)", 14, "unmatched ')'"),
            ("params.a params.b", 10, "expected an operator"),
            ("()", 2, "expected a value after '(', found ')'"),
            ("params[0", 9, "expected ']' to close '[' at column 7"),
            ("params[true]", 8, "expected a quoted key or an array index"),
            ("params.items[1.5]", 14, "an array index is a whole number"),
            ("params.n > -params.m", 13, "expected a number after '-'"),
            (
                "params.n > 1.",
                14,
                "expected a digit after the decimal point",
            ),
            ("params.n > 1e", 14, "expected a digit in the exponent"),
            ("params.n > 10px", 14, "a number cannot run into a name"),
            ("params.n > 1e999", 12, "out of range"),
            ("params.s == 'a\\qb'", 15, "unknown escape '\\q'"),
        ];
        for (source, column, message) in cases {
            let err = broken(source);
            assert_eq!(err.column, *column, "column for {source:?}: {err}");
            assert!(
                err.message.contains(message),
                "message for {source:?} should contain {message:?}: {err}"
            );
            let line = err.to_string();
            assert!(!line.contains('\n'), "one line: {line:?}");
            assert!(line.contains(&format!("at column {column}")), "{line}");
        }
    }

    #[test]
    fn error_offsets_are_bytes_and_columns_are_characters() {
        let err = broken("params['éé'] == 1 #");
        assert_eq!(err.offset, 20);
        assert_eq!(err.column, 19);
        assert_eq!(
            err.to_string(),
            "condition 'params['éé'] == 1 #' at column 19: unexpected character '#'"
        );
    }

    #[test]
    fn hostile_sources_are_refused_promptly() {
        let started = Instant::now();
        let too_long = broken(&"(".repeat(100_000));
        assert!(
            too_long.message.contains("over the limit of 4096"),
            "{too_long}"
        );
        assert!(too_long.source_excerpt.chars().count() <= EXCERPT_CHARS + 3);
        let too_long_unicode = broken(&"é".repeat(3_000));
        assert!(too_long_unicode.message.contains("over the limit"));
        assert_eq!(too_long_unicode.column, 2049);

        let deep = broken(&format!("{}params.a{}", "(".repeat(2000), ")".repeat(2000)));
        assert!(deep.message.contains("nesting is deeper than 64"), "{deep}");
        assert_eq!(deep.column, 65);
        let nots = broken(&format!("{}true", "!".repeat(4000)));
        assert!(nots.message.contains("nesting"));
        assert!(
            broken(&"-".repeat(4000))
                .message
                .contains("expected a number after '-'")
        );
        assert!(
            broken(&"[".repeat(4000))
                .message
                .contains("expected a value")
        );

        // At the limits exactly, it parses and evaluates.
        let deepest = format!("{}params.a{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(holds(&deepest, json!({ "a": true })));
        let nots = format!("{}params.a", "!".repeat(MAX_DEPTH));
        assert!(holds(&nots, json!({ "a": true })));
        let mixed = format!(
            "{}params.a{}",
            "!(".repeat(MAX_DEPTH / 2),
            ")".repeat(MAX_DEPTH / 2)
        );
        assert!(holds(&mixed, json!({ "a": true })));
        let long_chain = format!("params.a{}", " || params.a".repeat(340));
        assert!(long_chain.len() <= MAX_SOURCE_BYTES);
        assert!(holds(&long_chain, json!({ "a": true })));
        let long_path = format!("params{} == null", ".a".repeat(2000));
        assert!(holds(&long_path, json!({ "a": { "a": 1 } })));

        let long_name = broken(&format!("{} == 1", "x".repeat(4000)));
        assert!(long_name.message.len() < 100, "{long_name}");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[derive(Debug, Deserialize, Serialize)]
    struct DangerCondition {
        when: Condition,
        level: crate::DangerLevel,
    }

    #[test]
    fn serde_reads_and_writes_the_source_string() {
        let json = r#"{"when":"params.count > 100","level":"dangerous"}"#;
        let parsed: DangerCondition = serde_json::from_str(json).expect("valid");
        assert!(parsed.when.evaluate(&json!({ "count": 101 })));
        assert_eq!(serde_json::to_string(&parsed).expect("serialize"), json);
    }

    #[test]
    fn serde_errors_carry_the_column_inside_the_condition() {
        let json = "{\n  \"when\": \"params.count >> 100\",\n  \"level\": \"dangerous\"\n}";
        let err = serde_json::from_str::<DangerCondition>(json).expect_err("broken condition");
        // The column inside the condition, then where the string sits in the document.
        assert_eq!(
            err.to_string(),
            "condition 'params.count >> 100' at column 15: expected a value after '>', \
             found '>' at line 2 column 31"
        );
        let not_a_string = serde_json::from_str::<DangerCondition>(r#"{"when":1,"level":"safe"}"#)
            .expect_err("not a string");
        assert!(not_a_string.to_string().contains("a condition string"));
    }

    // ---- properties ---------------------------------------------------------------------

    /// Random valid condition sources.
    fn valid_source() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("params".to_owned()),
            Just("params.a".to_owned()),
            Just("params.b.c".to_owned()),
            Just("params.items[0]".to_owned()),
            Just("params[\"x y\"]".to_owned()),
            Just("params.count".to_owned()),
            Just("true".to_owned()),
            Just("false".to_owned()),
            Just("null".to_owned()),
            Just("'s'".to_owned()),
            Just("\"a\\\"b\"".to_owned()),
            any::<i32>().prop_map(|n| n.to_string()),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(|f| format!("{f:e}")),
        ];
        let op = prop_oneof![
            Just("=="),
            Just("!="),
            Just(">"),
            Just(">="),
            Just("<"),
            Just("<="),
            Just("&&"),
            Just("||"),
        ];
        leaf.prop_recursive(5, 24, 3, move |inner| {
            prop_oneof![
                (inner.clone(), op.clone(), inner.clone())
                    .prop_map(|(a, op, b)| format!("({a}) {op} ({b})")),
                inner.clone().prop_map(|a| format!("!({a})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} && ({b})")),
                (inner.clone(), inner).prop_map(|(a, b)| format!("({a}) || {b}")),
            ]
        })
    }

    /// Random params objects over the keys the sources use.
    fn params() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            prop::sample::select(vec!["s", "a\"b", "", "z"]).prop_map(Value::from),
        ];
        let value = leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map(
                    prop::sample::select(vec!["a", "b", "c", "x y", "items", "count"])
                        .prop_map(str::to_owned),
                    inner,
                    0..4,
                )
                .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        });
        prop_oneof![
            value.clone(),
            prop::collection::btree_map(
                prop::sample::select(vec!["a", "b", "c", "x y", "items", "count"])
                    .prop_map(str::to_owned),
                value,
                0..6,
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    }

    /// Token soup: fragments of the language, glued at random.
    fn token_soup() -> impl Strategy<Value = String> {
        let fragment = prop::sample::select(vec![
            "(", ")", "!", "params", ".", "a", "[", "]", "0", "\"", "'", "\\", "==", "=", "<",
            ">=", "&&", "||", "&", "-", "1e5", "2.", " ", "é", "true", "null", "#", "\n",
        ]);
        prop::collection::vec(fragment, 0..200).prop_map(|parts| parts.concat())
    }

    proptest! {
        #[test]
        fn parse_never_panics_on_arbitrary_text(source in any::<String>()) {
            if let Err(err) = Condition::parse(&source) {
                prop_assert!(err.offset <= source.len());
                prop_assert!(err.column >= 1);
                prop_assert!(!err.to_string().contains('\n'));
            }
        }

        #[test]
        fn parse_and_evaluate_never_panic_on_token_soup(source in token_soup(), params in params()) {
            match Condition::parse(&source) {
                Ok(condition) => {
                    let _ = condition.evaluate(&params);
                }
                Err(err) => {
                    prop_assert!(err.offset <= source.len());
                    prop_assert!(source.is_char_boundary(err.offset));
                }
            }
        }

        #[test]
        fn valid_expressions_evaluate_consistently(
            a in valid_source(),
            b in valid_source(),
            params in params(),
        ) {
            prop_assume!(a.len() + b.len() < 4000);
            let ca = Condition::parse(&a).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let cb = Condition::parse(&b).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let (va, vb) = (ca.evaluate(&params), cb.evaluate(&params));
            prop_assert_eq!(when(&format!("!({a})")).evaluate(&params), !va);
            prop_assert_eq!(when(&format!("({a}) && ({b})")).evaluate(&params), va && vb);
            prop_assert_eq!(when(&format!("({a}) || ({b})")).evaluate(&params), va || vb);
            let reflexive = when(&format!("({a}) == ({a})")).evaluate(&params);
            prop_assert!(reflexive);
            let json = serde_json::to_string(&ca).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let back: Condition =
                serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(back, ca);
        }

        #[test]
        fn equality_is_symmetric_and_ordering_antisymmetric(x in params(), y in params()) {
            let pair = json!({ "a": x, "b": y });
            let eq = holds("params.a == params.b", pair.clone());
            prop_assert_eq!(eq, holds("params.b == params.a", pair.clone()));
            prop_assert_eq!(!eq, holds("params.a != params.b", pair.clone()));
            prop_assert!(holds("params.a == params.a", pair.clone()));
            let lt = holds("params.a < params.b", pair.clone());
            let gt = holds("params.a > params.b", pair.clone());
            prop_assert!(!(lt && gt));
            prop_assert_eq!(lt, holds("params.b > params.a", pair.clone()));
            if lt || gt {
                prop_assert!(!eq);
            }
        }
    }
}
