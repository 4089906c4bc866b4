//! Packages from a source nobody vetted ([`crate::recognize::sources`]): another registry,
//! index, channel, repository or URL named on the line or registered for later installs, and
//! verification turned off. The rows name programs and spellings of no labeled set; the near
//! misses are the same programs reading, listing, or installing from their default registry,
//! a local path or a lockfile.

use crate::Severity;

fn worst(hint: &str) -> Option<Severity> {
    crate::judge(hint, &[]).worst()
}

fn at_least(rows: &[&str], floor: Severity) {
    for hint in rows {
        let got = worst(hint);
        assert!(got >= Some(floor), "{hint:?}: {got:?}");
    }
}

fn allowed(rows: &[&str]) {
    for hint in rows {
        let got = worst(hint);
        assert!(got < Some(Severity::Confirm), "{hint:?}: {got:?}");
    }
}

#[test]
fn an_install_from_another_index_or_registry_asks_first() {
    at_least(
        &[
            "pip install -i https://pypi.fastwheels.top/simple fastjson",
            "pipenv install --pypi-mirror https://mirror.pkgfast.top/simple requests",
            "uv add --index https://wheels.acme-cache.io/simple acme-sdk",
            "pip install --find-links https://wheels.acme-cache.io/links/ fastcsv",
            "npm install --registry https://npm.fastpkg.top left-padx",
            "dotnet add package Acme.Helpers --source https://nuget.fastpkg.top/v3/index.json",
            "dotnet tool install -g acme-cli --add-source https://nuget.fastpkg.top/v3/index.json",
            "nuget install Acme.Helpers -Source https://nuget.fastpkg.top/api/v2",
            "choco install fast-agent -s https://choco.fastpkg.top/api/v2 -y",
            "composer require acme/helpers --repository=https://packages.acme-cache.io",
            "luarocks install --server=https://rocks.fastpkg.top fastlua",
            "pulumi plugin install resource fastcloud v1.0.0 --server https://plugins.fastpkg.top",
            "apk add --repository http://apk.fastpkg.top/edge fast-agent",
        ],
        Severity::Confirm,
    );
}

#[test]
fn a_package_from_a_url_or_a_repository_asks_first() {
    at_least(
        &[
            "pip install https://files.example-cdn.top/fastjson-1.0.tar.gz",
            "npm install someuser/some-cli",
            "bun add github:someuser/some-lib",
            "yarn add https://files.example-cdn.top/widget-1.2.0.tgz",
            "helm install web oci://registry.fastpkg.top/charts/web -n dev",
            "sudo dnf install -y https://rpm.fastpkg.top/agent-2.1.x86_64.rpm",
            "sudo rpm -Uvh http://rpm.fastpkg.top/agent.rpm",
            "sudo pacman -U https://pkgs.fastpkg.top/fast-agent-1.0-x86_64.pkg.tar.zst",
            "nix profile install github:someone/fast-flake",
            "nix-env -i -f https://files.fastpkg.top/fast.tar.gz",
            "vagrant box add https://boxes.fastpkg.top/dev.box --name devbox",
            "ansible-galaxy install git+https://github.com/someone/ansible-role-fast.git",
            "asdf plugin add fasttool https://github.com/someone/asdf-fasttool.git",
            "mise plugins install fasttool https://github.com/someone/mise-fasttool",
            "bundle add fast_xml --git https://github.com/someone/fast_xml",
            "Add-AppxPackage -Path https://apps.fastpkg.top/fast.msixbundle",
            "flatpak install --from https://apps.fastpkg.top/fast.flatpakref",
        ],
        Severity::Confirm,
    );
}

