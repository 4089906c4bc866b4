//! A list fed to a command is bulk (holdout6 analysis M5): `fd --exec` is `find -exec`, GNU
//! parallel runs its command on each item, and a command fed a listing of everything acts on
//! all of it. Benign near misses first: local merged branches, a build directory's logs, a
//! formatter over the project's files.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone};

#[test]
fn bounded_lists_stay_bounded() {
    expect_alone(&[
        (
            "git branch --merged | grep -v main | xargs git branch -d",
            ALLOW,
        ),
        ("ls *.log | xargs rm", ALLOW),
        ("find . -name '*.go' | xargs gofmt -w", ALLOW),
        ("git ls-files | xargs wc -l", ALLOW),
        ("fd -e pyc -x rm", ALLOW),
        ("fd -e md --exec wc -l", ALLOW),
        ("parallel gzip ::: *.log", ALLOW),
        ("ls | parallel -j4 echo", ALLOW),
        ("git tag -l 'v0.*' | xargs git tag -d", ALLOW),
        // One named branch, a curated file of branches: the recognizer's own grade.
        ("git push origin --delete feature/x", CONFIRM),
        (
            "while read b; do git push origin --delete \"$b\"; done < stale-branches.txt",
            CONFIRM,
        ),
    ]);
}

#[test]
fn a_listing_of_everything_fed_to_a_command_is_all_of_it() {
    expect_alone(&[
        (
            "git for-each-ref --format='%(refname:lstrip=3)' refs/remotes/origin | xargs git push origin --delete",
            VERIFY,
        ),
        (
            "git ls-remote --heads origin | awk '{print $2}' | xargs -n1 git push origin --delete",
            VERIFY,
        ),
        (
            "gh issue list --limit 500 --json number -q '.[].number' | xargs -n1 gh issue close",
            VERIFY,
        ),
        ("docker ps -aq | xargs docker rm -f", VERIFY),
        (
            "jira issue list -q 'project = OPS' --plain --columns key | xargs -n1 jira issue delete",
            STOP,
        ),
        (
            "jira issue list -q 'project = OPS' --plain | xargs -n1 jira issue delete",
            STOP,
        ),
    ]);
}

#[test]
fn fd_exec_is_find_exec() {
    expect_alone(&[
        ("fd --hidden --no-ignore . ~ --exec rm -rf", STOP),
        ("fd . /var/lib/postgresql -X rm -rf", STOP),
        (
            "fdfind --type f . ~/Documents --exec-batch shred -u",
            VERIFY,
        ),
        // Near miss: a picked kind of directory under a folder of the home.
        ("fd -t d node_modules ~/src -x rm -rf", CONFIRM),
    ]);
}

#[test]
fn parallel_runs_its_command_on_every_item() {
    expect_alone(&[
        ("parallel rm -rf ::: /srv/data /var/lib/mysql", STOP),
        ("parallel -j8 rm -rf {} ::: ~ /etc", STOP),
        ("kubectl get ns -o name | parallel kubectl delete", VERIFY),
    ]);
}
