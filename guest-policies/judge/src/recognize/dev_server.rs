//! Stopping a development server or watcher (`pkill -f 'next dev'`, `pkill -f 'manage.py
//! runserver'`, `pkill nodemon`): the agent's own session tooling, started for the work and
//! started again with one command. It stops no service anyone else uses.
//!
//! The pattern must name the development mode itself: a tool that only serves during
//! development (`vite`, `nodemon`), or a framework's development subcommand or option (`next
//! dev`, `rails server`, `tsc --watch`, `uvicorn app:app --reload`). The production spelling
//! of the same tool (`next start`, `gunicorn`, `uvicorn` without `--reload`), a bare runtime
//! (`node`, `python`), a worker (`celery worker`) and a regular expression that can match more
//! (`next dev|postgres`, `.*`) are read as before.

/// Tools whose every run is a development server or watcher.
const DEV_ONLY: &[&str] = &[
    "vite",
    "nodemon",
    "webpack-dev-server",
    "ts-node-dev",
    "live-server",
    "browser-sync",
    "sphinx-autobuild",
    "vitest",
    "air",
    "watchexec",
    "chokidar",
];

/// A framework tool and the subcommands that start its development server or watcher.
const DEV_MODES: &[(&str, &[&str])] = &[
    ("next", &["dev"]),
    ("nuxt", &["dev"]),
    ("nuxi", &["dev"]),
    ("astro", &["dev"]),
    ("remix", &["dev"]),
    ("gatsby", &["develop"]),
    ("ng", &["serve"]),
    ("vue-cli-service", &["serve"]),
    ("react-scripts", &["start"]),
    ("expo", &["start"]),
    ("hugo", &["server", "serve"]),
    ("jekyll", &["serve", "s"]),
    ("mkdocs", &["serve"]),
    ("rails", &["server", "s"]),
    ("flask", &["run"]),
    ("webpack", &["serve", "--watch", "-w"]),
    ("tsc", &["--watch", "-w"]),
    ("jest", &["--watch", "--watchAll"]),
    ("docusaurus", &["start"]),
    ("storybook", &["dev"]),
    ("eleventy", &["--serve", "--watch"]),
    ("wrangler", &["dev"]),
    ("netlify", &["dev"]),
    ("vercel", &["dev"]),
    ("uvicorn", &["--reload"]),
    ("cargo", &["watch"]),
    ("manage.py", &["runserver"]),
];

/// Package managers whose script named `dev`, `watch` or `serve` is the development server.
const RUNNERS: &[&str] = &["npm", "pnpm", "yarn", "bun"];

/// Whether every pattern `pkill` / `killall` is given names a development server or watcher
/// (`full`: matched against the whole command line, `-f`).
pub fn only_dev_servers(patterns: &[&str], full: bool) -> bool {
    !patterns.is_empty() && patterns.iter().all(|p| dev_server(p, full))
}

fn dev_server(pattern: &str, full: bool) -> bool {
    // A regular expression that matches more than it spells.
    if pattern.contains(['|', '*', '+', '?', '(', ')', '[', ']', '{', '}', '\\', '$']) {
        return false;
    }
    let words: Vec<&str> = pattern.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return false;
    };
    let tool = first.rsplit('/').next().unwrap_or(first);
    if DEV_ONLY.contains(&tool) {
        return true;
    }
    // Without `-f` only the process's name is matched: the framework runs as `node` or
    // `ruby`, so only a development-only tool names one.
    if !full {
        return false;
    }
    if RUNNERS.contains(&tool) {
        let script = match words.get(1) {
            Some(&"run") | Some(&"run-script") => words.get(2),
            other => other,
        };
        return script.is_some_and(|s| matches!(*s, "dev" | "watch" | "serve" | "develop"));
    }
    // The framework's word anywhere in the pattern (`python manage.py runserver`), then its
    // development mode after it.
    words.iter().enumerate().any(|(k, w)| {
        let w = w.rsplit('/').next().unwrap_or(w);
        DEV_MODES
            .iter()
            .any(|(name, modes)| w == *name && words[k + 1..].iter().any(|m| modes.contains(m)))
    })
}

#[cfg(test)]
mod tests {
    use super::only_dev_servers;

    #[test]
    fn patterns() {
        assert!(only_dev_servers(&["next dev"], true));
        assert!(only_dev_servers(&["manage.py runserver"], true));
        assert!(only_dev_servers(
            &["python manage.py runserver 0.0.0.0:8000"],
            true
        ));
        assert!(only_dev_servers(&["nodemon"], false));
        assert!(only_dev_servers(&["pnpm run dev"], true));
        assert!(!only_dev_servers(&["next start"], true));
        assert!(!only_dev_servers(&["next dev|postgres"], true));
        assert!(!only_dev_servers(&["next dev", "postgres"], true));
        assert!(!only_dev_servers(&["node"], false));
        assert!(!only_dev_servers(&["uvicorn app:app"], true));
        assert!(!only_dev_servers(&["next"], false));
    }
}
