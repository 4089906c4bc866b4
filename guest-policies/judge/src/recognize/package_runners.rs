//! A package runner that fetches a package from its registry and runs it at once (`npx`,
//! `bunx` / `bun x`, `pnpm dlx`, `yarn dlx`, `npm exec`, `uvx` / `uv tool run`, `pipx run`):
//! the package's code, and its install scripts, run with the user's rights, unread. A
//! well-known tool (a formatter, a linter, a test runner, a framework's own CLI) is what
//! projects run this way every day; any other package name is code nobody vetted (the label
//! rule: "`npx --yes` of an unknown package" is gated), whether or not it names a version, since a
//! version pins the code without vetting it. npm's `npx` and `npm exec` install without asking
//! when stdin is not a terminal, as an agent's is (npm-exec(1)), so no `--yes` is needed.
//!
//! Packages from URLs and repositories (`uvx --from git+https://...`) are graded where
//! installs are ([`super::secrets`]'s unvetted installs); `npx --no-install` and `--offline`
//! run only what the project installed.
//!
//! One lookup: the package's name (scope kept, version and extras removed) in a sorted table of
//! well-known tools, or its npm scope in a table of vendors' scopes.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// Well-known tools run through package runners, npm's and PyPI's (sorted, for a binary search).
const WELL_KNOWN: &[&str] = &[
    "@11ty/eleventy",
    "@angular/cli",
    "@babel/cli",
    "@biomejs/biome",
    "@changesets/cli",
    "@commitlint/cli",
    "@docusaurus/init",
    "@graphql-codegen/cli",
    "@lhci/cli",
    "@mermaid-js/mermaid-cli",
    "@nestjs/cli",
    "@next/codemod",
    "@openapitools/openapi-generator-cli",
    "@playwright/test",
    "@redocly/cli",
    "@remix-run/dev",
    "@storybook/cli",
    "@tailwindcss/cli",
    "@vercel/ncc",
    "@vscode/vsce",
    "@vue/cli",
    "@wdio/cli",
    "aider-chat",
    "ajv-cli",
    "alex",
    "ansible",
    "ansible-core",
    "ansible-lint",
    "astro",
    "auto-changelog",
    "autoflake",
    "autopep8",
    "aws-cdk",
    "aws-sam-cli",
    "awscli",
    "azure-cli",
    "bandit",
    "basedpyright",
    "biome",
    "black",
    "blacken-docs",
    "blue",
    "briefcase",
    "browser-sync",
    "build",
    "bump-my-version",
    "bump2version",
    "bumpp",
    "c8",
    "cdk",
    "cdk8s-cli",
    "cdktf",
    "cdktf-cli",
    "cfn-lint",
    "changeset",
    "check-jsonschema",
    "check-wheel-contents",
    "checkov",
    "cibuildwheel",
    "clasp",
    "cloc",
    "codespell",
    "commitizen",
    "commitlint",
    "concurrently",
    "conventional-changelog-cli",
    "convex",
    "cookiecutter",
    "copier",
    "cordova",
    "corepack",
    "coverage",
    "cowsay",
    "create-astro",
    "create-docusaurus",
    "create-expo-app",
    "create-next-app",
    "create-nuxt-app",
    "create-react-app",
    "create-remix",
    "create-svelte",
    "create-t3-app",
    "create-turbo",
    "create-vite",
    "create-vue",
    "cross-env",
    "cross-env-shell",
    "cruft",
    "cspell",
    "csvkit",
    "cypress",
    "datasette",
    "dbt",
    "dbt-core",
    "degit",
    "del-cli",
    "depcheck",
    "deptry",
    "detect-secrets",
    "django",
    "djlint",
    "doc8",
    "docformatter",
    "docsify-cli",
    "dotenv",
    "dotenv-cli",
    "dprint",
    "drizzle-kit",
    "dvc",
    "eas-cli",
    "electron",
    "electron-builder",
    "ember",
    "ember-cli",
    "envinfo",
    "esbuild",
    "eslint",
    "esno",
    "expo",
    "expo-cli",
    "fabric",
    "fastapi",
    "fastapi-cli",
    "firebase",
    "firebase-tools",
    "flake8",
    "flask",
    "gatsby",
    "gatsby-cli",
    "gdown",
    "ggshield",
    "gh-pages",
    "git-cliff",
    "git-cz",
    "gitlint",
    "glances",
    "grunt",
    "grunt-cli",
    "gulp",
    "gulp-cli",
    "gunicorn",
    "harlequin",
    "hatch",
    "heroku",
    "hexo-cli",
    "html-validate",
    "htmlhint",
    "http-prompt",
    "http-server",
    "httpie",
    "httpx",
    "huggingface-hub",
    "huggingface_hub",
    "husky",
    "hypothesis",
    "interrogate",
    "invoke",
    "ionic",
    "ipython",
    "isort",
    "jasmine",
    "jest",
    "jscodeshift",
    "jshint",
    "jsii",
    "json",
    "json-server",
    "jsonlint",
    "jsr",
    "jupyter",
    "jupyterlab",
    "jupytext",
    "kaggle",
    "karma",
    "kill-port",
    "knex",
    "knip",
    "kysely-codegen",
    "lerna",
    "lerna-lite",
    "license-checker",
    "lighthouse",
    "lint-staged",
    "litecli",
    "live-server",
    "llm",
    "locust",
    "madge",
    "marimo",
    "markdown-link-check",
    "markdownlint",
    "markdownlint-cli",
    "markdownlint-cli2",
    "marked",
    "maturin",
    "md-to-pdf",
    "mdformat",
    "memray",
    "mermaid",
    "mikro-orm",
    "mitmproxy",
    "mkdocs",
    "mkdocs-material",
    "mlflow",
    "mmdc",
    "mocha",
    "molecule",
    "mycli",
    "mypy",
    "nbconvert",
    "nbqa",
    "nbstripout",
    "ncu",
    "netlify",
    "netlify-cli",
    "newman",
    "next",
    "nightwatch",
    "node",
    "node-gyp",
    "nodeenv",
    "nodemon",
    "nox",
    "np",
    "npm",
    "npm-check",
    "npm-check-updates",
    "npm-run-all",
    "nuitka",
    "nuxi",
    "nx",
    "nyc",
    "openapi-generator-cli",
    "openapi-typescript",
    "orval",
    "ovsx",
    "oxlint",
    "pa11y",
    "papermill",
    "parcel",
    "patch-package",
    "pdm",
    "pdoc",
    "pdoc3",
    "pgcli",
    "pip",
    "pip-audit",
    "pip-check",
    "pip-licenses",
    "pip-tools",
    "pipdeptree",
    "pipenv",
    "playwright",
    "plop",
    "pm2",
    "pnpm",
    "pod-install",
    "poetry",
    "postcss",
    "postcss-cli",
    "posting",
    "pre-commit",
    "prettier",
    "prisma",
    "projen",
    "publint",
    "puppeteer",
    "py-spy",
    "pyclean",
    "pydoclint",
    "pydocstyle",
    "pyenv-win",
    "pyinfra",
    "pyinstaller",
    "pylint",
    "pyproject-fmt",
    "pyre-check",
    "pyright",
    "pyroma",
    "pytest",
    "pytype",
    "pyupgrade",
    "pyupgrade-directories",
    "quicktype",
    "radon",
    "react-devtools",
    "react-native",
    "react-scripts",
    "release-it",
    "remark-cli",
    "rich-cli",
    "rimraf",
    "rollup",
    "rstcheck",
    "ruff",
    "rye",
    "safety",
    "sass",
    "sb",
    "scalene",
    "scrapy",
    "semantic-release",
    "semgrep",
    "sequelize-cli",
    "serve",
    "serve-handler",
    "serverless",
    "setuptools",
    "shadcn",
    "shadcn-ui",
    "shx",
    "size-limit",
    "snyk",
    "sort-package-json",
    "sphinx",
    "sphinx-autobuild",
    "sphinx-build",
    "sqlfluff",
    "sqlite-utils",
    "sqlmesh",
    "ssort",
    "standard",
    "standard-version",
    "start-server-and-test",
    "storybook",
    "streamlit",
    "stylelint",
    "supabase",
    "surge",
    "sv",
    "svelte-check",
    "svgo",
    "swagger-cli",
    "syncpack",
    "tailwindcss",
    "taze",
    "terser",
    "testcafe",
    "textlint",
    "textual-dev",
    "tldr",
    "towncrier",
    "tox",
    "trash-cli",
    "ts-node",
    "ts-node-dev",
    "ts-prune",
    "tsc",
    "tsc-watch",
    "tsd",
    "tslint",
    "tsup",
    "tsx",
    "turbo",
    "twine",
    "type-coverage",
    "typedoc",
    "typeorm",
    "typescript",
    "typesync",
    "uv",
    "uvicorn",
    "validate-pyproject",
    "vercel",
    "verdaccio",
    "virtualenv",
    "virtualenv-clone",
    "visidata",
    "vite",
    "vite-node",
    "vitepress",
    "vitest",
    "vsce",
    "vue-tsc",
    "vulture",
    "wait-on",
    "wait-port",
    "webpack",
    "webpack-cli",
    "wheel",
    "wrangler",
    "write-good",
    "xo",
    "yaml-lint",
    "yamllint",
    "yapf",
    "yarn",
    "yo",
    "yt-dlp",
    "zx",
];

