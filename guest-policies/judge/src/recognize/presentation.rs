//! Options that shape a command's output (`--format table`, `-o wide`, `--output json`,
//! `--sort-by size`, `--columns name,owner`): they say how a result is shown, never what the
//! command acts on. When a command line is read as words (an unknown program's line, a line
//! English punctuation keeps out of the command readers), such an option must not lend its
//! name as a verb (`--format` is not formatting a disk) nor its value as an object (`table`
//! after `--format` is no database table, `database` after `--sort-by` no database).
//!
//! Only the option and its own value are set aside: every other word of the line is read as
//! before, so `--format table && terraform destroy` or `--format table; rm -rf /` keep what
//! their other commands do. A value is the output's shape only when it is spelled as one (a
//! known format name, a template, a field list); a path or a device after `--format` or
//! `--output` is read as before (`--format /dev/sdb`, `--output /dev/sda`).

/// Option names (without their dashes, lower case) whose value is a field to order, group or
/// pick by: any plain word there is a field name.
const FIELD_OPTIONS: &[&str] = &[
    "sort",
    "sort-by",
    "sortby",
    "sort-key",
    "order-by",
    "orderby",
    "group-by",
    "groupby",
    "columns",
    "column",
    "cols",
    "fields",
    "field",
    "select-columns",
    "show-columns",
    "headers",
];

/// Option names whose value is an output format: only a format's name or a template counts.
const FORMAT_OPTIONS: &[&str] = &[
    "format",
    "fmt",
    "output",
    "output-format",
    "out-format",
    "outformat",
    "report-format",
    "log-format",
    "style",
    "view",
    "layout",
    "template",
    "printer",
    "reporter",
    "formatter",
];

/// Names of output formats, as tools' `--format` / `--output` / `-o` options spell them.
const FORMATS: &[&str] = &[
    "table",
    "tables",
    "tabular",
    "json",
    "jsonl",
    "ndjson",
    "json-pretty",
    "yaml",
    "yml",
    "toml",
    "ini",
    "hcl",
    "xml",
    "html",
    "csv",
    "tsv",
    "text",
    "txt",
    "plain",
    "pretty",
    "raw",
    "wide",
    "name",
    "names",
    "short",
    "long",
    "full",
    "oneline",
    "compact",
    "simple",
    "grid",
    "list",
    "tree",
    "markdown",
    "md",
    "junit",
    "sarif",
    "tap",
    "github",
    "gitlab",
    "checkstyle",
    "codeclimate",
    "stylish",
    "human",
    "porcelain",
    "summary",
    "detailed",
    "default",
    "none",
    "cli",
    "env",
    "dotenv",
    "cyclonedx",
    "spdx",
    "ascii",
    "unicode",
    "columns",
    "jsonpath",
    "go-template",
    "custom-columns",
    "template",
];

/// Whether `word` is an option (`-o`, `--format`, `--sort-by`) that shapes the output.
pub fn shapes_output(word: &str) -> bool {
    option_name(word).is_some_and(|n| {
        FIELD_OPTIONS.contains(&n.as_str()) || FORMAT_OPTIONS.contains(&n.as_str())
    }) || word == "-o"
}

/// Whether `value`, the word after the option `option`, is the output's shape (a format's
/// name, a template, a field name), not something the command acts on.
pub fn shown_as(option: &str, value: &str) -> bool {
    let Some(name) = option_name(option).or_else(|| (option == "-o").then(|| "o".to_owned()))
    else {
        return false;
    };
    if value.is_empty() || value.starts_with('-') {
        return false;
    }
    // A path, a device or a variable is where the output goes (or what is formatted): read
    // as before.
    if value.contains(['/', '\\', '~', '$']) {
        return false;
    }
    if FIELD_OPTIONS.contains(&name.as_str()) {
        // A field name, a list of them, a JSONPath / JMESPath key (`.metadata.name`).
        return value
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b',' | b':'));
    }
    format_value(value)
}

/// A format's name (`table`, `json`, `yaml`), one with its template (`jsonpath={.items}`,
/// `custom-columns=NAME:.metadata.name`), or a template of the output itself
/// (`{{.Names}}`, `%(refname)`, `table {{.ID}}`).
fn format_value(value: &str) -> bool {
    let v = value.to_ascii_lowercase();
    let head = v.split(['=', ':']).next().unwrap_or("");
    FORMATS.contains(&head) || v.contains("{{") || v.contains("%(") || v.starts_with('%')
}

/// An option's name without its dashes, lower case (`--Sort-By` is `sort-by`); `None` for a
/// word that is no long option. `--format=table` is its name with the value cut off.
fn option_name(word: &str) -> Option<String> {
    let name = word.strip_prefix("--")?;
    let name = name.split('=').next().unwrap_or("");
    (name.len() > 1 && name.as_bytes()[0].is_ascii_alphabetic()).then(|| name.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_and_values() {
        assert!(shapes_output("--format"));
        assert!(shapes_output("-o"));
        assert!(shapes_output("--sort-by"));
        assert!(!shapes_output("--force"));
        assert!(!shapes_output("--purge"));
        assert!(shown_as("--format", "table"));
        assert!(shown_as("-o", "jsonpath={.items[*].metadata.name}"));
        assert!(shown_as("--sort-by", "database"));
        assert!(!shown_as("--format", "/dev/sdb"));
        assert!(!shown_as("--format", "disk"));
        assert!(!shown_as("--output", "/dev/sda"));
        assert!(!shown_as("--sort-by", "$(rm -rf /)"));
    }
}
