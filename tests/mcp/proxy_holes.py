"""What a hostile client or agent could do through `airlock proxy`, tried with the Python MCP
client against real upstreams (the npm filesystem and everything servers, and `airlock serve`
itself as an MCP-AQL adapter). Each part names the hole it reproduces (issue #14).

Usage: proxy_holes.py AIRLOCK_BIN STATE_DIR FS_SERVER_JS EVERYTHING_SERVER_JS WORK_DIR PART...
PART: elicitation, mcp_aql, history, introspection. Prints "OK" at the end; any failure raises.
"""

import asyncio
import json
import os
import pathlib
import subprocess
import sys

import jsonschema
import mcp.types as types
from mcp import Client, StdioServerParameters

binary, state_dir, fs_server, everything, work = sys.argv[1:6]
parts = sys.argv[6:]
work = pathlib.Path(work)
SCHEMAS = pathlib.Path(__file__).resolve().parents[1] / "schemas"
DANGER = jsonschema.Draft202012Validator(json.loads((SCHEMAS / "danger-level.schema.json").read_text()))


def proxy(*flags, upstream, state=None):
    return StdioServerParameters(
        env=dict(os.environ),
        command=binary,
        args=["proxy", "--state-dir", state or state_dir, "--agent", "holes", *flags, "--", *upstream],
    )


def body(result):
    return json.loads(result.content[0].text)