/// npm scopes that belong to a framework's or a vendor's own organization: their packages are
/// published by the project whose CLI they are.
const VENDOR_SCOPES: &[&str] = &[
    "@angular",
    "@anthropic-ai",
    "@apidevtools",
    "@apollo",
    "@arethetypeswrong",
    "@astrojs",
    "@aws-amplify",
    "@aws-cdk",
    "@axe-core",
    "@azure",
    "@babel",
    "@biomejs",
    "@capacitor",
    "@cdktf",
    "@changesets",
    "@cloudflare",
    "@commitlint",
    "@docusaurus",
    "@electron",
    "@eslint",
    "@expo",
    "@google",
    "@google-cloud",
    "@graphql-codegen",
    "@ionic",
    "@lhci",
    "@microsoft",
    "@mikro-orm",
    "@modelcontextprotocol",
    "@nestjs",
    "@netlify",
    "@nrwl",
    "@nx",
    "@openai",
    "@playwright",
    "@prisma",
    "@railway",
    "@react-native-community",
    "@redocly",
    "@remix-run",
    "@sentry",
    "@shopify",
    "@squoosh",
    "@stoplight",
    "@storybook",
    "@stripe",
    "@supabase",
    "@sveltejs",
    "@tailwindcss",
    "@typescript-eslint",
    "@vercel",
    "@vitejs",
    "@vitest",
    "@vue",
    "@wdio",
    "@yarnpkg",
];

