//! A send in inline code whose payload carries a secret or people's records: `requests.post`
//! / `httpx.post` / `session.put`, `urlopen(Request(url, data=...))`, `fetch(url, {method:
//! 'POST', body})`, `axios.post`, with an environment variable named like a key or token in
//! what is sent (`data=os.environ["AWS_SECRET_ACCESS_KEY"]`, `body: process.env.NPM_TOKEN`), or
//! a table's rows with personal columns (`df[["email", "phone"]].to_csv()`, `rows` fetched from
//! a `customers` table).
//!
//! # Why only the payload
//!
//! A token goes in a header (`headers={"Authorization": ...}`, `auth=`) or a query (`params=`)
//! to call the service it belongs to: those arguments are cut out before the payload is read.
//! What is left is sent to the host for it to keep: a secret there is exfiltration (Stop), a
//! dump of people's records leaves the company (Verify). An aggregate (`len(df)`, a count) with
//! no personal column is not records. A send to the local machine is not read.

use super::finding;
use crate::finding::{Family, Finding, Severity};
use crate::substring::has;

/// Calls that send their arguments over HTTP.
const SENDS: &[&str] = &[
    ".post(",
    ".put(",
    ".patch(",
    "requests.request(",
    "urlopen(",
    "fetch(",
    "sendBeacon(",
];

/// Columns and fields of people's records.
const PERSONAL: &[&str] = &[
    "email",
    "e_mail",
    "phone",
    "phone_number",
    "mobile",
    "ssn",
    "ssn_last4",
    "dob",
    "date_of_birth",
    "birth_date",
    "birthdate",
    "address",
    "street_address",
    "home_address",
    "card",
    "card_number",
    "credit_card",
    "cc_number",
    "iban",
    "passport",
    "passport_number",
    "national_id",
    "tax_id",
];

/// Tables of people.
const PEOPLE: &[&str] = &[
    "customers",
    "users",
    "patients",
    "members",
    "employees",
    "contacts",
    "subscribers",
    "customer",
    "patient",
];

/// Reads inline code for sends of secrets or people's records.
pub fn judge(body: &str, out: &mut Vec<Finding>) {
    if !SENDS.iter().any(|s| has(body, s)) {
        return;
    }
    let mut said = false;
    for send in SENDS {
        for (at, _) in body.match_indices(send).take(8) {
            let args =
                super::interpreters::call_arguments(crate::cut(&body[at + send.len()..], 2000));
            if *send == "fetch(" && !(has(args, "POST") || has(args, "PUT") || has(args, "post")) {
                continue;
            }
            let parts = top_level(args);
            let Some(to) = parts.first().map(|p| p.trim()) else {
                continue;
            };
            if local(to) || to.trim_matches(['\'', '"', '`']).starts_with('/') {
                continue;
            }
            let payload = payload(&parts[1..], body);
            if said {
                return;
            }
            // A credential in a header goes to the service its name names; one naming another
            // service (or none of the host's) is carried off in the header.
            let elsewhere = secret_variable(args).filter(|name| !belongs(name, to, body));
            if let Some(name) = secret_variable(&payload).or(elsewhere) {
                out.push(finding(
                    Family::Exfiltration,
                    "exfiltration.secret",
                    Severity::Stop,
                    format!(
                        "inline code sends ${name} in the body of a request to {}",
                        crate::cut(to, 80)
                    ),
                ));
                said = true;
            } else if records_of_people(&payload) {
                out.push(finding(
                    Family::Exfiltration,
                    "exfiltration.records",
                    Severity::Verify,
                    format!(
                        "inline code sends rows with personal columns to {}: records of people leave",
                        crate::cut(to, 80)
                    ),
                ));
                said = true;
            }
        }
    }
}

/// Whether the destination is this machine.
fn local(to: &str) -> bool {
    ["localhost", "127.0.0.1", "0.0.0.0", "[::1]"]
        .iter()
        .any(|h| to.contains(h))
}

/// The payload a send's arguments carry: every argument but the headers, the credentials and
/// the query (and an options object's `headers`), with the lines that define a name it uses
/// (`payload = {...}` above the call), one level deep.
fn payload(args: &[&str], body: &str) -> String {
    let mut text = String::new();
    for a in args {
        let a = a.trim();
        let key = a
            .split(['=', ':'])
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches(['\'', '"']);
        if matches!(key, "headers" | "auth" | "params" | "cookies" | "timeout") {
            continue;
        }
        text.push_str(&without_headers(a));
        text.push('\n');
    }
    // Names the payload uses, defined on a line of their own.
    let used: Vec<String> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.len() > 1 && w.starts_with(|c: char| c.is_ascii_alphabetic()))
        .map(str::to_owned)
        .collect();
    for line in body.lines().take(200) {
        let l = line.trim_start();
        let l = ["const ", "let ", "var "]
            .iter()
            .find_map(|d| l.strip_prefix(d))
            .unwrap_or(l);
        if let Some((lhs, rhs)) = l.split_once('=')
            && !rhs.starts_with('=')
            && used.iter().any(|u| u == lhs.trim())
        {
            text.push_str(rhs);
            text.push('\n');
        }
    }
    text
}

