"""`airlock proxy` in front of real MCP servers: @modelcontextprotocol/server-filesystem (npm)
and mcp-server-git (PyPI), driven by the Python MCP client.

Usage: proxy_upstreams.py AIRLOCK_BIN STATE_DIR FS_SERVER_JS WORK_DIR [EVERYTHING_SERVER_JS]
Prints "OK" at the end; any failure raises.
"""

import asyncio
import os
import json
import pathlib
import shutil
import subprocess
import sys

import mcp.types as types
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

binary, state_dir, fs_server, work = sys.argv[1:5]
everything = sys.argv[5] if len(sys.argv) > 5 else None
work = pathlib.Path(work)
files = work / "files"
repo = work / "repo"
GIT = str(pathlib.Path(sys.executable).with_name("mcp-server-git"))


def proxy(*flags, upstream, env=None):
    return StdioServerParameters(
        # The SDK passes only a minimal environment unless told: airlock needs its AIRLOCK_* variables.
        env={**os.environ, **(env or {})},
        command=binary,
        args=["proxy", "--state-dir", state_dir, "--agent", "proxy-test", *flags, "--", *upstream],
    )


def body(result):
    return json.loads(result.content[0].text)


def cli(*args):
    out = subprocess.run([binary, *args, "--state-dir", state_dir, "--json"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, (args, out.returncode, out.stdout, out.stderr)
    return json.loads(out.stdout)


def snapshot(directory):
    return sorted((p.relative_to(directory).as_posix(), p.read_bytes()) for p in directory.rglob("*") if p.is_file())


async def filesystem():
    files.mkdir(parents=True)
    (files / "a.txt").write_text("hello\n")
    upstream = ["node", fs_server, str(files)]

    # read-only: the write tools are hidden, reads work, a write is refused and never arrives.
    async with Client(proxy("--safety-mode", "read-only", "--trust", "validated", upstream=upstream), mode="legacy") as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
        assert "write_file" not in tools and "edit_file" not in tools and "move_file" not in tools, sorted(tools)
        assert "read_text_file" in tools or "read_file" in tools, sorted(tools)
        read_tool = "read_text_file" if "read_text_file" in tools else "read_file"
        r = await c.call_tool(read_tool, {"path": str(files / "a.txt")})
        assert not r.is_error and "hello" in r.content[0].text, r
        before = snapshot(files)
        r = await c.call_tool("write_file", {"path": str(files / "b.txt"), "content": "pwned"})
        assert r.is_error, r
        assert body(r)["error"]["code"].startswith("PERMISSION_"), body(r)
        assert snapshot(files) == before, "a denied write_file changed the directory"
        # A tool the server does not have: MCP's unknown-tool error, and a denial in the audit.
        try:
            r = await c.call_tool("drop_database", {"name": "prod"})
            raise AssertionError(f"an unknown tool was answered: {r}")
        except MCPError as e:
            assert "unknown tool 'drop_database'" in str(e), e
        probes = [e for e in cli("audit") if e["operation"] == "drop_database"]
        assert [(e["outcome"], e["danger_level"]) for e in probes] == [("denied", 4)], probes
        assert "offers no operation 'drop_database'" in probes[0]["reasons"][0], probes

    # No flag: the safety mode comes from AIRLOCK_SAFETY_MODE, else from policy.json; the flag
    # wins over both.
    read_only_policy = work / "policy-read-only"
    read_only_policy.mkdir()
    (read_only_policy / "policy.json").write_text(json.dumps({"safety_mode": "read-only"}))
    for flags, env, hidden in [
        ((), {"AIRLOCK_SAFETY_MODE": "read-only"}, True),
        (("--policy", str(read_only_policy)), {}, True),
        (("--policy", str(read_only_policy), "--safety-mode", "write-destructive"), {}, False),
        (("--safety-mode", "write-destructive"), {"AIRLOCK_SAFETY_MODE": "read-only"}, False),
    ]:
        async with Client(proxy(*flags, "--trust", "validated", upstream=upstream, env=env), mode="legacy") as c:
            tools = {t.name for t in (await c.list_tools()).tools}
            assert ("write_file" not in tools) == hidden, (flags, env, sorted(tools))
            assert "read_text_file" in tools or "read_file" in tools, (flags, env, sorted(tools))

    # write-destructive at validated trust: a destructive write waits for a person.
    async with Client(proxy("--safety-mode", "write-destructive", "--trust", "validated", upstream=upstream), mode="2026-07-28") as c:
        target = str(files / "b.txt")
        args = {"path": target, "content": "approved content\n"}
        r = await c.call_tool("write_file", args)
        assert r.is_error, r
        err = body(r)["error"]
        assert err["code"] == "CONFIRMATION_REQUIRED", err
        approval, token = err["details"]["approval_id"], err["details"]["confirmation_token"]
        assert token.startswith("conf_")
        # For the test driver, which looks for the token in airlock's log lines (mcp_clients.rs).
        with open(pathlib.Path(state_dir) / "tokens-seen.txt", "a") as f:
            f.write(token + "\n")
        assert not (files / "b.txt").exists(), "nothing ran before the approval"
        # The agent's own retry with the token, before a person approved: still waits.
        r = await c.call_tool("write_file", {**args, "_confirmation": token})
        assert body(r)["error"]["code"] == "CONFIRMATION_REQUIRED", body(r)
        assert not (files / "b.txt").exists()

        assert [a["id"] for a in cli("approvals")] == [approval]
        cli("approve", approval)
        r = await c.call_tool("write_file", {**args, "_confirmation": token})
        assert not r.is_error, r
        assert (files / "b.txt").read_text() == "approved content\n"
        # A replay of the token is refused and never reaches the server.
        (files / "b.txt").unlink()
        r = await c.call_tool("write_file", {**args, "_confirmation": token})
        assert r.is_error and body(r)["error"]["code"] == "TOKEN_ALREADY_USED", body(r)
        assert not (files / "b.txt").exists(), "a replayed token reached the server"

    # A client that can ask its user (elicitation, legacy handshake): the user's answer decides.
    asked = []

    async def user(answer):
        async def callback(context, params):
            asked.append(params.message)
            return types.ElicitResult(action="accept", content={"approve": answer})
        return callback

    # Legacy clients are asked with elicitation/create; 2026-07-28 clients with an input_required
    # result they answer by retrying.
    for mode in ("legacy", "2026-07-28"):
        yes, no = files / f"yes-{mode}.txt", files / f"no-{mode}.txt"
        async with Client(proxy("--trust", "validated", upstream=upstream), mode=mode,
                          elicitation_callback=await user(True)) as c:
            r = await c.call_tool("write_file", {"path": str(yes), "content": "the user said yes\n"})
            assert not r.is_error, (mode, r)
            assert yes.read_text() == "the user said yes\n", mode
            assert "write_file" in asked[-1], asked
        async with Client(proxy("--trust", "validated", upstream=upstream), mode=mode,
                          elicitation_callback=await user(False)) as c:
            r = await c.call_tool("write_file", {"path": str(no), "content": "no"})
            assert r.is_error and body(r)["error"]["code"] == "PERMISSION_DENIED", (mode, body(r))
            assert not no.exists(), mode
    audit = cli("audit")
    assert any(e["operation"] == "approval" and str(e.get("user_id", "")).startswith("elicitation:") for e in audit), audit

    # Autonomy A0: a preview, nothing runs.
    async with Client(proxy("--trust", "community_reviewed", "--autonomy", "A0", upstream=upstream), mode="legacy") as c:
        r = await c.call_tool("write_file", {"path": str(files / "c.txt"), "content": "x"})
        assert r.is_error and body(r)["error"]["code"] == "PERMISSION_PREVIEW_ONLY", body(r)
        assert body(r)["error"]["details"]["operation"] == "write_file", body(r)
        assert not (files / "c.txt").exists()


async def git():
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"], check=True)
    (repo / "f.txt").write_text("1\n")
    upstream = [GIT, "--repository", str(repo)]
    async with Client(proxy("--safety-mode", "read-only", "--trust", "validated", upstream=upstream), mode="legacy") as c:
        tools = {t.name for t in (await c.list_tools()).tools}
        assert "git_status" in tools, tools
        for hidden in ["git_commit", "git_add", "git_reset", "git_checkout", "git_create_branch"]:
            assert hidden not in tools, (hidden, tools)
        r = await c.call_tool("git_status", {"repo_path": str(repo)})
        assert not r.is_error and "f.txt" in r.content[0].text, r
        r = await c.call_tool("git_add", {"repo_path": str(repo), "files": ["f.txt"]})
        assert r.is_error, r
        staged = subprocess.run(["git", "-C", str(repo), "diff", "--cached", "--name-only"], capture_output=True, text=True).stdout
        assert staged == "", "a refused git_add staged files"
    async with Client(proxy("--trust", "validated", upstream=upstream), mode="legacy") as c:
        r = await c.call_tool("git_reset", {"repo_path": str(repo)})
        assert r.is_error and body(r)["error"]["code"] == "CONFIRMATION_REQUIRED", body(r)


async def passthrough():
    """Resources and prompts of the upstream pass through, in both protocols."""
    upstream = ["node", everything, "stdio"]
    for mode in ("legacy", "2026-07-28"):
        async with Client(proxy("--trust", "validated", upstream=upstream), mode=mode) as c:
            resources = (await c.list_resources()).resources
            assert resources, "the upstream's resources are listed"
            read = await c.read_resource(resources[0].uri)
            assert read.contents, read
            prompts = {p.name for p in (await c.list_prompts()).prompts}
            assert "simple-prompt" in prompts, prompts
            got = await c.get_prompt("simple-prompt")
            assert got.messages, got


async def main():
    await filesystem()
    if everything:
        await passthrough()
    if shutil.which("git"):
        await git()
    else:
        raise SystemExit("git is needed for the mcp-server-git test")
    print("OK")


asyncio.run(main())