/// Judges a program a package runner fetched and started ([`Cmd::launcher`]).
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let Some(runner) = cmd.launcher.first() else {
        return;
    };
    let runner = super::program_name(runner);
    let words: Vec<&str> = cmd.launcher.iter().map(|w| &**w).collect();
    // Only the runners that fetch what is not installed: `pnpm exec`, `uv run`, `poetry run`,
    // `bundle exec` run the project's own environment.
    let sub = words.get(1).copied().unwrap_or("");
    let fetches = match runner {
        "npx" | "bunx" | "pnpx" | "uvx" => true,
        "pnpm" | "yarn" => sub == "dlx",
        "npm" => matches!(sub, "exec" | "x"),
        "bun" => sub == "x",
        "pipx" => sub == "run",
        "uv" => sub == "tool",
        _ => false,
    };
    if !fetches {
        return;
    }
    // Only what the project installed runs (`npx --no-install`, `npm exec --no`, `--offline`).
    // `--yes` beside it leaves the prompt's answer in doubt: not exempt.
    if words
        .iter()
        .any(|w| matches!(*w, "--no-install" | "--no" | "--offline"))
        && !words.iter().any(|w| matches!(*w, "--yes" | "-y"))
    {
        return;
    }
    // The package: `--package` / `-p` (npm, bunx), `--from` (uv), `--spec` (pipx), else the
    // last word the runner took (the program's own package).
    let given = words
        .windows(2)
        .find_map(|w| matches!(w[0], "-p" | "--package" | "--from" | "--spec").then_some(w[1]));
    let spec = given
        .or_else(|| {
            words
                .iter()
                .rev()
                .find(|w| !w.starts_with('-'))
                .copied()
                .filter(|w| {
                    super::program_name(w) != runner
                        && !matches!(*w, "dlx" | "exec" | "x" | "run" | "tool")
                })
        })
        .unwrap_or(cmd.program);
    // A URL, a repository or a local path is graded where installs are.
    if spec.contains("://")
        || spec.starts_with("git+")
        || spec.starts_with("github:")
        || spec.starts_with('.')
        || spec.starts_with('/')
    {
        return;
    }
    let name = package_name(spec);
    // A program the judge knows by name (`npx kubectl ...`, `uvx aws ...`) is judged as that
    // program: its own reader grades what it does.
    if name.is_empty()
        || vetted(&name)
        || super::lexicon::is(&name, super::lexicon::PROGRAM)
        || super::lexicon::is(cmd.program, super::lexicon::PROGRAM) && name == cmd.program
    {
        return;
    }
    out.push(finding(
        Family::RemoteCode,
        "remote-code.unvetted-package",
        Severity::Confirm,
        format!(
            "{runner} fetches the package {name} from the registry and runs it: code nobody has vetted"
        ),
    ));
}

/// A package spec's name: `@scope/name@1.2.3` is `@scope/name`, `tool==0.4` and
/// `tool[extra]>=1` are `tool`, lowercased.
fn package_name(spec: &str) -> String {
    let spec = spec.strip_prefix("npm:").unwrap_or(spec);
    let (scope, rest) = match spec.strip_prefix('@').and_then(|r| r.split_once('/')) {
        Some((scope, rest)) => (Some(scope), rest),
        None => (None, spec),
    };
    let end = rest
        .find(['@', '=', '<', '>', '[', '~', '!', ';', ' '])
        .unwrap_or(rest.len());
    let name = rest[..end].to_ascii_lowercase();
    match scope {
        Some(scope) => format!("@{}/{name}", scope.to_ascii_lowercase()),
        None => name,
    }
}

/// Whether a package spec (`name@1`, `@scope/name`) names a well-known tool or a vendor's own
/// package, for the other readers of fetched packages (deno's `npm:` and `jsr:` specifiers).
pub fn well_known(spec: &str) -> bool {
    let name = package_name(spec);
    !name.is_empty() && (vetted(&name) || super::lexicon::is(&name, super::lexicon::PROGRAM))
}

/// Whether a package name is a well-known tool or published under a vendor's own scope.
fn vetted(name: &str) -> bool {
    WELL_KNOWN.binary_search(&name).is_ok()
        || name
            .split_once('/')
            .is_some_and(|(scope, _)| VENDOR_SCOPES.contains(&scope))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_table_is_sorted_for_its_binary_search() {
        assert!(super::WELL_KNOWN.windows(2).all(|w| w[0] < w[1]));
    }
}
