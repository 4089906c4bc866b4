//! What several test files share: finding where a started `airlock http` listens.

use std::io::{BufRead, BufReader};
use std::process::Child;

/// The base URL (`http://127.0.0.1:PORT`) an `airlock http --listen 127.0.0.1:0` child prints
/// on its standard output once its store is open and it listens.
pub fn http_base(child: &mut Child) -> String {
    let line = BufReader::new(child.stdout.take().expect("piped stdout"))
        .lines()
        .map_while(Result::ok)
        .find(|l| l.contains("listening on"))
        .expect("the server starts and says where it listens");
    line.split_whitespace()
        .last()
        .expect("an address")
        .to_owned()
}
