//! One log line a request, at `info` (target `airlock_http::access`): method, path, status and
//! milliseconds, as operators expect of a service (`AIRLOCK_LOG=info`).
//!
//! Only those four: never the query string or the body (a `verify_challenge` body carries the
//! code a person typed), and the path is cut to [`MAX_PATH`] bytes, since a client chooses it.

use std::time::Instant;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use tracing::info;

/// The longest path logged; a longer one ends in `...`.
const MAX_PATH: usize = 128;

/// The middleware: runs the request, then logs its line.
pub async fn log(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = shortened(request.uri().path());
    let began = Instant::now();
    let response = next.run(request).await;
    info!(
        target: "airlock_http::access",
        method = %method,
        path = %path,
        status = response.status().as_u16(),
        ms = format_args!("{:.3}", began.elapsed().as_secs_f64() * 1000.0),
        "request"
    );
    response
}

/// The path, at most [`MAX_PATH`] bytes (cut on a character boundary).
fn shortened(path: &str) -> String {
    if path.len() <= MAX_PATH {
        return path.to_owned();
    }
    let mut end = MAX_PATH;
    while !path.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &path[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_paths_are_cut() {
        assert_eq!(shortened("/v1/decide"), "/v1/decide");
        let long = format!("/{}", "é".repeat(200));
        let cut = shortened(&long);
        assert!(cut.len() <= MAX_PATH + 3 && cut.ends_with("..."), "{cut}");
    }
}