#[test]
fn a_plugin_extension_or_key_from_its_author_asks_first() {
    at_least(
        &[
            "gh extension install someone/gh-fast",
            "docker plugin install someone/fastfs --grant-all-permissions",
            "cursor --install-extension ~/Downloads/fast-helper-0.2.0.vsix",
            "codium --install-extension /tmp/fast-helper.vsix",
            "curl -fsSL https://apt.fastpkg.top/key.asc | sudo apt-key add -",
            "Install-Module -Name PSFastTools -Force",
            "Install-PSResource -Name FastTools -Repository FastRepo -TrustRepository",
            "deno install -g -A jsr:@someone/scaffold",
            "deno run --allow-all npm:random-migrator@latest",
            "Rscript -e 'remotes::install_github(\"someone/fastR\")'",
            "Rscript -e 'install.packages(\"fastR\", repos=\"https://cran.fastpkg.top\")'",
            "Rscript -e 'pak::pkg_install(\"someone/fastR\")'",
            "cargo add fastser --git https://github.com/someone/fastser",
            "pre-commit try-repo https://github.com/someone/fast-hooks",
            "conan remote add fastconan https://conan.fastpkg.top",
            "opam pin add fastml https://github.com/someone/fastml.git",
            "mvn -Dmaven.wagon.http.ssl.insecure=true -Dmaven.wagon.http.ssl.allowall=true package",
        ],
        Severity::Confirm,
    );
}

#[test]
fn a_source_registered_for_every_later_install_asks_first() {
    at_least(
        &[
            "pip config set global.index-url https://mirror.pkgfast.top/simple",
            "pip config --user set global.extra-index-url https://wheels.acme-cache.io/simple",
            "poetry source add --priority=primary fastmirror https://mirror.pkgfast.top/simple",
            "pdm config pypi.url https://mirror.pkgfast.top/simple",
            "npm config set registry https://npm.fastpkg.top/",
            "pnpm config set @acme:registry https://npm.fastpkg.top/",
            "yarn config set npmRegistryServer https://npm.fastpkg.top",
            "echo 'registry=https://npm.fastpkg.top/' >> ~/.npmrc",
            "bundle config set --global mirror.https://rubygems.org https://gems.fastmirror.top",
            "composer config repositories.helpers vcs https://github.com/someone/php-helpers",
            "dotnet nuget add source https://nuget.fastpkg.top/v3/index.json -n fastpkg",
            "helm repo add fastcharts https://charts.fastpkg.top",
            "kubectl krew index add unofficial https://github.com/someone/krew-index.git",
            "sudo add-apt-repository ppa:someone/fast-tools",
            "sudo dnf config-manager --add-repo https://rpm.fastpkg.top/fast.repo",
            "sudo zypper addrepo https://rpm.fastpkg.top/opensuse fastpkg",
            "flatpak remote-add fastrepo https://apps.fastpkg.top/fast.flatpakrepo",
            "winget source add -n fastsrc https://winget.fastpkg.top/api",
            "scoop bucket add fastbucket https://github.com/someone/scoop-fast",
            "Register-PSRepository -Name FastRepo -SourceLocation https://nuget.fastpkg.top/api/v2",
            "go env -w GOPROXY=https://goproxy.fastpkg.top",
            "conda config --add channels some-random-user",
            "echo 'https://apk.fastpkg.top/edge/main' | sudo tee -a /etc/apk/repositories",
        ],
        Severity::Confirm,
    );
}

#[test]
fn verification_turned_off_for_one_install_asks_first() {
    at_least(
        &[
            "pip3 install --trusted-host wheels.cdn-fast.top fastcsv",
            "sudo apt-get install -y --allow-unauthenticated fast-agent",
            "sudo yum install --nogpgcheck -y fast-agent",
            "sudo zypper --no-gpg-checks install fast-agent",
            "apk add --allow-untrusted ./fast-agent.apk",
            "sudo snap install fast-agent_1.0_amd64.snap --dangerous",
            "choco install fast-agent --ignore-checksums -y",
            "winget install --manifest .\\manifests\\fast-agent.yaml",
            "Install-Module PSFastTools -SkipPublisherCheck",
            "GOSUMDB=off go get github.com/someone/fastlib@v1.2.0",
            "npm_config_registry=https://npm.fastpkg.top npm install acme-ui",
            "UV_EXTRA_INDEX_URL=https://wheels.acme-cache.io/simple uv sync",
        ],
        Severity::Confirm,
    );
}

