"""The Python MCP client (PyPI `mcp`) drives `airlock serve` through a whole safety loop.

Usage: dongle_loop.py AIRLOCK_BIN STATE_DIR POLICY_DIR MODE ENDPOINT_MODE
  MODE: legacy | 2026-07-28      ENDPOINT_MODE: crude | single

Every result is validated against the MCP-AQL schemas (tests/schemas); the verification code is
read from the file channel and must appear in no result. Prints "OK" at the end; any failure
raises (non-zero exit) with what went wrong.
"""

import asyncio
import os
import json
import pathlib
import sys

import jsonschema
from mcp import Client, StdioServerParameters

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "tests" / "schemas"
RESULT = jsonschema.Draft202012Validator(json.loads((SCHEMAS / "operation-result.schema.json").read_text()))
INTROSPECTION = jsonschema.Draft202012Validator(
    json.loads((SCHEMAS / "introspection-response.schema.json").read_text())
)
DANGER = jsonschema.Draft202012Validator(json.loads((SCHEMAS / "danger-level.schema.json").read_text()))

binary, state_dir, policy_dir, mode, endpoint_mode = sys.argv[1:6]
single = endpoint_mode == "single"
seen = []


def tool_for(endpoint):
    return "mcp_aql" if single else f"mcp_aql_{endpoint}"


async def op(client, endpoint, operation, params=None):
    result = await client.call_tool(tool_for(endpoint), {"operation": operation, "params": params or {}})
    text = result.content[0].text
    seen.append(text)
    body = json.loads(text)
    RESULT.validate(body)
    if operation == "introspect":
        # An operation's details carry its danger (danger-levels 3.4 and 7.1.5), which the
        # introspection schema's closed OperationDetails does not list: the danger is validated
        # against danger-level.schema.json, the rest against the introspection schema.
        detail = (body.get("data") or {}).get("operation")
        if isinstance(detail, dict):
            DANGER.validate(detail["danger"])
            assert detail["danger"]["level"] in ("safe", "reversible"), detail["danger"]
            body = json.loads(text)
            del body["data"]["operation"]["danger"]
        INTROSPECTION.validate(body)
    assert bool(result.is_error) == (not body["success"]), (operation, result.is_error, body)
    return body


async def main():
    params = StdioServerParameters(
        # The SDK passes only a minimal environment unless told: airlock needs its AIRLOCK_* variables.
        env=dict(os.environ),
        command=binary,
        args=["serve", "--state-dir", state_dir, "--policy", policy_dir, "--endpoint-mode", endpoint_mode],
    )
    async with Client(params, mode=mode) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        if single:
            assert set(tools) == {"mcp_aql"}, tools
        else:
            assert set(tools) == {"mcp_aql_read", "mcp_aql_create", "mcp_aql_execute"}, tools
            read, create, execute = (tools[n].annotations for n in ("mcp_aql_read", "mcp_aql_create", "mcp_aql_execute"))
            assert (read.read_only_hint, read.destructive_hint) == (True, False), read
            assert (create.read_only_hint, create.destructive_hint) == (False, False), create
            assert (execute.read_only_hint, execute.destructive_hint) == (False, True), execute

        listing = await op(client, "read", "introspect", {"query": "operations"})
        caps = listing["data"]["_protocol"]["capabilities"]
        assert caps["execution_safety_loop"] == "enforcing", caps
        assert listing["data"]["_protocol"]["safety_loop"]["maxAutonomousSteps"] == 10
        await op(client, "read", "introspect", {"query": "types"})
        await op(client, "read", "introspect", {"query": "types", "name": "AutonomyDirective"})
        await op(client, "read", "introspect", {"query": "types", "name": "SafetyTier"})
        detail = await op(client, "read", "introspect", {"query": "operations", "name": "record_execution_step"})
        assert detail["data"]["operation"]["semantic_category"] == "CREATE"
        assert detail["data"]["operation"]["mcpTool"] == tool_for("create"), detail
        assert ("mcp_aql_" in json.dumps(detail)) != single, "single mode names only mcp_aql"

        if not single:
            wrong = await op(client, "read", "execute_agent", {"element_name": "py-agent"})
            assert wrong["error"]["code"] == "VALIDATION_WRONG_ENDPOINT", wrong

        started = await op(client, "execute", "execute_agent", {"element_name": "py-agent", "goal": "tidy the repo"})
        assert started["success"], started
        for hint in ["read the README", "summarize the meeting notes"]:
            step = await op(client, "create", "record_execution_step",
                            {"element_name": "py-agent", "nextActionHint": hint, "outcome": "success"})
            assert step["data"]["continue"] is True, step

        stop = await op(client, "create", "record_execution_step",
                        {"element_name": "py-agent", "nextActionHint": "drop table customers"})
        directive = stop["data"]
        assert directive["continue"] is False and directive["stopped"] is True, directive
        challenge = next(n["metadata"]["verificationId"] for n in directive["notifications"] if n["type"] == "danger_zone")

        blocked = await op(client, "create", "record_execution_step",
                           {"element_name": "py-agent", "nextActionHint": "read the README"})
        assert blocked["data"]["stopped"] is True, blocked
        again = await op(client, "execute", "execute_agent", {"element_name": "py-agent"})
        assert again["error"]["code"] == "PERMISSION_AGENT_BLOCKED", again

        notice = json.loads((pathlib.Path(state_dir) / "operator" / f"{challenge}.json").read_text())
        code = notice["code"]
        verified = await op(client, "create", "verify_challenge", {"challenge_id": challenge, "code": code})
        assert verified["data"]["result"] == "unblocked", verified
        step = await op(client, "create", "record_execution_step",
                        {"element_name": "py-agent", "nextActionHint": "read the README"})
        assert step["data"]["continue"] is True, step
        done = await op(client, "execute", "complete_execution", {"element_name": "py-agent"})
        assert done["data"]["state"] == "completed", done

        bare = code.replace("-", "")
        for text in seen:
            assert code not in text and bare not in text, "the code reached the client"
    print("OK")


asyncio.run(main())
