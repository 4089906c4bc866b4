//! The stdio transport of `airlock serve` and `airlock proxy`, with every message answered.
//!
//! rmcp reads one JSON-RPC message per line and drops a line it cannot decode without a word:
//! a duplicate key, `NaN`, `1e999`, nesting past serde_json's depth limit, invalid UTF-8, a
//! request whose params do not fit its method. The client that sent it then waits forever for
//! its answer. This layer sits between stdin and rmcp, reads each line itself (within
//! [`MAX_STDIO_MESSAGE_BYTES`]: a longer line is skipped to its end without being stored), and
//! hands rmcp only the lines it will decode. Every other line is answered here, in JSON-RPC's
//! words: `-32700` (parse error) for what is not JSON, or JSON that means two things (a key
//! given twice, which a proxy and airlock could read differently), and `-32600` (invalid
//! request) for a line over the limit or JSON that is not a message, with the request's `id`
//! when it can be read (from the first 4 KiB of a line over the limit; around the bytes of a line
//! that is not UTF-8) and `null` otherwise. Then it goes on serving.
//!
//! rmcp's answers and these are written to stdout whole lines at a time, never interleaved.

use std::sync::Arc;

use airlock_core::limits::MAX_STDIO_MESSAGE_BYTES;
use rmcp::model::ClientJsonRpcMessage;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::Mutex;
use tracing::debug;

/// How much rmcp may have unread or unwritten between it and this layer.
const PIPE_BYTES: usize = 256 * 1024;

/// How much of an over-limit line is kept to find its `id` (a client puts it first, or at least
/// before the params that made the line long); the rest is consumed without being stored.
const HEAD_BYTES: usize = 4096;

/// JSON-RPC's parse error.
const PARSE_ERROR: i64 = -32700;
/// JSON-RPC's invalid request.
const INVALID_REQUEST: i64 = -32600;

/// The transport for rmcp: a reader of the lines that passed, a writer to stdout. Spawns the
/// two tasks that move the bytes; they end when stdin ends and when rmcp closes its side.
pub fn guarded_stdio() -> (tokio::io::DuplexStream, tokio::io::DuplexStream) {
    guarded(tokio::io::stdin(), tokio::io::stdout())
}

/// [`guarded_stdio`] over any byte streams (tests use pipes).
pub fn guarded<R, W>(input: R, output: W) -> (tokio::io::DuplexStream, tokio::io::DuplexStream)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (rmcp_in, mut to_rmcp) = tokio::io::duplex(PIPE_BYTES);
    let (rmcp_out, from_rmcp) = tokio::io::duplex(PIPE_BYTES);
    let output = Arc::new(Mutex::new(output));
    let answers = Arc::clone(&output);
    tokio::spawn(async move {
        let mut input = BufReader::new(input);
        let mut line = Vec::new();
        loop {
            line.clear();
            let read = match read_line(&mut input, &mut line).await {
                Ok(r) => r,
                Err(e) => {
                    debug!(error = %e, "stdin ended");
                    break;
                }
            };
            let Some(complete) = read else { break };
            let verdict = if complete {
                check(&line)
            } else {
                // `line` holds the line's first bytes: enough to find an `id` given early.
                Err(error(
                    id_of(&String::from_utf8_lossy(&line)),
                    INVALID_REQUEST,
                    format!(
                        "the message is over {MAX_STDIO_MESSAGE_BYTES} bytes, airlock's limit \
                         for one JSON-RPC message: it was not read"
                    ),
                ))
            };
            match verdict {
                Ok(()) if line.iter().all(u8::is_ascii_whitespace) => {}
                Ok(()) => {
                    line.push(b'\n');
                    if to_rmcp.write_all(&line).await.is_err() {
                        break;
                    }
                }
                Err(answer) => {
                    let mut out = answers.lock().await;
                    let mut bytes = answer.to_string().into_bytes();
                    bytes.push(b'\n');
                    if out.write_all(&bytes).await.is_err() || out.flush().await.is_err() {
                        break;
                    }
                }
            }
        }
        // stdin ended: rmcp sees the end of its input and stops.
        let _ = to_rmcp.shutdown().await;
    });
    tokio::spawn(async move {
        let mut from_rmcp = BufReader::new(from_rmcp);
        let mut line = Vec::new();
        loop {
            line.clear();
            match from_rmcp.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let mut out = output.lock().await;
                    if out.write_all(&line).await.is_err() || out.flush().await.is_err() {
                        break;
                    }
                }
            }
        }
    });
    (rmcp_in, rmcp_out)
}