#[test]
fn verification_turned_off_for_every_later_install_is_verified() {
    at_least(
        &[
            "npm config set strict-ssl false -g",
            "yarn config set enableStrictSsl false",
            "go env -w GOSUMDB=off",
            "conda config --set ssl_verify false",
            "composer config -g secure-http false",
            "flatpak remote-add --no-gpg-verify fastrepo https://apps.fastpkg.top/repo",
            "echo 'APT::Get::AllowUnauthenticated \"true\";' | sudo tee /etc/apt/apt.conf.d/99unauth",
            "sudo sed -i 's/gpgcheck=1/gpgcheck=0/' /etc/dnf/dnf.conf",
            "echo 'deb [trusted=yes] http://apt.fastpkg.top ./' | sudo tee /etc/apt/sources.list.d/fast.list",
        ],
        Severity::Verify,
    );
}

#[test]
fn the_default_registry_a_local_path_or_a_lockfile_goes_ahead() {
    allowed(&[
        "pip install -e .",
        "pip install requests==2.32.3",
        "pip install --extra-index-url https://download.pytorch.org/whl/cu121 torch==2.4.0",
        "pip install --index-url http://127.0.0.1:3141/root/dev/+simple/ mypkg",
        "npm ci",
        "npm install lodash@4.17.21",
        "npm install --registry http://localhost:4873 my-local-pkg",
        "npm install ./packages/ui",
        "pnpm add @acme/ui --filter web/app",
        "cargo install --path .",
        "go install ./cmd/server",
        "gem install ./pkg/acme-1.0.0.gem",
        "dotnet add package Newtonsoft.Json --version 13.0.3",
        "helm repo add bitnami https://charts.bitnami.com/bitnami",
        "kubectl krew install ctx",
        "brew install --cask firefox",
        "sudo apt-get install -y jq",
        "sudo add-apt-repository universe",
        "sudo dnf install -y git",
        "sudo snap install code --classic",
        "flatpak install flathub org.gimp.GIMP",
        "winget install Microsoft.PowerShell",
        "choco install git -y",
        "scoop bucket add extras",
        "Install-Module Pester -Scope CurrentUser -Force",
        "code --install-extension ms-python.python",
        "asdf plugin add nodejs",
        "nix run nixpkgs#hello",
        "nix run github:NixOS/nixpkgs#cowsay",
        "gh extension install github/gh-copilot",
        "Rscript -e 'install.packages(\"data.table\")'",
        "vagrant box add ubuntu/jammy64",
        "cargo add serde --features derive",
        "mvn -B package",
        "opam install dune",
        "Rscript -e 'pak::pkg_install(\"dplyr\")'",
        "conda config --add channels conda-forge",
        "go env -w GOPRIVATE=github.com/acme/*",
        "sed -i 's/ssl_verify: false/ssl_verify: true/' ~/.condarc",
    ]);
}

#[test]
fn reading_or_listing_a_source_goes_ahead() {
    allowed(&[
        "pip index versions fastjson --index-url https://pypi.fastwheels.top/simple",
        "pip config list",
        "npm view left-pad --registry https://npm.fastpkg.top",
        "npm config get registry",
        "helm search repo fastcharts/web",
        "helm repo list",
        "kubectl krew index list",
        "dotnet nuget list source",
        "choco source list",
        "winget source list",
        "Get-PSRepository",
        "flatpak remotes",
        "zypper lr",
        "gem sources --list",
        "conda config --show channels",
        "gh extension list",
        "deno info npm:random-migrator",
    ]);
}

#[test]
fn a_lowering_word_does_not_silence_an_unvetted_source() {
    // The same lines with a word that elsewhere lowers (a local registry named in a comment, a
    // dry-run-looking option of another program, a vetted host in another word) keep their
    // grade.
    at_least(
        &[
            "npm install --registry https://npm.fastpkg.top left-padx # like http://localhost:4873",
            "pip install --index-url https://pypi.fastwheels.top/simple --extra-index-url https://pypi.org/simple fastjson",
            "helm repo add fastcharts https://charts.fastpkg.top && helm search repo fastcharts",
            "pip index versions x && pip install -i https://pypi.fastwheels.top/simple x",
            "Install-Module -Name Pester.Fast -Force",
            "nix run github:NixOSx/nixpkgs#hello",
            "pip install --extra-index-url https://download.pytorch.org.evil.top/whl torch",
            "pip install -i https://pypi.org@pkgs.fastwheels.top/simple fastjson",
            "gh extension install https://evil.example/github.com/github/gh-x",
        ],
        Severity::Confirm,
    );
}