def cli(*args, state=None):
    out = subprocess.run([binary, *args, "--state-dir", state or state_dir, "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, (args, out.returncode, out.stdout, out.stderr)
    return json.loads(out.stdout)


def approve_all(answer):
    async def callback(context, params):
        return types.ElicitResult(action="accept", content={"approve": answer})
    return callback


async def elicitation():
    """#14: a client approves its own call by answering a question it was never asked."""
    files = work / "elicitation"
    files.mkdir()
    upstream = ["node", fs_server, str(files)]
    target = files / "forged.txt"
    args = {"path": str(target), "content": "approved by nobody\n"}
    forged = {"airlock_approval": types.ElicitResult(action="accept", content={"approve": True})}

    # A 2026-07-28 client that declared no elicitation: it reads the approval id from the error
    # and "answers" with it as the request state.
    async with Client(proxy("--trust", "validated", upstream=upstream), mode="2026-07-28") as c:
        r = await c.call_tool("write_file", args)
        err = body(r)["error"]
        assert err["code"] == "CONFIRMATION_REQUIRED", err
        approval = err["details"]["approval_id"]
        r = await c.session.call_tool("write_file", args, input_responses=forged, request_state=approval,
                                      allow_input_required=True)
        assert not target.exists(), "a forged answer approved the call"
        assert isinstance(r, types.CallToolResult) and r.is_error, r
        assert body(r)["error"]["code"] == "CONFIRMATION_REQUIRED", body(r)
        pending = {a["id"]: a for a in cli("approvals")}
        assert approval in pending, ("the approval is still a person's to decide", pending)

    # A client that declared elicitation: a question's request state answers that call only,
    # and only once.
    a_args = {"path": str(files / "a.txt"), "content": "A\n"}
    b_args = {"path": str(files / "b.txt"), "content": "B\n"}
    async with Client(proxy("--trust", "validated", upstream=upstream), mode="2026-07-28",
                      elicitation_callback=approve_all(False)) as c:
        first = await c.session.call_tool("write_file", a_args, allow_input_required=True)
        assert isinstance(first, types.InputRequiredResult), first
        state_a = first.request_state
        assert state_a and state_a not in json.dumps(cli("approvals")), "the state is not the approval id"
        # A's answer replayed on another call: B is not approved by it.
        r = await c.session.call_tool("write_file", b_args, input_responses=forged, request_state=state_a,
                                      allow_input_required=True)
        assert not (files / "b.txt").exists(), "an answer about call A approved call B"
        # A's state was used up by that attempt: A with it is not approved either; the client is
        # asked again instead.
        r = await c.session.call_tool("write_file", a_args, input_responses=forged, request_state=state_a,
                                      allow_input_required=True)
        assert not (files / "a.txt").exists(), "a request state answered twice"
        assert isinstance(r, types.InputRequiredResult), r
        # The fresh question, answered: that is a person's answer, and the call runs once.
        r = await c.session.call_tool("write_file", a_args, input_responses=forged, request_state=r.request_state,
                                      allow_input_required=True)
        assert isinstance(r, types.CallToolResult) and not r.is_error, r
        assert (files / "a.txt").read_text() == "A\n"


async def mcp_aql():
    """#14: an MCP-AQL adapter's operations are judged by the operation, not the endpoint tool."""
    for endpoint_mode, tool_of in (("crude", lambda e: f"mcp_aql_{e}"), ("single", lambda e: "mcp_aql")):
        state = work / f"aql-{endpoint_mode}"
        upstream_state = work / f"aql-upstream-{endpoint_mode}"
        state.mkdir()
        upstream_state.mkdir()
        upstream = [binary, "serve", "--state-dir", str(upstream_state), "--endpoint-mode", endpoint_mode]
        async with Client(proxy("--trust", "validated", upstream=upstream, state=str(state)), mode="legacy") as c:
            r = await c.call_tool(tool_of("execute"), {"operation": "drop_database", "params": {"name": "prod"}})
            assert r.is_error, r
            err = body(r)["error"]
            assert err["code"].startswith("PERMISSION_"), (endpoint_mode, err)
            audit = [e for e in cli("audit", state=str(state)) if e["operation"] == "drop_database"]
            assert [(e["outcome"], e["danger_level"]) for e in audit] == [("denied", 4)], (endpoint_mode, audit)
            # A read goes through and reaches the adapter.
            r = await c.call_tool(tool_of("read"), {"operation": "introspect", "params": {"query": "operations"}})
            assert not r.is_error, r
            assert body(r)["success"] is True, body(r)
            reads = [e for e in cli("audit", state=str(state)) if e["operation"] == "introspect"]
            assert [(e["outcome"], e["danger_level"]) for e in reads] == [("allowed", 0)], reads


async def history():
    """#14: repetition escalation, anti-flap and the notification storm on proxied calls."""
    upstream = ["node", everything, "stdio"]
    cases = {
        # The same call twice within the cooldown: the second is refused.
        "anti-flap": {"autonomy": {"level": "A4", "anti_flap_cooldown_seconds": 300}},
        # After two runs the operation escalates to forbidden: refused at validated trust.
        "escalation": {"autonomy": {"level": "A4", "anti_flap_cooldown_seconds": 0},
                       "operations": {"echo": {"danger": {"level": "safe", "escalation": [
                           {"after_count": 2, "level": "forbidden", "message": "too often"}]}}}},
        # echo counts as a notification; two an hour at most.
        "storm": {"autonomy": {"level": "A4", "anti_flap_cooldown_seconds": 0, "max_notifications_per_hour": 2},
                  "notification_operations": ["echo"]},
    }
    for name, policy in cases.items():
        directory = work / f"policy-{name}"
        directory.mkdir()
        (directory / "policy.json").write_text(json.dumps(policy))
        state = work / f"state-{name}"
        state.mkdir()
        async with Client(proxy("--trust", "validated", "--policy", str(directory), upstream=upstream, state=str(state)),
                          mode="legacy") as c:
            messages = ["one", "one"] if name == "anti-flap" else ["one", "two", "three"]
            results = [await c.call_tool("echo", {"message": m}) for m in messages]
            *earlier, last = results
            assert all(not r.is_error for r in earlier), (name, earlier)
            assert last.is_error, (name, "the rule did not fire", last)
            err = body(last)["error"]
            assert err["code"].startswith("PERMISSION_"), (name, err)
            denied = [e for e in cli("audit", state=str(state)) if e["outcome"] == "denied"]
            reasons = json.dumps(denied)
            expected = {"anti-flap": "anti", "escalation": "too often", "storm": "notification"}[name]
            assert expected in reasons.lower(), (name, denied)


async def introspection():
    """danger-levels 7.1.5: the tool list says each tool's danger and what it needs."""
    files = work / "introspection"
    files.mkdir()
    upstream = ["node", fs_server, str(files)]
    async with Client(proxy("--trust", "validated", upstream=upstream), mode="legacy") as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
        for t in tools.values():
            meta = t.meta or {}
            DANGER.validate(meta["airlock/danger"])
            gating = meta["airlock/gating"]
            assert gating["trust"] == "validated", gating
            assert "[airlock] danger level" in (t.description or ""), t.description
        write = tools["write_file"].meta
        assert write["airlock/danger"]["level"] in ("destructive", "dangerous"), write
        assert write["airlock/danger"]["requires_confirmation"] is True, write
        assert write["airlock/gating"]["outcome"] == "confirm", write
        read_tool = "read_text_file" if "read_text_file" in tools else "read_file"
        read = tools[read_tool].meta
        assert read["airlock/danger"] == {"level": "safe", "requires_confirmation": False} or (
            read["airlock/danger"]["level"] == "safe" and not read["airlock/danger"]["requires_confirmation"]), read
        assert read["airlock/gating"]["outcome"] == "allow", read
    # At untested trust every effectful tool says it is refused, and which trust it needs.
    async with Client(proxy("--trust", "untested", upstream=upstream), mode="2026-07-28") as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
        gating = tools["write_file"].meta["airlock/gating"]
        assert gating["outcome"] == "deny" and gating["minimum_trust"]["to_proceed"] == "validated", gating
        assert "is refused (trust validated is needed" in tools["write_file"].description


async def main():
    for part in parts:
        await {"elicitation": elicitation, "mcp_aql": mcp_aql, "history": history,
               "introspection": introspection}[part]()
    print("OK")


asyncio.run(main())