/// Reads one line into `line` (without its newline), keeping at most
/// [`MAX_STDIO_MESSAGE_BYTES`]. `Ok(None)` at the end of input, `Ok(Some(false))` when the line
/// was longer: then `line` keeps only its first [`HEAD_BYTES`] (where the `id` is), and the rest
/// is consumed and dropped, never stored.
async fn read_line<R: AsyncBufRead + Unpin>(
    input: &mut R,
    line: &mut Vec<u8>,
) -> std::io::Result<Option<bool>> {
    let mut over = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf().await?;
        if buf.is_empty() {
            return Ok(if any { Some(!over) } else { None });
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !over {
            if line.len() + chunk.len() > MAX_STDIO_MESSAGE_BYTES {
                over = true;
                line.truncate(HEAD_BYTES);
                let room = HEAD_BYTES - line.len();
                line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            return Ok(Some(!over));
        }
    }
}

/// A JSON-RPC error answer.
fn error(id: Value, code: i64, message: String) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// Whether rmcp may have the line; if not, the answer for the client.
fn check(line: &[u8]) -> Result<(), Value> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    // A byte order mark is skipped, as rmcp does.
    let line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
    let Ok(text) = std::str::from_utf8(line) else {
        // The bytes that are not UTF-8 are read as U+FFFD to find the `id`; an id that
        // contains one is not the client's and is not used.
        let id = match id_of(&String::from_utf8_lossy(line)) {
            Value::String(s) if s.contains('\u{fffd}') => Value::Null,
            id => id,
        };
        return Err(error(
            id,
            PARSE_ERROR,
            "parse error: the message is not valid UTF-8".to_owned(),
        ));
    };
    let mut reader = serde_json::Deserializer::from_str(text);
    let parsed = Strict
        .deserialize(&mut reader)
        .and_then(|v| reader.end().map(|()| v));
    let value = match parsed {
        Ok(v) => v,
        Err(e) => {
            return Err(error(
                id_of(text),
                PARSE_ERROR,
                format!(
                    "parse error: {e} (airlock reads strict JSON: no duplicate keys, no NaN or \
                     Infinity, numbers within a 64-bit float, nesting at most {} deep)",
                    airlock_core::limits::MAX_JSON_DEPTH
                ),
            ));
        }
    };
    let (id, notification) = match &value {
        Value::Object(m) => (
            m.get("id").cloned().unwrap_or(Value::Null),
            !m.contains_key("id") && m.get("method").is_some_and(Value::is_string),
        ),
        _ => (Value::Null, false),
    };
    // What rmcp decodes, decoded the same way: anything it would drop is answered here.
    match serde_json::from_value::<ClientJsonRpcMessage>(value) {
        Ok(_) => Ok(()),
        // A notification gets no answer, ever: rmcp ignores the ones it does not know.
        Err(_) if notification => Ok(()),
        Err(e) => Err(error(
            if id.is_string() || id.is_number() {
                id
            } else {
                Value::Null
            },
            INVALID_REQUEST,
            format!("invalid request: {e}"),
        )),
    }
}

/// The `id` of a message that did not parse strictly, if a lenient read finds one: the top
/// level is read key by key and the `id` kept as soon as it is seen, so a message that breaks
/// later (nesting too deep, `NaN` in its params) still gets its answer where it expects it.
fn id_of(text: &str) -> Value {
    struct IdCatcher<'a>(&'a std::cell::RefCell<Value>);
    impl<'de> Visitor<'de> for IdCatcher<'_> {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a JSON-RPC message")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            while let Some(key) = map.next_key::<String>()? {
                if key == "id" {
                    let id: Value = map.next_value()?;
                    if id.is_string() || id.is_number() {
                        *self.0.borrow_mut() = id;
                    }
                } else {
                    map.next_value::<de::IgnoredAny>()?;
                }
            }
            Ok(())
        }
    }
    let id = std::cell::RefCell::new(Value::Null);
    let mut reader = serde_json::Deserializer::from_str(text);
    let _ = de::Deserializer::deserialize_map(&mut reader, IdCatcher(&id));
    id.into_inner()
}

/// A JSON value where an object may not name a key twice. serde_json's `Value` keeps the last
/// of two; this refuses the message instead.
struct Strict;

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("a number that is not finite"))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(Strict)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!("the key '{key}' is given twice")));
            }
            let value = map.next_value_seed(Strict)?;
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code_and_id(line: &[u8]) -> (i64, Value) {
        let answer = check(line).expect_err("refused");
        (
            answer["error"]["code"].as_i64().expect("code"),
            answer["id"].clone(),
        )
    }

    #[test]
    fn what_rmcp_would_drop_is_answered_with_the_id_when_it_can_be_read() {
        let call = |args: &str| {
            format!(
                r#"{{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {{"name": "x", "arguments": {args}}}}}"#
            )
        };
        assert_eq!(
            code_and_id(call(r#"{"a": 1, "a": 2}"#).as_bytes()),
            (PARSE_ERROR, json!(7))
        );
        assert_eq!(
            code_and_id(call("{\"a\": NaN}").as_bytes()),
            (PARSE_ERROR, json!(7))
        );
        assert_eq!(
            code_and_id(call(r#"{"a": 1e999}"#).as_bytes()),
            (PARSE_ERROR, json!(7))
        );
        let deep = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(code_and_id(call(&deep).as_bytes()), (PARSE_ERROR, json!(7)));
        assert_eq!(code_and_id(&[0xff, 0xfe, b'{']), (PARSE_ERROR, Value::Null));
        assert_eq!(
            code_and_id(br#"{"jsonrpc": "2.0", "id": "q", "method": "tools/call", "params": 5}"#),
            (INVALID_REQUEST, json!("q"))
        );
        assert_eq!(code_and_id(b"[1, 2]").0, INVALID_REQUEST);
        // What rmcp takes passes.
        assert!(check(call(r#"{"a": 1.5}"#).as_bytes()).is_ok());
        assert!(check(br#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#).is_ok());
    }

    #[tokio::test]
    async fn a_line_over_the_limit_is_skipped_without_being_kept() {
        let mut big = vec![b'x'; MAX_STDIO_MESSAGE_BYTES + 10];
        big.extend_from_slice(b"\n{\"next\": 1}\n");
        let mut input = BufReader::new(&big[..]);
        let mut line = Vec::new();
        assert_eq!(
            read_line(&mut input, &mut line).await.expect("read"),
            Some(false)
        );
        assert!(line.len() <= MAX_STDIO_MESSAGE_BYTES);
        line.clear();
        assert_eq!(
            read_line(&mut input, &mut line).await.expect("read"),
            Some(true)
        );
        assert_eq!(line, b"{\"next\": 1}");
        line.clear();
        assert_eq!(read_line(&mut input, &mut line).await.expect("read"), None);
    }
}
