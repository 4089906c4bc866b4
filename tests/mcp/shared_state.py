"""Two `airlock serve` processes (two MCP clients) share one agent state, and the operator
commands reach it while they run.

Usage: shared_state.py AIRLOCK_BIN STATE_DIR POLICY_DIR
Prints "OK" at the end; any failure raises.
"""

import asyncio
import os
import json
import pathlib
import subprocess
import sys

from mcp import Client, StdioServerParameters

binary, state_dir, policy_dir = sys.argv[1:4]


def params():
    return StdioServerParameters(command=binary, args=["serve", "--state-dir", state_dir, "--policy", policy_dir],
                                  env=dict(os.environ))


async def op(client, endpoint, operation, params=None):
    result = await client.call_tool(f"mcp_aql_{endpoint}", {"operation": operation, "params": params or {}})
    return json.loads(result.content[0].text)


async def step(client, agent, hint):
    r = await op(client, "create", "record_execution_step", {"element_name": agent, "nextActionHint": hint})
    assert r["success"], r
    return r["data"]


def cli(*args, stdin=None):
    out = subprocess.run([binary, *args, "--state-dir", state_dir, "--json"], input=stdin,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, (args, out.returncode, out.stdout, out.stderr)
    return json.loads(out.stdout)


def code_of(challenge):
    return json.loads((pathlib.Path(state_dir) / "operator" / f"{challenge}.json").read_text())["code"]


async def hold(mode, ready, done):
    """Keeps one client (one `airlock serve` process) open in its own task until `done`."""
    async with Client(params(), mode=mode) as client:
        await ready.put(client)
        await done.wait()


async def main():
    ready = asyncio.Queue()
    close_first = asyncio.Event()
    first = asyncio.create_task(hold("legacy", ready, close_first))
    c1 = await ready.get()
    async with Client(params(), mode="2026-07-28") as c2:
        assert (await op(c1, "execute", "execute_agent", {"element_name": "a"}))["success"]
        assert (await op(c2, "execute", "execute_agent", {"element_name": "b"}))["success"]

        # A block recorded through one process is enforced through the other.
        stop = await step(c1, "a", "drop table customers")
        assert stop["stopped"] is True, stop
        challenge = next(n["metadata"]["verificationId"] for n in stop["notifications"] if n["type"] == "danger_zone")
        seen_b = await step(c2, "b", "read the README")
        assert seen_b["continue"] is True, seen_b
        broadcast = [n for n in seen_b.get("notifications", []) if n["type"] == "danger_zone"]
        assert len(broadcast) == 1 and broadcast[0]["metadata"]["verificationId"] == challenge, seen_b
        # Naming a blocked agent holds the session that tried it (it may be the blocked agent
        # under a new connection): a third client, so that b's session stays free.
        async with Client(params(), mode="2026-07-28") as c3:
            refused = await op(c3, "execute", "execute_agent", {"element_name": "a"})
            assert refused["error"]["code"] == "PERMISSION_AGENT_BLOCKED", refused
            refused = await op(c3, "execute", "execute_agent", {"element_name": "c"})
            assert refused["error"]["code"] == "PERMISSION_AGENT_BLOCKED", refused
        assert [b["agent"] for b in cli("blocks")] == ["a"]

        # An approval requested through one process, approved by the operator command.
        paused = await step(c2, "b", "deploy web to staging")
        assert paused["continue"] is False and "stopped" not in paused, paused
        approval = next(n["metadata"]["approvalId"] for n in paused["notifications"] if "approvalId" in n.get("metadata", {}))
        assert [a["id"] for a in cli("approvals")] == [approval]
        cli("approve", approval)
        assert (await step(c2, "b", "deploy web to staging"))["continue"] is True

        # The person types the code into the operator command (stdin, not argv).
        cli("verify", challenge, stdin=code_of(challenge) + "\n")
        assert (await step(c1, "a", "read the README"))["continue"] is True

        # An operator override, audited with who.
        stop = await step(c1, "a", "drop table orders")
        assert stop["stopped"] is True
        cli("unblock", "a", "--reason", "checked with the user")
        assert (await step(c1, "a", "read the README"))["continue"] is True
        audit = cli("audit")
        assert any(e["outcome"] == "unblocked" and e.get("user_id") for e in audit), audit

        # The first process goes away: the second takes the state over and still enforces it.
        stop = await step(c1, "a", "drop table again")
        assert stop["stopped"] is True
        close_first.set()
        await first
        blocked = await step(c2, "b", "read the README")
        assert blocked["continue"] is True, blocked
        refused = await op(c2, "execute", "execute_agent", {"element_name": "a"})
        assert refused["error"]["code"] == "PERMISSION_AGENT_BLOCKED", refused
        assert [b["agent"] for b in cli("blocks")] == ["a"]
    print("OK")


asyncio.run(main())