/// An options object's text without its `headers: {...}` member.
fn without_headers(a: &str) -> String {
    let Some(at) = a.find("headers") else {
        return a.to_owned();
    };
    let rest = &a[at..];
    let Some(open) = rest.find('{') else {
        return a.to_owned();
    };
    let inner = super::interpreters::call_arguments(&rest[open + 1..]);
    let end = at + open + 1 + inner.len() + 1;
    format!("{}{}", &a[..at], &a[end.min(a.len())..])
}

/// A call's arguments split at its top-level commas.
fn top_level(args: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0_i32;
    let mut quote: Option<u8> = None;
    let mut start = 0;
    for (i, c) in args.bytes().enumerate() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                b'\'' | b'"' | b'`' => quote = Some(c),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b',' if depth == 0 => {
                    parts.push(&args[start..i]);
                    start = i + 1;
                }
                _ => {}
            },
        }
    }
    parts.push(&args[start..]);
    parts
}

/// An environment variable named like a secret that the text reads (`os.environ["X"]`,
/// `os.getenv("X")`, `process.env.X`, `ENV["X"]`, `Sys.getenv("X")`).
fn secret_variable(text: &str) -> Option<String> {
    for lead in ["environ", "getenv(", "env.", "ENV[", "env["] {
        for (at, _) in text.match_indices(lead) {
            let rest = text[at + lead.len()..].trim_start_matches(['[', '(', '.', '\'', '"', ' ']);
            let rest = rest.strip_prefix("get(").unwrap_or(rest);
            let rest = rest.trim_start_matches(['\'', '"']);
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if secret_name(&name) {
                return Some(name);
            }
        }
    }
    None
}

/// Whether a secret variable belongs to the request's host: its service's word
/// (`GITHUB` of `GITHUB_TOKEN`) is in the URL, or the name is generic (`API_TOKEN`) and the
/// host is the one the code names.
fn belongs(name: &str, to: &str, body: &str) -> bool {
    let url = if to.contains("://") {
        to.to_ascii_lowercase()
    } else {
        // A variable's URL: the first URL literal of the code.
        body.find("http")
            .map(|at| body[at..].split(['\'', '"', '`']).next().unwrap_or(""))
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let service: Vec<String> = name
        .split('_')
        .filter(|w| w.len() > 2 && !secret_name(&w.to_ascii_uppercase()))
        .filter(|w| !matches!(*w, "API" | "ACCESS" | "AUTH" | "CLIENT" | "BEARER" | "APP"))
        .map(str::to_ascii_lowercase)
        .collect();
    service.is_empty() || service.iter().any(|w| url.contains(w.as_str()))
}

/// Whether a variable's name says it holds a secret (`STRIPE_SECRET_KEY`, `GITHUB_TOKEN`,
/// `DB_PASSWORD`): a word of it is one, in capitals as environment variables are written.
fn secret_name(name: &str) -> bool {
    name.bytes().any(|b| b.is_ascii_uppercase())
        && name.split('_').any(|w| {
            matches!(
                w.to_ascii_uppercase().as_str(),
                "KEY"
                    | "TOKEN"
                    | "SECRET"
                    | "PASSWORD"
                    | "PASSWD"
                    | "PASS"
                    | "CREDENTIALS"
                    | "PAT"
                    | "APIKEY"
                    | "PRIVATE"
            )
        })
}

/// Whether a payload carries people's rows: a personal column named in it and the rows
/// themselves dumped (`.to_csv()`, `.to_json()`, `.to_dict(`, `fetchall`, `records`), or a dump
/// of a people table's rows.
fn records_of_people(text: &str) -> bool {
    let dumped = [
        ".to_csv(",
        ".to_json(",
        ".to_dict(",
        ".to_string(",
        ".to_markdown(",
        ".tolist(",
        "fetchall(",
        "records",
        ".values",
        "JSON.stringify(rows",
        "rows",
    ]
    .iter()
    .any(|d| text.contains(d));
    if !dumped {
        return false;
    }
    let mut personal = false;
    let mut people = false;
    for w in text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
    {
        let lower = w.to_ascii_lowercase();
        personal |= PERSONAL.contains(&lower.as_str());
        people |= PEOPLE.contains(&lower.as_str());
    }
    personal || people && text.contains("SELECT *")
}
